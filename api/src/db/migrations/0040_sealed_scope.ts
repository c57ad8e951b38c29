import { sql, type Kysely } from 'kysely';
import { OWN_ORGANIZATION, parentsVisible, THROUGH_PARENTS } from './0018_row_level_security';

/**
 * The tenant scope can no longer be forged by SQL the runtime role runs. Until now the policies
 * trusted `app.scope` and `app.organization_id` as they were, and any statement of `formularze_app`
 * could `set_config('app.scope', 'system', false)` and read every organization. Now the runtime
 * role's scope counts only with its seal, `app.scope_seal` = md5(key:scope:organization:backend
 * pid), where the key is a random value in a table only the owner may read: the API learns it as
 * the owner (db/scoped-dialect.ts) and sets the three settings together; SQL that changes one of
 * them without the key breaks the seal and is left with no tenant's rows. The pid binds a seal to
 * its connection. The tables' owner (migrations, the seed, an owner that is not a superuser) is
 * trusted with the settings as they are, as before.
 */

/** Owner-only functions run with a fixed search_path: the runtime role may create temporary tables. */
async function createScopeFunctions(db: Kysely<unknown>) {
  await sql`
    do $$ begin
      execute format($f$
        create function formularze_scope(invoker name) returns text
        language sql stable security definer set search_path = %1$I, pg_temp as $body$
          select case
            when invoker = %2$L then current_setting('app.scope', true)
            when current_setting('app.scope_seal', true) = md5(
              (select key from formularze_scope_key) || ':' || coalesce(current_setting('app.scope', true), '')
              || ':' || coalesce(current_setting('app.organization_id', true), '') || ':' || pg_backend_pid()
            ) then current_setting('app.scope', true)
            else 'none'
          end
        $body$
      $f$, current_schema(), current_user);
    end $$
  `.execute(db);
  await sql`
    do $$ begin
      execute format($f$
        create function formularze_scope_organization(invoker name) returns integer
        language sql stable security definer set search_path = %1$I, pg_temp as $body$
          select case when formularze_scope(invoker) <> 'none'
            then nullif(current_setting('app.organization_id', true), '')::int end
        $body$
      $f$, current_schema());
    end $$
  `.execute(db);
}

const SYSTEM = sql`(select formularze_scope(current_user)) = 'system'`;
const ORGANIZATION = sql`(select formularze_scope_organization(current_user))`;
const PLATFORM = sql`(select formularze_scope(current_user)) = 'platform'`;

async function replacePolicy(
  db: Kysely<unknown>,
  table: string,
  using: ReturnType<typeof sql>,
  check = using,
) {
  await sql`drop policy tenant_isolation on ${sql.table(table)}`.execute(db);
  await sql`
    create policy tenant_isolation on ${sql.table(table)} using (${using}) with check (${check})
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table formularze_scope_key (key text not null)`.execute(db);
  // 244 random bits from the server's strong random source.
  await sql`
    insert into formularze_scope_key (key)
    values (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  `.execute(db);
  // Migration 0018's default privileges gave the runtime role DML on every new table.
  await sql`revoke all on formularze_scope_key from formularze_app, public`.execute(db);
  await createScopeFunctions(db);

  for (const table of OWN_ORGANIZATION) {
    await replacePolicy(db, table, sql`organization_id = ${ORGANIZATION} or ${SYSTEM}`);
  }
  await replacePolicy(
    db,
    'users',
    sql`organization_id = ${ORGANIZATION} or ${SYSTEM} or (organization_id is null and ${PLATFORM})`,
  );
  for (const [table, { read, write }] of Object.entries(THROUGH_PARENTS)) {
    await replacePolicy(
      db,
      table,
      sql`${SYSTEM} or ${parentsVisible(table, read)}`,
      sql`${SYSTEM} or ${parentsVisible(table, write)}`,
    );
  }
  await sql`
    alter table outbox alter column organization_id set default formularze_scope_organization(current_user)
  `.execute(db);
}
