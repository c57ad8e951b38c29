import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { readiness } from '@formularze/domain/schemas';
import { buildApp } from '../app';
import type { Database } from '../db/schema';
import { checkReadiness } from './readiness';
import { asOwner, OPERATOR_TOKEN, setupTestDatabase, testConfig } from '../../test/helpers';

const db = await setupTestDatabase();
const INTERVAL_MS = 100;
const app = await buildApp({
  db,
  config: await testConfig(),
  operatorToken: OPERATOR_TOKEN,
  readinessIntervalMs: INTERVAL_MS,
});
after(() => app.close());

const LAST_MIGRATION = '0050_app_reads_migration_names';
const nextCheck = () => new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 3));

/** As if this process's code expected a migration the database has not run (a deploy half done). */
async function forgetMigration(name: string): Promise<() => Promise<void>> {
  const { rows } = await asOwner(db, (owner) =>
    sql<{ timestamp: string }>`delete from kysely_migration where name = ${name} returning timestamp`.execute(
      owner,
    ),
  );
  return () =>
    asOwner(db, (owner) =>
      sql`insert into kysely_migration (name, timestamp) values (${name}, ${rows[0]!.timestamp})`.execute(
        owner,
      ),
    ).then(() => undefined);
}

test('a process with its database and every migration is ready', async () => {
  const response = await app.inject({ url: '/api/ready' });
  assert.equal(response.statusCode, 200);
  assert.deepEqual(readiness.parse(response.json()), { status: 'ready' });
});

test('a process whose database lacks a migration is alive but not ready, and refuses requests until it is', async () => {
  const restore = await forgetMigration(LAST_MIGRATION);
  try {
    const ready = await app.inject({ url: '/api/ready' });
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(ready.json(), {
      status: 'not-ready',
      reason: 'migrations-pending',
      pendingMigrations: [LAST_MIGRATION],
    });
    assert.equal((await app.inject({ url: '/api/health' })).statusCode, 200);

    await nextCheck();
    const refused = await app.inject({ url: '/api/version' });
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.json().code, 'not-ready');
    assert.ok(refused.headers['retry-after']);
    // Its probes still answer, so the operator and the proxy see why.
    assert.equal((await app.inject({ url: '/api/ready' })).statusCode, 503);
    assert.equal((await app.inject({ url: '/metrics' })).statusCode, 200);
  } finally {
    await restore();
  }
  await nextCheck();
  assert.equal((await app.inject({ url: '/api/version' })).statusCode, 200);
  assert.equal((await app.inject({ url: '/api/ready' })).statusCode, 200);
});

test('a process whose database does not answer is not ready', async () => {
  const unreachable = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({
        connectionString: 'postgres://nobody@127.0.0.1:1/none',
        connectionTimeoutMillis: 1000,
      }),
    }),
  });
  try {
    assert.deepEqual(await checkReadiness(unreachable), {
      status: 'not-ready',
      reason: 'database-unreachable',
    });
  } finally {
    await unreachable.destroy();
  }
});
