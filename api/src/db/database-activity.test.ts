import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { onStatement, poolStates } from './database-activity';
import { openDatabases } from './database';
import { migrateToLatest } from './migrate';

test("every statement of the API's database is timed for the metrics", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'formularze-activity-'));
  const databases = await openDatabases({ databaseUrl: process.env.DATABASE_URL, dataDir });
  if (!process.env.DATABASE_URL) await migrateToLatest(databases.owner);
  const timed: number[] = [];
  const stop = onStatement((seconds) => timed.push(seconds));
  try {
    await sql`select 1`.execute(databases.app);
    assert.ok(timed.length >= 1, 'the statement was reported');
    assert.ok(timed.every((seconds) => seconds >= 0 && seconds < 60));
    if (process.env.DATABASE_URL) {
      const app = new Map(poolStates()).get('app');
      assert.ok(app && app.total >= 1, `the app pool is watched: ${JSON.stringify(poolStates())}`);
    }
  } finally {
    stop();
    await databases.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a pool opens no more connections than its size, however many statements wait', async (t) => {
  if (!process.env.DATABASE_URL) return t.skip('PostgreSQL only: PGlite has one connection');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'formularze-pool-'));
  const databases = await openDatabases({
    databaseUrl: process.env.DATABASE_URL,
    dataDir,
    databasePoolSize: 2,
  });
  try {
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        await sql`select pg_sleep(0.05)`.execute(databases.app);
        most = Math.max(most, new Map(poolStates()).get('app')?.total ?? 0);
      }),
    );
    assert.equal(most, 2);
  } finally {
    await databases.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
});
