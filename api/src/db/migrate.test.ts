import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { setupTestDatabase } from '../test/helpers';
import { migrateToLatest } from './migrate';

const db = await setupTestDatabase();

test('migrations create every table, and running them again changes nothing', async () => {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() order by tablename
  `.execute(db);
  assert.deepEqual(
    rows.map((row) => row.tablename).filter((name) => !name.startsWith('kysely_')),
    ['organizations', 'remote_activations', 'remote_deployments', 'sessions', 'users'],
  );
  assert.deepEqual(await migrateToLatest(db), []);
});

test('a user needs an email or a phone, and sessions only take known kinds', async () => {
  await assert.rejects(
    db.insertInto('users').values({ password_hash: 'x', authorities: 'ROLE_USER' }).execute(),
    /users_login_present/,
  );
  const user = await db
    .insertInto('users')
    .values({ phone: '+48600000000', password_hash: 'x', authorities: 'ROLE_USER' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await assert.rejects(
    sql`insert into sessions (token_hash, user_id, kind, expires_at) values ('h', ${user.id}, 'guest', now())`.execute(
      db,
    ),
    /check constraint/,
  );
});

test('timestamps are stored with their time zone', async () => {
  const { rows } = await sql<{ data_type: string }>`
    select data_type from information_schema.columns
    where table_schema = current_schema() and column_name in ('deployed_at', 'activated_at', 'created_at', 'expires_at')
  `.execute(db);
  assert.ok(rows.length >= 5);
  assert.ok(rows.every((row) => row.data_type === 'timestamp with time zone'));
});
