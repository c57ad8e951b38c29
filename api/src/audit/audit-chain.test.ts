import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { asOwner, createOrganization, setupTestDatabase } from '../../test/helpers';
import type { Database } from '../db/schema';
import { runInScope } from '../db/tenant-scope';
import { archiveAccessAudit, chainAccessAudit, verifyAccessAudit } from './audit-chain';

const db = await setupTestDatabase();
const verify = async (bound = 60_000) =>
  (await asOwner(db, (owner) => verifyAccessAudit(owner, { now: new Date(), unchainedBoundMs: bound })))
    .problems;

async function writeEntries(organizationId: number, count: number) {
  for (let index = 0; index < count; index += 1) {
    await db
      .insertInto('access_audit')
      .values({
        organization_id: organizationId,
        actor_user_id: 1,
        operation: 'results.list',
        row_count: index,
        patient_ids: [7],
      })
      .execute();
  }
}

async function twoChainedOrganizations(): Promise<[number, number]> {
  const first = await createOrganization(db, { name: 'Pierwsza' });
  const second = await createOrganization(db, { name: 'Druga' });
  await writeEntries(first, 3);
  await writeEntries(second, 2);
  await writeEntries(first, 1);
  assert.equal(await chainAccessAudit(db), 6);
  return [first, second];
}

const linkedEntries = () =>
  db.selectFrom('access_audit').innerJoin('access_audit_links as link', 'link.entry_id', 'access_audit.id');

const idsOf = async (organizationId: number) =>
  (
    await db
      .selectFrom('access_audit')
      .select('id')
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute()
  ).map((row) => Number(row.id));

test('each organization has its own chain, numbered from 1, and an untouched trail verifies', async () => {
  const [first, second] = await twoChainedOrganizations();
  const chains = await linkedEntries()
    .select(['organization_id', 'chain_seq', 'prev_hash', 'hash'])
    .orderBy('id')
    .execute();
  assert.deepEqual(
    chains.map((entry) => [entry.organization_id, Number(entry.chain_seq)]),
    [
      [first, 1],
      [first, 2],
      [first, 3],
      [second, 1],
      [second, 2],
      [first, 4],
    ],
  );
  assert.equal(chains[0]?.prev_hash, '');
  assert.equal(chains[1]?.prev_hash, chains[0]?.hash);
  assert.equal(chains[5]?.prev_hash, chains[2]?.hash);
  assert.deepEqual(await verify(), []);
  assert.equal(await chainAccessAudit(db), 0, 'a chained entry is not linked again');
});

test('a backlog larger than a batch is linked in one step, batch after batch, in order', async () => {
  const organization = await createOrganization(db, { name: 'Pierwsza' });
  await writeEntries(organization, 5);
  assert.equal(await chainAccessAudit(db, 2), 5);
  const chain = await linkedEntries().select('chain_seq').orderBy('id').execute();
  assert.deepEqual(
    chain.map((entry) => Number(entry.chain_seq)),
    [1, 2, 3, 4, 5],
  );
  assert.deepEqual(await verify(), []);
});

test("a batch writes each organization's head once, however many of its entries it links", async () => {
  const [first, second] = await twoChainedOrganizations();
  await writeEntries(first, 4);
  await writeEntries(second, 3);
  await writeEntries(first, 2);
  // Each write of a head leaves a version that the batch's later reads walk past: n entries, n² steps.
  await asOwner(db, async (owner) => {
    await sql`create table head_writes (organization_key integer)`.execute(owner);
    await sql`
      create function count_head_write() returns trigger language plpgsql as $$
      begin insert into head_writes values (new.organization_key); return new; end $$
    `.execute(owner);
    await sql`
      create trigger count_head_write after insert or update on access_audit_heads
      for each row execute function count_head_write()
    `.execute(owner);
  });
  try {
    assert.equal(await chainAccessAudit(db), 9);
    const writes = await asOwner(db, (owner) =>
      sql<{ organization_key: number }>`select organization_key from head_writes order by 1`.execute(owner),
    );
    assert.deepEqual(
      writes.rows.map((write) => write.organization_key),
      [first, second].sort((a, b) => a - b),
    );
  } finally {
    await asOwner(db, async (owner) => {
      await sql`drop trigger count_head_write on access_audit_heads`.execute(owner);
      await sql`drop function count_head_write()`.execute(owner);
      await sql`drop table head_writes`.execute(owner);
    });
  }
  const { rows: heads } = await sql<{ organization_key: number; chain_seq: string }>`
    select organization_key, chain_seq from access_audit_heads
  `.execute(db);
  assert.deepEqual(
    new Map(heads.map((head) => [head.organization_key, Number(head.chain_seq)])),
    new Map([
      [first, 10],
      [second, 5],
    ]),
  );
  assert.deepEqual(await verify(), []);
});

test('linking writes a link beside each entry and never rewrites the entry', async () => {
  const organization = await createOrganization(db, { name: 'Pierwsza' });
  await writeEntries(organization, 3);
  // A row's physical place and the transaction that wrote it change with any update.
  const versions = () =>
    asOwner(db, (owner) =>
      sql<{ id: string; version: string }>`
        select id, ctid::text || ':' || xmin::text as version from access_audit order by id
      `.execute(owner),
    ).then((result) => result.rows);
  const before = await versions();
  assert.equal(await chainAccessAudit(db), 3);
  assert.deepEqual(await versions(), before);
  const waiting = await asOwner(db, (owner) =>
    sql<{ entry_id: string }>`select entry_id from access_audit_unlinked`.execute(owner),
  );
  assert.deepEqual(waiting.rows, [], 'none left waiting');
  assert.deepEqual(await verify(), []);
});

test('an entry edited by the owner is reported as changed', async () => {
  const [first] = await twoChainedOrganizations();
  const [, second] = await idsOf(first);
  await asOwner(db, (owner) =>
    sql`update access_audit set row_count = 999 where id = ${second}`.execute(owner),
  );
  assert.deepEqual(await verify(), [{ organizationId: first, entryId: second, problem: 'changed' }]);
});

test('an entry deleted by the owner is reported, in the middle of the chain or at its end', async () => {
  const [first, second] = await twoChainedOrganizations();
  const [, middle] = await idsOf(first);
  const newest = (await idsOf(second)).at(-1);
  await asOwner(db, (owner) =>
    sql`delete from access_audit where id in (${middle}, ${newest})`.execute(owner),
  );
  const problems = await verify();
  assert.deepEqual(
    problems.map(({ organizationId, problem }) => [organizationId, problem]).sort(),
    [
      [first, 'removed before'],
      [second, 'newest removed'],
    ].sort(),
  );
});

test('a link rewritten or removed by the owner is reported, and so is the entry it leaves', async () => {
  const [first] = await twoChainedOrganizations();
  const [, second, third] = await idsOf(first);
  await asOwner(db, async (owner) => {
    await sql`update access_audit_links set hash = repeat('0', 64) where entry_id = ${second}`.execute(owner);
    await sql`delete from access_audit_links where entry_id = ${third}`.execute(owner);
  });
  assert.deepEqual(
    (await verify(-1)).map(({ entryId, problem }) => [entryId, problem]),
    [
      [second, 'changed'],
      // The fourth's link names the third's hash, and the walk now goes from the second to it.
      [(await idsOf(first)).at(-1), 'removed before'],
      [third, 'left unchained'],
    ],
  );
});

test('an entry left unchained beyond the bound is reported', async () => {
  const organization = await createOrganization(db, { name: 'Pierwsza' });
  await writeEntries(organization, 1);
  assert.deepEqual(await verify(60_000), []);
  const [id] = await idsOf(organization);
  assert.deepEqual(await verify(-1), [
    { organizationId: organization, entryId: id, problem: 'left unchained' },
  ]);
});

test('the runtime role may insert and read entries, never update, delete or link them, nor touch the waiting ones', async () => {
  const organization = await createOrganization(db, { name: 'Pierwsza' });
  await writeEntries(organization, 1);
  const [id] = await idsOf(organization);
  const tenant = { scope: { kind: 'tenant', organizationId: organization } as const };
  const refused = async (statement: (app: Kysely<Database>) => Promise<unknown>) =>
    assert.rejects(
      runInScope(tenant, () => statement(db)),
      /permission denied/,
    );
  await refused((app) => sql`update access_audit set row_count = 0`.execute(app));
  await refused((app) => sql`delete from access_audit`.execute(app));
  await refused((app) => sql`truncate access_audit`.execute(app));
  await refused((app) => sql`insert into access_audit_links values (${id}, 1, '', 'x')`.execute(app));
  await refused((app) => sql`delete from access_audit_links`.execute(app));
  await refused((app) => sql`select * from access_audit_unlinked`.execute(app));
  await refused((app) => sql`delete from access_audit_unlinked`.execute(app));
  await refused((app) => sql`delete from access_audit_archive`.execute(app));
  await refused((app) => sql`delete from access_audit_heads`.execute(app));
  const seen = await runInScope(tenant, () => db.selectFrom('access_audit').select('id').execute());
  assert.equal(seen.length, 1);
});

test("an organization neither reads nor writes another's entries", async () => {
  const first = await createOrganization(db, { name: 'Pierwsza' });
  const second = await createOrganization(db, { name: 'Druga' });
  await writeEntries(second, 1);
  const tenant = { scope: { kind: 'tenant', organizationId: first } as const };
  assert.deepEqual(await runInScope(tenant, () => db.selectFrom('access_audit').select('id').execute()), []);
  await assert.rejects(
    runInScope(tenant, () =>
      db.insertInto('access_audit').values({ organization_id: second, operation: 'results.list' }).execute(),
    ),
    /row-level security/,
  );
});

test('archiving moves old chained entries with their hashes, and the chain still verifies', async () => {
  const [first] = await twoChainedOrganizations();
  await writeEntries(first, 1);
  const moved = await archiveAccessAudit(db, new Date(Date.now() + 1_000));
  assert.equal(moved, 6, 'the unchained entry stays until it is linked');
  assert.equal(await chainAccessAudit(db), 1);
  assert.equal(
    await db
      .selectFrom('access_audit_archive')
      .select('id')
      .execute()
      .then((rows) => rows.length),
    6,
  );
  assert.deepEqual(await verify(), []);
});
