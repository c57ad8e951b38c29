import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { asOwner, createOrganization, setupTestDatabase } from '../../test/helpers';
import { statementsDuring } from '../../test/statement-counter';
import { runInScope } from '../db/tenant-scope';
import { AccessEntryBatches, type AccessAuditRow } from './entry-batches';

/**
 * The trail's entries of concurrent requests go in together (ADR 421), each in its organization's
 * scope, and a caller learns that its entry is stored, or that it is not, before it answers.
 */
const db = await setupTestDatabase();

const entry = (organizationId: number, requestId: string): AccessAuditRow => ({
  organization_id: organizationId,
  actor_user_id: null,
  actor_role: 'ROLE_OWNER',
  actor_organization_id: organizationId,
  operation: 'results.list',
  request_id: requestId,
});

const inTenant = <T>(organizationId: number, work: () => Promise<T>) =>
  runInScope({ scope: { kind: 'tenant', organizationId } }, work);

const storedRequestIds = async () =>
  (await db.selectFrom('access_audit').select('request_id').orderBy('id').execute()).map(
    ({ request_id }) => request_id,
  );

test('entries arriving while an insert is on its way go together in the next one, in order', async () => {
  const organizationId = await createOrganization(db);
  const batches = new AccessEntryBatches(db);
  const ids = Array.from({ length: 20 }, (_, index) => `req-${index}`);
  const settled: string[] = [];
  const statements = await statementsDuring(() =>
    Promise.all(
      ids.map((id) =>
        inTenant(organizationId, async () => {
          await batches.write(entry(organizationId, id));
          // Stored by the time the caller hears of it.
          const row = await db
            .selectFrom('access_audit')
            .select('id')
            .where('request_id', '=', id)
            .executeTakeFirst();
          if (row) settled.push(id);
        }),
      ),
    ),
  );
  const inserts = statements.filter((statement) => statement.startsWith('insert into "access_audit"'));
  assert.equal(inserts.length, 2, 'the first entry alone, the 19 that came meanwhile in one insert');
  assert.equal(new Set(inserts).size, 1, 'one text whatever the batch size: prepared once per connection');
  assert.deepEqual(await storedRequestIds(), ids);
  assert.deepEqual(settled.sort(), [...ids].sort());
});

test("an entry is stored as given, and what it leaves unset takes the columns' defaults", async () => {
  const organizationId = await createOrganization(db);
  const batches = new AccessEntryBatches(db);
  const full: AccessAuditRow = {
    ...entry(organizationId, 'full'),
    actor_user_id: 7,
    patient_ids: [3, 1],
    resource_type: 'form_data',
    resource_ids: ['12', 'ab"c'],
    details: JSON.stringify({ q: 'Żółw "1"', page: 0, nested: [null, true] }),
    row_count: 2,
    ip: '10.0.0.1',
    user_agent: 'Przeglądarka\\1',
  };
  await inTenant(organizationId, () =>
    Promise.all([batches.write(full), batches.write(entry(organizationId, 'bare'))]),
  );
  const stored = await db
    .selectFrom('access_audit')
    .select([
      'request_id',
      'actor_user_id',
      'patient_ids',
      'resource_type',
      'resource_ids',
      'details',
      'row_count',
      'ip',
      'user_agent',
    ])
    .orderBy('id')
    .execute();
  assert.deepEqual(stored, [
    {
      request_id: 'full',
      actor_user_id: 7,
      patient_ids: [3, 1],
      resource_type: 'form_data',
      resource_ids: ['12', 'ab"c'],
      details: { q: 'Żółw "1"', page: 0, nested: [null, true] },
      row_count: 2,
      ip: '10.0.0.1',
      user_agent: 'Przeglądarka\\1',
    },
    {
      request_id: 'bare',
      actor_user_id: null,
      patient_ids: [],
      resource_type: null,
      resource_ids: [],
      details: null,
      row_count: null,
      ip: null,
      user_agent: null,
    },
  ]);
});

test("each organization's entries are written in its own scope", async () => {
  const first = await createOrganization(db, { name: 'Pierwsza' });
  const second = await createOrganization(db, { name: 'Druga' });
  const batches = new AccessEntryBatches(db);
  // Row-level security refuses an entry of another organization than the scope's: both succeed
  // only if neither is written in the other's scope.
  await Promise.all([
    inTenant(first, () => batches.write(entry(first, 'first-1'))),
    inTenant(second, () => batches.write(entry(second, 'second-1'))),
    inTenant(first, () => batches.write(entry(first, 'first-2'))),
    inTenant(second, () => batches.write(entry(second, 'second-2'))),
  ]);
  assert.deepEqual((await storedRequestIds()).sort(), ['first-1', 'first-2', 'second-1', 'second-2']);
  await assert.rejects(
    inTenant(first, () => batches.write(entry(second, 'smuggled'))),
    'an entry outside its scope is refused, as a lone insert would be',
  );
});

test('when an insert fails, every entry it held fails with it, and the next ones are written again', async () => {
  const organizationId = await createOrganization(db);
  const batches = new AccessEntryBatches(db);
  await asOwner(db, (owner) => sql`revoke insert on access_audit from formularze_app`.execute(owner));
  let outcomes: PromiseSettledResult<void>[];
  try {
    outcomes = await Promise.allSettled(
      ['a', 'b', 'c'].map((id) => inTenant(organizationId, () => batches.write(entry(organizationId, id)))),
    );
  } finally {
    await asOwner(db, (owner) => sql`grant insert on access_audit to formularze_app`.execute(owner));
  }
  assert.deepEqual(
    outcomes.map(({ status }) => status),
    ['rejected', 'rejected', 'rejected'],
  );
  await inTenant(organizationId, () => batches.write(entry(organizationId, 'after')));
  assert.deepEqual(await storedRequestIds(), ['after']);
});
