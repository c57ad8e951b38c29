import { sql, type Kysely } from 'kysely';

/**
 * The access audit trail (ADR 415): who read or changed a patient's data, signed in, out or was
 * locked out, or changed someone's roles. Append-only for the runtime role: it may insert and read
 * its organization's entries, never update or delete them. Each entry is chained, shortly after it
 * was written, to the previous one of its organization (`formularze_audit_chain`, run by the
 * background jobs as the owner): `hash` = sha256 of the previous hash and the entry's values, so
 * an entry changed or removed afterwards breaks the chain `npm run audit:verify` walks. Entries
 * beyond the retention are moved to `access_audit_archive` with their hashes, never deleted.
 */
const SYSTEM = sql`(select formularze_scope(current_user)) = 'system'`;
const ORGANIZATION = sql`(select formularze_scope_organization(current_user))`;
const PLATFORM = sql`(select formularze_scope(current_user)) = 'platform'`;

/** An entry's values in a fixed order; the time as epoch microseconds, whatever the session's time zone. */
export const DIGEST = `encode(sha256(convert_to(json_build_array(
  entry.prev_hash, entry.chain_seq, entry.id, entry.organization_id,
  (extract(epoch from entry.occurred_at) * 1000000)::bigint,
  entry.actor_user_id, entry.actor_role, entry.actor_organization_id, entry.operation,
  entry.patient_ids, entry.resource_type, entry.resource_ids, entry.details, entry.row_count,
  entry.ip, entry.user_agent, entry.request_id
)::text, 'UTF8')), 'hex')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table access_audit (
      id bigint generated always as identity primary key,
      organization_id integer,
      occurred_at timestamptz not null default now(),
      actor_user_id integer,
      actor_role text,
      actor_organization_id integer,
      operation text not null,
      patient_ids integer[] not null default '{}',
      resource_type text,
      resource_ids text[] not null default '{}',
      details jsonb,
      row_count integer,
      ip text,
      user_agent text,
      request_id text,
      chain_seq bigint,
      prev_hash text,
      hash text
    )
  `.execute(db);
  await sql`create unique index access_audit_chain_idx on access_audit (organization_id, chain_seq)`.execute(
    db,
  );
  await sql`create index access_audit_time_idx on access_audit (organization_id, occurred_at desc)`.execute(
    db,
  );
  await sql`create index access_audit_patients_idx on access_audit using gin (patient_ids)`.execute(db);
  await sql`create index access_audit_unchained_idx on access_audit (id) where hash is null`.execute(db);
  // The same columns; entries arrive here chained, and stay as they were.
  await sql`create table access_audit_archive (like access_audit including defaults)`.execute(db);
  await sql`alter table access_audit_archive add primary key (id)`.execute(db);
  // The last link of each organization's chain (0: the platform's): removing the newest entries shows too.
  await sql`
    create table access_audit_heads (organization_key integer primary key, chain_seq bigint not null, hash text not null)
  `.execute(db);

  // Migration 0018's default privileges gave the runtime role every DML.
  await sql`revoke all on access_audit, access_audit_archive, access_audit_heads from formularze_app, public`.execute(
    db,
  );
  await sql`grant select, insert on access_audit to formularze_app`.execute(db);
  // The heads too, so that the running server can verify the chains (`npm run audit:verify`).
  await sql`grant select on access_audit_archive, access_audit_heads to formularze_app`.execute(db);

  const visible = sql`organization_id = ${ORGANIZATION} or ${SYSTEM} or (organization_id is null and ${PLATFORM})`;
  for (const table of ['access_audit', 'access_audit_archive']) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`alter table ${sql.table(table)} force row level security`.execute(db);
    await sql`create policy tenant_read on ${sql.table(table)} for select using (${visible})`.execute(db);
  }
  await sql`create policy tenant_insert on access_audit for insert with check (${visible})`.execute(db);
  await sql`create policy archive_insert on access_audit_archive for insert with check (true)`.execute(db);
  // Even for an owner that is not a superuser: only an unchained entry gets its link, and an entry
  // leaves only once its copy is in the archive.
  await sql`create policy chaining on access_audit for update using (hash is null)`.execute(db);
  await sql`
    create policy archiving on access_audit for delete
    using (exists (select 1 from access_audit_archive archived where archived.id = access_audit.id
      and archived.hash = access_audit.hash))
  `.execute(db);

  await sql`
    do $$ begin
      execute format($f$
        create function formularze_audit_digest(entry access_audit) returns text
        language sql immutable set search_path = %1$I, pg_temp as $body$ select ${sql.raw(DIGEST)} $body$
      $f$, current_schema());
      execute format($f$
        create function formularze_audit_chain(max_entries integer) returns integer
        language plpgsql security definer set search_path = %1$I, pg_temp as $body$
        declare
          entry access_audit;
          head access_audit_heads;
          chained integer := 0;
        begin
          -- One chainer at a time, whichever process: the order of a chain is the order of linking.
          perform pg_advisory_xact_lock(hashtext('formularze_audit_chain'));
          for entry in select * from access_audit where hash is null order by id limit max_entries loop
            select * into head from access_audit_heads where organization_key = coalesce(entry.organization_id, 0);
            entry.chain_seq := coalesce(head.chain_seq, 0) + 1;
            entry.prev_hash := coalesce(head.hash, '');
            entry.hash := formularze_audit_digest(entry);
            update access_audit set chain_seq = entry.chain_seq, prev_hash = entry.prev_hash, hash = entry.hash
              where id = entry.id;
            insert into access_audit_heads values (coalesce(entry.organization_id, 0), entry.chain_seq, entry.hash)
              on conflict (organization_key) do update set chain_seq = excluded.chain_seq, hash = excluded.hash;
            chained := chained + 1;
          end loop;
          return chained;
        end $body$
      $f$, current_schema());
      execute format($f$
        create function formularze_audit_archive(before timestamptz) returns integer
        language plpgsql security definer set search_path = %1$I, pg_temp as $body$
        declare
          moved integer;
        begin
          insert into access_audit_archive select * from access_audit where occurred_at < before and hash is not null;
          delete from access_audit where occurred_at < before and hash is not null;
          get diagnostics moved = row_count;
          return moved;
        end $body$
      $f$, current_schema());
    end $$
  `.execute(db);
  await sql`revoke all on function formularze_audit_chain(integer), formularze_audit_archive(timestamptz) from public`.execute(
    db,
  );
  await sql`grant execute on function formularze_audit_chain(integer), formularze_audit_archive(timestamptz) to formularze_app`.execute(
    db,
  );
}
