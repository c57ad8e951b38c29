import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import { resetLinkInfo } from '@formularze/domain/schemas/recovery';
import {
  createOrganization,
  createUser,
  freshClientAddress,
  setupDatabaseAndApp,
  setupTestApp,
  signIn,
  TEST_PASSWORD,
} from '../../test/helpers';
import { openedOutbox, resetLinkIn } from '../../test/outbox';
import { handMovedClock } from '../../test/requests';
import { MAX_FAILED_ATTEMPTS } from './lockout';
import { RESET_TOKEN_TTL_MS } from './password-resets';

const { now, advance } = handMovedClock(new Date('2026-03-02T08:00:00Z'));
const { db, app, config } = await setupDatabaseAndApp({}, { clock: now });

const NEW_PASSWORD = 'Nowe#Haslo2026';

/** Each request from its own address, except where the rate limit is the point. */
function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshClientAddress() });
}
const askPatient = (payload: object) => post('/api/auth/recover_password', { lang: 'pl', ...payload });
const askEmployee = (email: string) => post('/employees/v1/password/reset/ask', { email, lang: 'pl' });
const outbox = (appConfig = config) => openedOutbox(db, appConfig);

/** The token of the latest reset link in the outbox of the app of `appConfig`. */
async function latestLinkToken(appConfig = config): Promise<{ token: string; role: string; url: URL }> {
  const messages = await outbox(appConfig);
  const url = resetLinkIn(messages.at(-1)?.body, 'a reset link in the outbox');
  return { token: url.searchParams.get('token') ?? '', role: url.searchParams.get('role') ?? '', url };
}

async function setup() {
  const organizationId = await createOrganization(db);
  const patientId = await createUser(db, {
    email: 'pacjent@org.test',
    authorities: 'ROLE_USER',
    organizationId,
  });
  await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  const editorId = await createUser(db, {
    email: 'lekarz@org.test',
    authorities: 'ROLE_EDITOR',
    organizationId,
  });
  await createUser(db, {
    email: 'nieaktywny@org.test',
    authorities: 'ROLE_USER',
    organizationId,
    activated: false,
  });
  return { patientId, editorId };
}

test('asking for a link answers the same whether or not the account exists, at both doors', async () => {
  await setup();
  const answers = [
    await askPatient({ email: 'pacjent@org.test' }),
    await askPatient({ email: 'nikt@org.test' }),
    await askPatient({ phone: '+48600100200' }),
    await askPatient({ phone: '+48999999999' }),
    await askPatient({ email: 'lekarz@org.test' }), // staff at the patients' door
    await askPatient({ email: 'nieaktywny@org.test' }),
    await askEmployee('lekarz@org.test'),
    await askEmployee('nikt@org.test'),
    await askEmployee('pacjent@org.test'), // a patient at the staff door
  ];
  for (const response of answers) {
    assert.equal(response.statusCode, 204);
    assert.equal(response.body, '');
  }
  // Messages only for the three eligible accounts: by mail, by SMS for the phone-only patient.
  assert.deepEqual(
    (await outbox()).map(({ recipient, channel, sent_at }) => ({ recipient, channel, sent_at })),
    [
      { recipient: 'pacjent@org.test', channel: 'mail', sent_at: null },
      { recipient: '+48600100200', channel: 'sms', sent_at: null },
      { recipient: 'lekarz@org.test', channel: 'mail', sent_at: null },
    ],
  );
});

test('a request names an email or a phone; anything else is a 400', async () => {
  const response = await askPatient({});
  assert.equal(response.statusCode, 400);
  assert.equal(apiError.parse(response.json()).code, 'validation');
  assert.equal((await post('/employees/v1/password/reset/ask', {})).statusCode, 400);
});

test("the link leads to /password-reset-link on this machine's server and stores only a hash", async () => {
  await setup();
  await askPatient({ email: 'Pacjent@Org.test' });
  const { token, role, url } = await latestLinkToken();
  assert.equal(url.origin, 'http://localhost:8080'); // the server on this machine, never the request's Host
  assert.equal(url.pathname, '/password-reset-link');
  assert.equal(role, 'user');
  assert.ok(Buffer.from(token, 'base64url').length >= 16, 'at least 128 random bits');
  const stored = await db.selectFrom('password_resets').selectAll().executeTakeFirstOrThrow();
  assert.notEqual(stored.token_hash, token);
  assert.ok(!stored.token_hash.includes(token));
  assert.equal(new Date(stored.expires_at).getTime(), now().getTime() + RESET_TOKEN_TTL_MS);
});

test('PUBLIC_URL, when set, is the origin of the link', async () => {
  const { app: configured, config } = await setupTestApp(db, { publicUrl: 'https://formularze.example.pl' });
  await setup();
  await configured.inject({
    method: 'POST',
    url: '/employees/v1/password/reset/ask',
    payload: { email: 'lekarz@org.test' },
  });
  const { url, role } = await latestLinkToken(config);
  assert.equal(url.origin, 'https://formularze.example.pl');
  assert.equal(role, 'employee');
});

test('the link check tells the expiry, role and login of a live link, and 404 otherwise', async () => {
  await setup();
  await askPatient({ email: 'pacjent@org.test' });
  const { token } = await latestLinkToken();
  const check = await app.inject({ url: `/api/auth/reset-link/${token}` });
  assert.equal(check.statusCode, 200);
  assert.deepEqual(resetLinkInfo.parse(check.json()), {
    validUntil: new Date(now().getTime() + RESET_TOKEN_TTL_MS).toISOString(),
    role: 'user',
    login: 'pacjent@org.test',
  });
  assert.equal((await app.inject({ url: '/api/auth/reset-link/unknown' })).statusCode, 404);
  advance(RESET_TOKEN_TTL_MS);
  const expired = await app.inject({ url: `/api/auth/reset-link/${token}` });
  assert.equal(expired.statusCode, 404);
  assert.equal(apiError.parse(expired.json()).code, 'reset-link-invalid');
});

test('a new password by link: sessions revoked, link used once, new password works', async () => {
  await setup();
  const before = await signIn(app, { username: 'pacjent@org.test' });
  await askPatient({ email: 'pacjent@org.test' });
  await askPatient({ email: 'pacjent@org.test' }); // an older link, used up by the reset too
  const { token } = await latestLinkToken();
  const reset = await post('/api/auth/change_password', {
    email: 'pacjent@org.test',
    resetId: token,
    newPassword: NEW_PASSWORD,
  });
  assert.equal(reset.statusCode, 204);
  assert.equal((await app.inject({ url: '/api/persons/my', headers: before })).statusCode, 401);
  const again = await post('/api/auth/change_password', { resetId: token, newPassword: 'Inne#Haslo2026' });
  assert.equal(again.statusCode, 400);
  assert.deepEqual(apiError.parse(again.json()), {
    statusCode: 400,
    error: 'Bad Request',
    message: 'Błąd zmiany hasła',
    code: 'reset-link-invalid',
  });
  const open = await db.selectFrom('password_resets').where('used_at', 'is', null).selectAll().execute();
  assert.equal(open.length, 0);
  const login = await post('/api/auth/login', { username: 'pacjent@org.test', password: NEW_PASSWORD });
  assert.equal(login.statusCode, 200);
  const old = await post('/api/auth/login', { username: 'pacjent@org.test', password: TEST_PASSWORD });
  assert.equal(old.statusCode, 401);
});

test('staff set their password at their own door only', async () => {
  await setup();
  await askEmployee('lekarz@org.test');
  const { token } = await latestLinkToken();
  const wrongDoor = await post('/api/auth/change_password', { resetId: token, newPassword: NEW_PASSWORD });
  assert.equal(wrongDoor.statusCode, 400);
  const wrongEmail = await post('/employees/v1/password/reset', {
    email: 'pacjent@org.test',
    resetId: token,
    newPassword: NEW_PASSWORD,
  });
  assert.equal(wrongEmail.statusCode, 400);
  const reset = await post('/employees/v1/password/reset', {
    email: 'Lekarz@org.test',
    resetId: token,
    newPassword: NEW_PASSWORD,
  });
  assert.equal(reset.statusCode, 204);
  assert.equal(
    (await post('/employees/v1/login', { email: 'lekarz@org.test', password: NEW_PASSWORD })).statusCode,
    200,
  );
});

test('an expired link and a weak password are refused', async () => {
  await setup();
  await askPatient({ email: 'pacjent@org.test' });
  const { token } = await latestLinkToken();
  const weak = await post('/api/auth/change_password', { resetId: token, newPassword: 'slabe' });
  assert.equal(weak.statusCode, 400);
  assert.deepEqual(Object.keys(apiError.parse(weak.json()).fields ?? {}), ['newPassword']);
  advance(RESET_TOKEN_TTL_MS + 1000);
  const expired = await post('/api/auth/change_password', { resetId: token, newPassword: NEW_PASSWORD });
  assert.equal(expired.statusCode, 400);
  assert.equal(apiError.parse(expired.json()).code, 'reset-link-invalid');
});

test('a phone-only patient gets the link by SMS and the reset lifts a lockout', async () => {
  await setup();
  for (let i = 0; i < MAX_FAILED_ATTEMPTS; i += 1) {
    await post('/api/auth/login', { phone: '+48600100200', password: 'Wrong@2026x' });
  }
  assert.equal(
    (await post('/api/auth/login', { phone: '+48600100200', password: TEST_PASSWORD })).statusCode,
    423,
  );
  await askPatient({ phone: '+48600100200' });
  const { token } = await latestLinkToken();
  const info = resetLinkInfo.parse((await app.inject({ url: `/api/auth/reset-link/${token}` })).json());
  assert.equal(info.login, '+48600100200');
  const reset = await post('/api/auth/change_password', {
    email: info.login,
    resetId: token,
    newPassword: NEW_PASSWORD,
  });
  assert.equal(reset.statusCode, 204);
  assert.equal(
    (await post('/api/auth/login', { phone: '+48600100200', password: NEW_PASSWORD })).statusCode,
    200,
  );
});

test('changing the password when signed in: the current one is checked, other sessions end', async () => {
  await setup();
  const current = await signIn(app, { email: 'lekarz@org.test' });
  const other = await signIn(app, { email: 'lekarz@org.test' });
  const change = (payload: object) =>
    app.inject({ method: 'PUT', url: '/api/auth/change_password', headers: current, payload });
  const wrong = await change({ oldPassword: 'Wrong@2026x', newPassword: NEW_PASSWORD });
  assert.equal(wrong.statusCode, 400);
  assert.deepEqual(apiError.parse(wrong.json()), {
    statusCode: 400,
    error: 'Bad Request',
    message: 'Wprowadzone aktualne hasło jest niepoprawne.',
    code: 'invalid-old-password',
  });
  assert.equal((await change({ oldPassword: TEST_PASSWORD, newPassword: 'weak' })).statusCode, 400);
  assert.equal((await change({ oldPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).statusCode, 204);
  assert.equal((await app.inject({ url: '/api/persons/my', headers: current })).statusCode, 200);
  assert.equal((await app.inject({ url: '/api/persons/my', headers: other })).statusCode, 401);
  assert.equal(
    (await post('/employees/v1/login', { email: 'lekarz@org.test', password: NEW_PASSWORD })).statusCode,
    200,
  );
  const anonymous = await app.inject({
    method: 'PUT',
    url: '/api/auth/change_password',
    payload: { oldPassword: NEW_PASSWORD, newPassword: NEW_PASSWORD },
  });
  assert.equal(anonymous.statusCode, 401);
});

test('too many requests from one address get a 429 with retry-after', async () => {
  const from = { remoteAddress: '192.0.2.7' };
  const statuses = [];
  for (let i = 0; i < 21; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/recover_password',
      payload: { email: 'nikt@org.test' },
      ...from,
    });
    statuses.push(response.statusCode);
    if (response.statusCode === 429) {
      assert.ok(Number(response.headers['retry-after']) > 0);
      assert.deepEqual(apiError.parse(response.json()), {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
        code: 'too-many-requests',
      });
    }
  }
  assert.deepEqual(statuses, [...Array<number>(20).fill(204), 429]);
  // Logins from that address are counted on their own route, another address is not limited.
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'nikt@org.test', password: 'x' },
    ...from,
  });
  assert.equal(login.statusCode, 401);
  const elsewhere = await askPatient({ email: 'nikt@org.test' });
  assert.equal(elsewhere.statusCode, 204);
});
