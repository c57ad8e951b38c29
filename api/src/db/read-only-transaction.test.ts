import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { createOrganization, setupTestDatabase } from '../../test/helpers';
import { inReadOnlyTransaction } from './read-only-transaction';

const db = await setupTestDatabase();

test('a read-only transaction reads, and the database refuses its writes', async () => {
  const organizationId = await createOrganization(db, { name: 'Przychodnia' });
  const name = await inReadOnlyTransaction(db, async (trx) => {
    const { rows } = await sql<{ on: string }>`select current_setting('transaction_read_only') as on`.execute(
      trx,
    );
    assert.equal(rows[0]?.on, 'on');
    const row = await trx
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    return row.name;
  });
  assert.equal(name, 'Przychodnia');

  await assert.rejects(
    inReadOnlyTransaction(db, (trx) =>
      trx.updateTable('organizations').set({ name: 'Zmieniona' }).where('id', '=', organizationId).execute(),
    ),
    (error: { code?: string }) => error.code === '25006',
  );
  const after = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  assert.equal(after.name, 'Przychodnia');
});
