import { sql, type Kysely } from 'kysely';

/**
 * The scope functions of migration 0040, same answers, in PL/pgSQL: a SQL function that cannot be
 * inlined (SECURITY DEFINER) plans its body again in every statement that calls it, ~0.06 ms per
 * policy a statement touches; PL/pgSQL keeps its plans for the connection's life (~0.01 ms). The
 * organization no longer checks the seal a second time through `formularze_scope`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$ begin
      execute format($f$
        create or replace function formularze_scope_sealed() returns boolean
        language plpgsql stable security definer set search_path = %1$I, pg_temp as $body$
        begin
          return current_setting('app.scope_seal', true) = md5(
            (select key from formularze_scope_key) || ':' || coalesce(current_setting('app.scope', true), '')
            || ':' || coalesce(current_setting('app.organization_id', true), '') || ':' || pg_backend_pid());
        end $body$
      $f$, current_schema());
      execute format($f$
        create or replace function formularze_scope(invoker name) returns text
        language plpgsql stable security definer set search_path = %1$I, pg_temp as $body$
        begin
          if invoker = %2$L or formularze_scope_sealed() then
            return current_setting('app.scope', true);
          end if;
          return 'none';
        end $body$
      $f$, current_schema(), current_user);
      execute format($f$
        create or replace function formularze_scope_organization(invoker name) returns integer
        language plpgsql stable security definer set search_path = %1$I, pg_temp as $body$
        begin
          if invoker = %2$L or formularze_scope_sealed() then
            return nullif(current_setting('app.organization_id', true), '')::int;
          end if;
          return null;
        end $body$
      $f$, current_schema(), current_user);
    end $$
  `.execute(db);
  // Only the scope functions call it.
  await sql`revoke all on function formularze_scope_sealed() from public`.execute(db);
}
