import { sql, type Kysely } from 'kysely';

/**
 * Every API process keeps the callers it resolved for a few seconds (auth/caller-cache.ts). What
 * may change who a caller is — a session or API key removed or changed, a person's roles,
 * activation or removal, an organization's flags, its terms, a person's acceptance of them — is
 * announced on the `caller_changes` channel as `user:<id>` or `organization:<id>`, delivered to
 * the listening processes when the change commits. The minute-precision `last_seen_at` and
 * `last_used_at` stamps are left out: they change no caller.
 */
export const CALLER_CHANGES_CHANNEL = 'caller_changes';

const BY_USER: Record<string, string> = {
  sessions: 'user_id',
  api_keys: 'user_id',
  users: 'id',
  terms_acceptances: 'user_id',
};
const BY_ORGANIZATION: Record<string, string> = { organizations: 'id', terms: 'organization_id' };
const STAMPS: Record<string, string> = { sessions: 'last_seen_at', api_keys: 'last_used_at' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function announce_caller_change() returns trigger language plpgsql as $$
    declare
      changed record := case when tg_op = 'DELETE' then old else new end;
      key text := tg_argv[1];
    begin
      perform pg_notify(${sql.lit(CALLER_CHANGES_CHANNEL)}, tg_argv[0] || ':' || (to_jsonb(changed) ->> key));
      if tg_op = 'UPDATE' and (to_jsonb(old) ->> key) is distinct from (to_jsonb(new) ->> key) then
        perform pg_notify(${sql.lit(CALLER_CHANGES_CHANNEL)}, tg_argv[0] || ':' || (to_jsonb(old) ->> key));
      end if;
      return null;
    end $$
  `.execute(db);
  const tables = [
    ...Object.entries(BY_USER).map(([table, key]) => ({ table, kind: 'user', key })),
    ...Object.entries(BY_ORGANIZATION).map(([table, key]) => ({ table, kind: 'organization', key })),
  ];
  for (const { table, kind, key } of tables) {
    const stamp = STAMPS[table];
    // An update that changes nothing but the stamp announces nothing.
    const when = stamp
      ? sql`when ((to_jsonb(old) - ${sql.lit(stamp)}) is distinct from (to_jsonb(new) - ${sql.lit(stamp)}))`
      : sql``;
    await sql`
      create trigger caller_changed_by_update after update on ${sql.table(table)}
      for each row ${when} execute function announce_caller_change(${sql.lit(kind)}, ${sql.lit(key)})
    `.execute(db);
    await sql`
      create trigger caller_changed_by_delete after delete on ${sql.table(table)}
      for each row execute function announce_caller_change(${sql.lit(kind)}, ${sql.lit(key)})
    `.execute(db);
  }
  // New terms, or a new acceptance, change the effective roles of the organization's patients.
  for (const table of ['terms', 'terms_acceptances']) {
    const { kind, key } = tables.find((entry) => entry.table === table)!;
    await sql`
      create trigger caller_changed_by_insert after insert on ${sql.table(table)}
      for each row execute function announce_caller_change(${sql.lit(kind)}, ${sql.lit(key)})
    `.execute(db);
  }
}
