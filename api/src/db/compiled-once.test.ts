import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createOrganization, setupTestDatabase } from '../../test/helpers';
import { compiledOnce } from './compiled-once';

const db = await setupTestDatabase();

let builds = 0;
const organizationsNamed = compiledOnce(
  (database, args: { prefix: string; limit: number }, order: 'asc' | 'desc') => {
    builds += 1;
    return database
      .selectFrom('organizations')
      .select('name')
      .where('name', 'like', args.prefix)
      .orderBy('name', order)
      .limit(args.limit);
  },
);

test('a query compiled once runs with each call’s arguments, built once per shape', async () => {
  for (const name of ['Apteka 1', 'Apteka 2', 'Apteka 3', 'Bursa 1']) await createOrganization(db, { name });
  const names = async (prefix: string, limit: number, order: 'asc' | 'desc') =>
    (await db.executeQuery(organizationsNamed(db, { prefix, limit }, order))).rows.map((row) => row.name);

  assert.deepEqual(await names('Apteka%', 2, 'asc'), ['Apteka 1', 'Apteka 2']);
  assert.deepEqual(await names('Apteka%', 3, 'asc'), ['Apteka 1', 'Apteka 2', 'Apteka 3']);
  assert.deepEqual(await names('Bursa%', 5, 'asc'), ['Bursa 1']);
  assert.equal(builds, 1);
  assert.deepEqual(await names('Apteka%', 2, 'desc'), ['Apteka 3', 'Apteka 2']);
  assert.deepEqual(await names('Apteka%', 1, 'asc'), ['Apteka 1']);
  assert.equal(builds, 2);
});

test('a builder that reads an argument instead of passing it on is refused, not frozen into the SQL', () => {
  const frozen = compiledOnce((database, args: { limit: number }) =>
    database
      .selectFrom('organizations')
      .select('name')
      .limit(args.limit > 10 ? 10 : args.limit),
  );
  assert.throws(() => frozen(db, { limit: 20 }, undefined), /argument "limit" was read while building/);
});
