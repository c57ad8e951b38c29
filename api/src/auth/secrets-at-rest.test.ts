import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { apiKeyExpiry } from '@formularze/domain/schemas/api-keys';
import { resolveApiKeyEncryptionKey } from '../core/encryption-key';
import { createTokenCipher } from '../core/token-cipher';
import { addUser, staffBody } from '../../test/members-fixture';
import { deliverDueMessages } from '../outbox/delivery';
import { openingSealedBodies } from '../outbox/sealed-bodies';
import type { MessageTransport } from '../outbox/transports';
import {
  asOwner,
  createOrganization,
  createUser,
  setupDatabaseAndApp,
  signInFromNewAddress,
  superAdminHeaders,
} from '../../test/helpers';

/**
 * A copy of the database (a backup, a dump handed to support) must hold no usable credential: no
 * session token, API key or set-password link in the clear, and nothing stored that signs in when
 * sent as one. The copy is every row of every table as text, so a new column is covered too.
 */

const { db, app, config } = await setupDatabaseAndApp({ publicUrl: 'https://formularze.test' });

/** Every row of every table of the schema, as PostgreSQL writes it out (bytea as hex). */
async function databaseDump(): Promise<string> {
  return asOwner(db, async (owner) => {
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
    `.execute(owner);
    const dumps = await Promise.all(
      tables.map(async ({ name }) => {
        const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(
          owner,
        );
        return rows.map((row) => `${name}: ${row.row}`);
      }),
    );
    return dumps.flat().join('\n');
  });
}

/** What was delivered, as the server's worker hands it over: sealed bodies opened. */
async function deliverOutbox(): Promise<string[]> {
  const bodies: string[] = [];
  const recording: MessageTransport = {
    async send(message) {
      bodies.push(message.body);
      return 'sent';
    },
  };
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  const logger = { info() {}, warn() {} };
  await deliverDueMessages(db, {
    transport: openingSealedBodies(recording, cipher),
    clock: () => new Date(Date.now() + 60_000),
    logger,
  });
  return bodies;
}

const linkTokens = (bodies: string[]) =>
  bodies.map((body) => {
    const link = /https:\/\/formularze\.test\/password-reset-link\?\S+/.exec(body);
    assert.ok(link, body);
    return new URL(link[0]).searchParams.get('token')!;
  });

const signsIn = async (token: string) =>
  (await app.inject({ url: '/api/persons/my', headers: { 'x-auth-token': token } })).statusCode === 200;
const opensPanel = async (token: string) =>
  (await app.inject({ url: '/api/auth/check-owner', headers: { 'x-auth-token': token } })).statusCode === 200;
const opensResetLink = async (token: string) =>
  (await app.inject({ url: `/api/auth/reset-link/${encodeURIComponent(token)}` })).statusCode === 200;

test('a copy of the database holds no session, API key or reset link that works', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'pacjent@org.test', authorities: 'ROLE_USER', organizationId });
  await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  await createUser(db, { email: 'wlasciciel@org.test', authorities: 'ROLE_OWNER', organizationId });
  const patient = await signInFromNewAddress(app, { username: 'pacjent@org.test' });
  const patientByPhone = await signInFromNewAddress(app, { phone: '+48600100200' });
  const owner = await signInFromNewAddress(app, { email: 'wlasciciel@org.test' });
  const panel = await superAdminHeaders(app, db);
  const sessions = [patient, patientByPhone, owner].map((headers) => headers['x-auth-token']!);

  const created = await app.inject({
    method: 'POST',
    url: '/employees/v1/tokens',
    headers: owner,
    payload: { label: 'Eksport nocny', expires: apiKeyExpiry() },
  });
  assert.equal(created.statusCode, 201, created.body);
  const apiKey = created.json<{ token: string }>().token;

  // Set-password links of every kind: asked for by mail and SMS, at the staff door, and by an owner
  // for a new member. Some are delivered (sent), the others still wait in the outbox.
  const ask = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload: { lang: 'pl', ...payload }, remoteAddress: '10.9.0.1' });
  assert.equal((await ask('/api/auth/recover_password', { email: 'pacjent@org.test' })).statusCode, 204);
  assert.equal((await ask('/api/auth/recover_password', { phone: '+48600100200' })).statusCode, 204);
  const delivered = linkTokens(await deliverOutbox());
  assert.equal(
    (await ask('/employees/v1/password/reset/ask', { email: 'wlasciciel@org.test' })).statusCode,
    204,
  );
  const added = await addUser(app, owner, organizationId, staffBody({ mail: 'ewa@org.test' }));
  assert.equal(added.statusCode, 201, added.body);
  // The webhook signing key, which forges calls the receiver trusts, is made by its first reading.
  const profile = await app.inject({ url: '/api/organizations/my', headers: owner });
  const webhookSecret = profile.json<{ formDataCreatedWebhookSecret: string }>().formDataCreatedWebhookSecret;
  assert.match(webhookSecret, /^[0-9a-f]{64}$/);
  const dump = await databaseDump();
  assert.ok(!dump.includes(webhookSecret), 'the dump holds the webhook signing secret');
  const waiting = linkTokens(await deliverOutbox());
  const resetTokens = [...delivered, ...waiting];
  assert.equal(resetTokens.length, 4);

  // The credentials work: the dump is taken while they are live.
  for (const token of [...sessions, apiKey]) assert.ok(await signsIn(token), token);
  assert.ok(await opensPanel(panel['x-auth-token']!));
  for (const token of resetTokens) assert.ok(await opensResetLink(token), token);

  for (const secret of [...sessions, panel['x-auth-token']!, apiKey, ...resetTokens]) {
    const raw = Buffer.from(secret.replace(/^fk_/, ''), 'base64url');
    for (const form of [secret, secret.replace(/^fk_/, ''), raw.toString('hex'), raw.toString('base64')]) {
      assert.ok(!dump.includes(form), `the dump holds a credential: ${form}`);
    }
  }

  // Whatever is stored where a credential's trace is kept does not open anything when sent as one.
  const stored = await asOwner(db, async (owner) => {
    const sessionsRows = await owner.selectFrom('sessions').select('token_hash as value').execute();
    const keys = await owner.selectFrom('api_keys').select(['token_hash', 'token_encrypted']).execute();
    const resets = await owner.selectFrom('password_resets').select('token_hash as value').execute();
    const outbox = await owner.selectFrom('outbox').select('body').execute();
    return [
      ...sessionsRows.map((row) => row.value),
      ...keys.flatMap((row) => [row.token_hash, row.token_encrypted, `fk_${row.token_hash}`]),
      ...resets.map((row) => row.value),
      ...outbox.map((row) => row.body),
    ];
  });
  assert.ok(stored.length >= 4 + 2 + 4);
  for (const value of stored) {
    assert.equal(await signsIn(value), false, value);
    assert.equal(await opensPanel(value), false, value);
    assert.equal(await opensResetLink(value), false, value);
  }
});
