import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { asOwner, setupTestDatabase } from '../../test/helpers';
import { enqueueMessage } from '../outbox/outbox-repository';
import { failedDeliveryReason, NO_TRANSPORT_REASON } from '../outbox/delivery';
import { migrateToLatest } from './migrate';
import * as outboxReasonsInPolish from './migrations/0020_outbox_reasons_in_polish';

const db = await setupTestDatabase();

test('migrations create every table, and running them again changes nothing', async () => {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() order by tablename
  `.execute(db);
  assert.deepEqual(
    rows.map((row) => row.tablename).filter((name) => !name.startsWith('kysely_')),
    [
      'access_audit',
      'access_audit_archive',
      'access_audit_heads',
      'access_audit_links',
      'access_audit_unlinked',
      'adherence_reminders',
      'api_keys',
      'captcha_solutions',
      'cart_items',
      'config_global',
      'dev_remote_overrides',
      'form_allowed_users',
      'form_data',
      'form_group_members',
      'form_groups',
      'form_metadata',
      'forms',
      'formularze_scope_key',
      'login_throttles',
      'organizations',
      'outbox',
      'password_resets',
      'refused_submissions',
      'remote_activations',
      'remote_deployments',
      'remote_fallback_events',
      'saved_fields',
      'scheduled_forms',
      'sessions',
      'slot_reminders',
      'terms',
      'terms_acceptances',
      'test_kit_prices',
      'uploaded_files',
      'users',
      'webhook_deliveries',
    ],
  );
  assert.deepEqual(await asOwner(db, migrateToLatest), []);
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

test('users start with first_login; terms live under terms/ and never share a start date while live', async () => {
  const organization = await db
    .insertInto('organizations')
    .values({ name: 'Przychodnia' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ phone: '+48600000000', password_hash: 'x', authorities: 'ROLE_USER' })
    .returning(['id', 'first_login'])
    .executeTakeFirstOrThrow();
  assert.equal(user.first_login, true);

  const terms = (file_path: string, removed_at: Date | null = null) =>
    db
      .insertInto('terms')
      .values({
        organization_id: organization.id,
        name: 'Regulamin',
        file_path,
        active_since: '2026-01-01T00:00:00Z',
        removed_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  await assert.rejects(terms('/etc/passwd'), /check constraint/);
  await assert.rejects(terms('terms/../../etc/passwd'), /check constraint/);
  const first = await terms('terms/1/regulamin.pdf');
  await assert.rejects(terms('terms/1/inny.pdf'), /terms_organization_active_since_key/);
  await terms('terms/1/usuniety.pdf', new Date());

  const accept = () =>
    db.insertInto('terms_acceptances').values({ user_id: user.id, terms_id: first.id }).execute();
  await accept();
  await assert.rejects(accept(), /terms_acceptances_user_terms_key/);
  await db.updateTable('terms_acceptances').set({ revoked_at: new Date() }).execute();
  await accept();
});

test('0020: the reasons of messages stored before are Polish, like those written now', async () => {
  const reasons = [
    'no transport for this channel: written to the log',
    'no transport for this channel: shown in the outbox viewer',
    'connect ECONNREFUSED',
    null,
  ];
  for (const [index, reason] of reasons.entries()) {
    await enqueueMessage(db, {
      recipient: `r${index}@x.test`,
      channel: 'mail',
      subject: 'Temat',
      body: 'Treść',
    });
    await db
      .updateTable('outbox')
      .set({ last_error: reason })
      .where('recipient', '=', `r${index}@x.test`)
      .execute();
  }
  await asOwner(db, (owner) => outboxReasonsInPolish.up(owner as Kysely<unknown>));
  const rows = await db.selectFrom('outbox').select('last_error').orderBy('id').execute();
  assert.deepEqual(
    rows.map((row) => row.last_error),
    [NO_TRANSPORT_REASON, NO_TRANSPORT_REASON, failedDeliveryReason(new Error('connect ECONNREFUSED')), null],
  );
});

test('a migration numbered below one that already ran still runs, once', async () => {
  await asOwner(db, async (owner) => {
    await sql`delete from kysely_migration where name = '0020_outbox_reasons_in_polish'`.execute(owner);
    assert.deepEqual(await migrateToLatest(owner), ['0020_outbox_reasons_in_polish']);
    assert.deepEqual(await migrateToLatest(owner), []);
  });
});
