import { sql, type Kysely } from 'kysely';

/**
 * A form's version: a random value the database draws anew at every change of the form's row. A
 * save checked against a form read earlier (ADR 423) compares it instead of hashing the form's
 * template, rules, settings and schedule at every save, ~8 % of PostgreSQL's time a save. Random,
 * not a counter, so that a form that reuses an id (a database emptied or restored under a running
 * process) never matches what was kept of another. Any change counts, not only those four: a save
 * against a renamed form reads it again once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table forms add column version uuid not null default gen_random_uuid()`.execute(db);
  await sql`
    create function formularze_form_changed() returns trigger language plpgsql as $$
    begin
      new.version := gen_random_uuid();
      return new;
    end $$
  `.execute(db);
  await sql`
    create trigger changed before update on forms for each row execute function formularze_form_changed()
  `.execute(db);
}
