import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate';
import { migrationProvider } from '../db/migrations';
import type { Database } from '../db/schema';
import { chainAccessAudit, verifyAccessAudit } from './audit-chain';

/** A database of its own, as its owner, migrated to just before the links moved out of the entries. */
async function databaseBeforeLinksApart(): Promise<Kysely<Database>> {
  const url = process.env.DATABASE_URL;
  let db: Kysely<Database>;
  if (url) {
    const schema = `links_apart_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 1 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    after(async () => {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    });
  } else {
    db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
    after(() => db.destroy());
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const { error } = await new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: rows[0]!.schema,
  }).migrateTo('0074_scope_key_planned_once');
  if (error) throw error;
  return db;
}

const db = await databaseBeforeLinksApart();
const verify = async () => verifyAccessAudit(db, { now: new Date(), unchainedBoundMs: 60_000 });

async function writeEntries(organizationId: number | null, count: number) {
  await sql`
    insert into access_audit (organization_id, actor_user_id, operation, patient_ids, details, row_count)
    select ${organizationId}::integer, 1, 'results.list', array[entry], '{"filter":[]}', entry
    from generate_series(1, ${count}::integer) entry
  `.execute(db);
}

test('chains linked before the links moved out of the entries verify after it, and go on from their heads', async () => {
  await writeEntries(1, 3);
  await writeEntries(null, 2);
  await writeEntries(2, 1);
  // Linked by migration 0072's step; the last entry is written after it.
  await sql`select formularze_audit_chain(5000)`.execute(db);
  await writeEntries(1, 1);
  const { rows: before } = await sql<{ id: string; chain_seq: string; prev_hash: string; hash: string }>`
    select id, chain_seq, prev_hash, hash from access_audit where hash is not null order by id
  `.execute(db);
  assert.equal(before.length, 6);

  assert.deepEqual(await migrateToLatest(db), ['0075_audit_links_apart']);

  const { rows: after } = await sql<{ id: string; chain_seq: string; prev_hash: string; hash: string }>`
    select entry_id as id, chain_seq, prev_hash, hash from access_audit_links order by entry_id
  `.execute(db);
  assert.deepEqual(after, before, 'every link kept, hash for hash');
  assert.deepEqual(await verify(), { entries: 6, problems: [] });

  assert.equal(await chainAccessAudit(db), 1, 'the entry written before the migration, still waiting');
  const { rows: newest } = await sql<{ chain_seq: string; prev_hash: string }>`
    select link.chain_seq, link.prev_hash from access_audit_links link
    where link.entry_id = (select max(id) from access_audit)
  `.execute(db);
  assert.deepEqual(
    newest.map((link) => [Number(link.chain_seq), link.prev_hash]),
    [[4, before[2]!.hash]],
    "after the first organization's third",
  );
  assert.deepEqual(await verify(), { entries: 7, problems: [] });
});
