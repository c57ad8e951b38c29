import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { fallbackEvents } from '@formularze/domain/schemas/admin';
import {
  createOrganization,
  createUser,
  freshClientAddress,
  setupDatabaseAndApp,
  signIn,
  superAdminHeaders,
} from '../../test/helpers';
import { FALLBACK_EVENT_RETENTION_MS } from './fallback-events-repository';

let now = new Date('2026-03-14T09:30:00Z');
const { db, app } = await setupDatabaseAndApp({}, { clock: () => now });

const ACTIVE = '1.1.0+aaaaaaaa';
const GOOD = '1.0.0+bbbbbbbb';

/** Each report from its own address, so the rate limit only bites where a test wants it. */
const report = (payload: unknown, remoteAddress = freshClientAddress(), userAgent = 'Mozilla/5.0 Testowa') =>
  app.inject({
    method: 'POST',
    url: '/api/remotes/fallback-events',
    payload: payload as Record<string, unknown>,
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });

/** The reports as the panel lists them (signing the super-admin in once per test). */
let panelHeaders: Promise<Record<string, string>> | null = null;
beforeEach(() => {
  panelHeaders = null;
});
async function listed() {
  panelHeaders ??= superAdminHeaders(app, db);
  const response = await app.inject({ url: '/api/remotes/fallback-events', headers: await panelHeaders });
  assert.equal(response.statusCode, 200);
  return fallbackEvents.parse(response.json());
}

test('a browser reports a fallback without signing in; the panel lists it with its user agent', async () => {
  const response = await report({ remote: 'mfe-admin', from: ACTIVE, to: GOOD });
  assert.equal(response.statusCode, 204);
  assert.equal(response.body, '');

  const [event, ...rest] = await listed();
  assert.deepEqual(rest, []);
  assert.deepEqual(event, {
    id: event!.id,
    remote: 'mfe-admin',
    fromVersion: ACTIVE,
    toVersion: GOOD,
    userAgent: 'Mozilla/5.0 Testowa',
    occurredAt: '2026-03-14T09:30:00.000Z',
  });
});

test('the list is newest first and forgets reports older than the retention', async () => {
  await report({ remote: 'mfe-auth', from: ACTIVE, to: GOOD });
  now = new Date(now.getTime() + 60_000);
  await report({ remote: 'mfe-results', from: ACTIVE, to: GOOD });
  assert.deepEqual(
    (await listed()).map((event) => event.remote),
    ['mfe-results', 'mfe-auth'],
  );

  now = new Date(now.getTime() + FALLBACK_EVENT_RETENTION_MS);
  await report({ remote: 'mfe-filling', from: ACTIVE, to: GOOD });
  assert.deepEqual(
    (await listed()).map((event) => event.remote),
    ['mfe-filling', 'mfe-results'],
  );
});

test('a very long user agent is cut', async () => {
  await report({ remote: 'mfe-auth', from: ACTIVE, to: GOOD }, freshClientAddress(), `UA${'x'.repeat(2000)}`);
  const [event] = await listed();
  assert.equal(event!.userAgent?.length, 500);
});

test('reports of unknown remotes or malformed versions are refused', async () => {
  const invalid = [
    { remote: 'mfe-unknown', from: ACTIVE, to: GOOD },
    { remote: 'mfe-auth', from: 'latest', to: GOOD },
    { remote: 'mfe-auth', from: ACTIVE, to: `1.0.0-${'a'.repeat(120)}+bbbbbbbb` },
    { remote: 'mfe-auth', from: ACTIVE },
    ['mfe-auth', ACTIVE, GOOD],
  ];
  for (const payload of invalid) {
    const response = await report(payload);
    assert.equal(response.statusCode, 400, JSON.stringify(payload));
  }
  assert.deepEqual(await listed(), []);
});

test('reports are rate-limited per address', async () => {
  const remoteAddress = '192.0.2.10';
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) {
    statuses.push((await report({ remote: 'mfe-auth', from: ACTIVE, to: GOOD }, remoteAddress)).statusCode);
  }
  assert.deepEqual(statuses.slice(0, 10), Array(10).fill(204));
  assert.equal(statuses[10], 429);
  assert.equal((await report({ remote: 'mfe-auth', from: ACTIVE, to: GOOD })).statusCode, 204);
});

test('only the panel lists the reports', async () => {
  const url = '/api/remotes/fallback-events';
  assert.equal((await app.inject({ url })).statusCode, 401);
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'pacjent@klinika.test', authorities: 'ROLE_USER', organizationId });
  await createUser(db, { email: 'wlasciciel@klinika.test', authorities: 'ROLE_OWNER', organizationId });
  for (const headers of [
    await signIn(app, { username: 'pacjent@klinika.test' }),
    await signIn(app, { email: 'wlasciciel@klinika.test' }),
  ]) {
    assert.equal((await app.inject({ url, headers })).statusCode, 401);
  }
});
