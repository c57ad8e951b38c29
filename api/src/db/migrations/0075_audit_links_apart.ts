import { sql, type Kysely } from 'kysely';
import { DIGEST } from './0070_access_audit';

/**
 * The access audit trail's links (ADR 415) move out of its entries into a narrow table of their
 * own, `access_audit_links`, so that an entry is written once and never updated. Linking an entry
 * used to rewrite its whole row: a new version with a new entry in each of its five indexes, the
 * patients' GIN index included, and a dead version for later writes and vacuum to clear. A results
 * page's entry took 32–34 µs of PostgreSQL to link that way, 15 µs now (bench/README.md).
 *
 * An entry waits for its link in `access_audit_unlinked`, filled by a statement trigger as the
 * owner, so the runtime role can neither add to nor take from that queue. Chains, hashes and heads
 * stay as they were: an existing chain verifies across this migration. The archive keeps an entry
 * and its link in one row, as before, and the digest now takes that row, hashing migration 0070's
 * values in 0070's order.
 */

/** Moves the organization's head to the batch's last link for it: once an organization a batch (0072). */
const WRITE_HEAD = `insert into access_audit_heads values (chain_key, head_seq, head_hash)
  on conflict (organization_key) do update set chain_seq = excluded.chain_seq, hash = excluded.hash;`;

/** An entry's link may go only with its archived copy, same hash. */
const ARCHIVED_WITH_LINK = (entryId: string, hash: string) => `exists (
  select 1 from access_audit_archive archived where archived.id = ${entryId} and archived.hash = ${hash})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table access_audit_links (
      entry_id bigint primary key,
      chain_seq bigint not null,
      prev_hash text not null,
      hash text not null
    )
  `.execute(db);
  await sql`
    insert into access_audit_links select id, chain_seq, prev_hash, hash from access_audit where hash is not null
  `.execute(db);
  await sql`create table access_audit_unlinked (entry_id bigint primary key)`.execute(db);
  await sql`insert into access_audit_unlinked select id from access_audit where hash is null`.execute(db);

  // Migration 0018's default privileges gave the runtime role every DML. It reads the links so that
  // the running server can verify the chains; the queue is the owner's alone.
  await sql`revoke all on access_audit_links, access_audit_unlinked from formularze_app, public`.execute(db);
  await sql`grant select on access_audit_links to formularze_app`.execute(db);
  // As for the entries: even an owner that is not a superuser never rewrites a link, and removes
  // one only once it is archived.
  await sql`alter table access_audit_links enable row level security`.execute(db);
  await sql`alter table access_audit_links force row level security`.execute(db);
  await sql`create policy link_read on access_audit_links for select using (true)`.execute(db);
  await sql`create policy linking on access_audit_links for insert with check (true)`.execute(db);
  await sql`
    create policy archiving on access_audit_links for delete
    using (${sql.raw(ARCHIVED_WITH_LINK('access_audit_links.entry_id', 'access_audit_links.hash'))})
  `.execute(db);

  await sql`drop policy chaining on access_audit`.execute(db);
  await sql`drop policy archiving on access_audit`.execute(db);
  await sql`
    create policy archiving on access_audit for delete
    using (exists (
      select 1 from access_audit_links link
      where link.entry_id = access_audit.id and ${sql.raw(ARCHIVED_WITH_LINK('link.entry_id', 'link.hash'))}))
  `.execute(db);
  await sql`drop function formularze_audit_digest(access_audit)`.execute(db);
  // Their indexes (the chain's order, the unchained entries) go with them.
  await sql`alter table access_audit drop column chain_seq, drop column prev_hash, drop column hash`.execute(
    db,
  );

  await sql`
    do $$ begin
      execute format($f$
        create function formularze_audit_digest(entry access_audit_archive) returns text
        language sql immutable set search_path = %1$I, pg_temp as $body$ select ${sql.raw(DIGEST)} $body$
      $f$, current_schema());
      execute format($f$
        create function formularze_audit_enqueue() returns trigger
        language plpgsql security definer set search_path = %1$I, pg_temp as $body$
        begin
          insert into access_audit_unlinked select id from entered;
          return null;
        end $body$
      $f$, current_schema());
      execute format($f$
        create or replace function formularze_audit_chain(max_entries integer) returns integer
        language plpgsql security definer set search_path = %1$I, pg_temp as $body$
        declare
          waiting bigint[];
          -- An entry with its link: the row it will be archived as.
          entry access_audit_archive;
          chain_key integer;
          head_seq bigint;
          head_hash text;
          entry_ids bigint[] := '{}';
          chain_seqs bigint[] := '{}';
          prev_hashes text[] := '{}';
          hashes text[] := '{}';
        begin
          -- One chainer at a time, whichever process: the order of a chain is the order of linking.
          perform pg_advisory_xact_lock(hashtext('formularze_audit_chain'));
          select array_agg(entry_id) into waiting
            from (select entry_id from access_audit_unlinked order by entry_id limit max_entries) batch;
          if waiting is null then
            return 0;
          end if;
          -- One organization's entries after another, each in the order of its ids.
          for entry in
            select waiting_entry.*, null, null, null from access_audit waiting_entry
            where waiting_entry.id = any(waiting)
              and not exists (select 1 from access_audit_links link where link.entry_id = waiting_entry.id)
            order by coalesce(waiting_entry.organization_id, 0), waiting_entry.id
          loop
            if chain_key is distinct from coalesce(entry.organization_id, 0) then
              if chain_key is not null then
                ${sql.raw(WRITE_HEAD)}
              end if;
              chain_key := coalesce(entry.organization_id, 0);
              -- No head yet: both stay null, and the chain starts at 1 after ''.
              select chain_seq, hash into head_seq, head_hash from access_audit_heads where organization_key = chain_key;
            end if;
            entry.chain_seq := coalesce(head_seq, 0) + 1;
            entry.prev_hash := coalesce(head_hash, '');
            entry.hash := formularze_audit_digest(entry);
            entry_ids := array_append(entry_ids, entry.id);
            chain_seqs := array_append(chain_seqs, entry.chain_seq);
            prev_hashes := array_append(prev_hashes, entry.prev_hash);
            hashes := array_append(hashes, entry.hash);
            head_seq := entry.chain_seq;
            head_hash := entry.hash;
          end loop;
          if chain_key is not null then
            ${sql.raw(WRITE_HEAD)}
          end if;
          insert into access_audit_links select * from unnest(entry_ids, chain_seqs, prev_hashes, hashes);
          delete from access_audit_unlinked where entry_id = any(waiting);
          return cardinality(entry_ids);
        end $body$
      $f$, current_schema());
      execute format($f$
        create or replace function formularze_audit_archive(before timestamptz) returns integer
        language plpgsql security definer set search_path = %1$I, pg_temp as $body$
        declare
          moved integer;
        begin
          insert into access_audit_archive
            select entry.*, link.chain_seq, link.prev_hash, link.hash
            from access_audit entry join access_audit_links link on link.entry_id = entry.id
            where entry.occurred_at < before;
          with archived as (
            delete from access_audit entry using access_audit_links link
            where link.entry_id = entry.id and entry.occurred_at < before
            returning entry.id
          )
          delete from access_audit_links link using archived where link.entry_id = archived.id;
          get diagnostics moved = row_count;
          return moved;
        end $body$
      $f$, current_schema());
    end $$
  `.execute(db);
  await sql`
    create trigger access_audit_enqueue after insert on access_audit
    referencing new table as entered for each statement execute function formularze_audit_enqueue()
  `.execute(db);
  await sql`revoke all on function formularze_audit_enqueue() from public`.execute(db);
}
