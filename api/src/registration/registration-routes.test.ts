import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import {
  joinOrganizationResponse,
  newChannelToken,
  organizationNames,
} from '@formularze/domain/schemas/registration';
import { buildApp } from '../app';
import { EASY_CAPTCHA, solveCaptcha } from '../../test/captcha-support';
import {
  createOrganization,
  createTerms,
  createUser,
  freshClientAddress,
  setupTestDatabase,
  TEST_PASSWORD,
  testConfig,
} from '../../test/helpers';
import { createInProcessRegistrationEvents } from './registration-events';

const db = await setupTestDatabase();
// The production proof of work takes about a second; this one is solved in milliseconds.
const app = await buildApp({
  db,
  config: await testConfig(),
  registration: { captchaDifficulty: EASY_CAPTCHA },
});
after(() => app.close());

/** Each request from its own address, so the per-address rate limit only bites where a test wants it. */
async function post(url: string, payload: Record<string, unknown>, remoteAddress = freshClientAddress()) {
  const captcha = 'captcha' in payload ? payload.captcha : await solveCaptcha(app);
  return app.inject({ method: 'POST', url, payload: { ...payload, captcha }, remoteAddress });
}

const register = (payload: Record<string, unknown>) =>
  post('/api/organizations/register', {
    orgName: 'Anna Nowak',
    mail: 'anna@klinika.test',
    password: TEST_PASSWORD,
    ...payload,
  });
const join = (organizationId: number, payload: Record<string, unknown> = {}) =>
  post(`/api/organizations/${organizationId}/join`, {
    mail: 'pacjent@klinika.test',
    password: TEST_PASSWORD,
    ...payload,
  });

function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, code: string) {
  assert.equal(response.statusCode, statusCode, JSON.stringify(response.json()));
  assert.equal(apiError.parse(response.json()).code, code);
}

async function joinableOrganization(
  flags: { code?: string; activation?: boolean; name?: string } = {},
): Promise<number> {
  const id = await createOrganization(db, { name: flags.name ?? 'Klinika' });
  await db
    .updateTable('organizations')
    .set({
      enable_self_registration: true,
      enable_code_registration: flags.code !== undefined,
      org_code: flags.code ?? null,
      enable_user_activation: flags.activation ?? false,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

test('GET /api/organizations/names lists only organizations open to self-registration, with their terms', async () => {
  const withCode = await joinableOrganization({ name: 'Zdrowie', code: 'KOD-12345' });
  const open = await joinableOrganization({ name: 'apteka' });
  await createOrganization(db, { name: 'Zamknięta' });
  const terms = await createTerms(db, { organizationId: open, name: 'Regulamin 2026' });
  await createTerms(db, {
    organizationId: open,
    name: 'Przyszły',
    activeSince: new Date(Date.now() + 86_400_000),
  });

  const response = await app.inject({ url: '/api/organizations/names' });
  assert.equal(response.statusCode, 200);
  assert.deepEqual(organizationNames.parse(response.json()), [
    {
      id: open,
      orgName: 'apteka',
      enableCodeRegistration: false,
      currentTerms: {
        id: terms,
        name: 'Regulamin 2026',
        link: `/org-media/files/terms/${open}/regulamin.pdf`,
      },
    },
    { id: withCode, orgName: 'Zdrowie', enableCodeRegistration: true, currentTerms: null },
  ]);
});

test('registering creates the organization and its activated owner, who can sign in as staff', async () => {
  const response = await register({ orgName: ' Anna Maria Nowak ', mail: 'Anna@Klinika.TEST' });
  assert.equal(response.statusCode, 200, response.body);
  const { organizationId } = response.json<{ organizationId: number }>();

  const organization = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  assert.equal(organization.name, 'Anna Maria Nowak');
  assert.equal(organization.enable_self_registration, false);
  const owner = await db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .execute();
  assert.equal(owner.length, 1);
  assert.equal(owner[0]!.email, 'anna@klinika.test');
  assert.equal(owner[0]!.authorities, 'ROLE_OWNER');
  assert.equal(owner[0]!.activated, true);
  assert.deepEqual([owner[0]!.first_name, owner[0]!.surname], ['Anna', 'Maria Nowak']);

  const login = await app.inject({
    method: 'POST',
    url: '/employees/v1/login',
    payload: { email: 'anna@klinika.test', password: TEST_PASSWORD },
  });
  assert.equal(login.statusCode, 200, login.body);
});

test('registration refuses a used email, a used organization name, a malformed email and a weak password', async () => {
  await createOrganization(db, { name: 'Przychodnia' });
  await createUser(db, { email: 'zajety@klinika.test', authorities: 'ROLE_USER' });

  const usedEmail = await register({ mail: 'ZAJETY@klinika.test' });
  expectError(usedEmail, 409, 'Email is not unique');
  assert.equal(usedEmail.json<{ message: string }>().message, 'Email nie jest unikalny.');
  expectError(await register({ orgName: 'PRZYCHODNIA' }), 409, 'Organization name is not unique');
  expectError(await register({ mail: 'to-nie-email' }), 409, 'Invalid email address');

  const weak = await register({ password: 'slabe' });
  expectError(weak, 400, 'validation');
  assert.ok(apiError.parse(weak.json()).fields?.password);
  assert.equal((await db.selectFrom('organizations').select('id').execute()).length, 1);
});

test('registration needs a valid, unused captcha', async () => {
  const missing = await app.inject({
    method: 'POST',
    url: '/api/organizations/register',
    payload: { orgName: 'Anna Nowak', mail: 'anna@klinika.test', password: TEST_PASSWORD },
    remoteAddress: freshClientAddress(),
  });
  expectError(missing, 400, 'validation');
  assert.ok(apiError.parse(missing.json()).fields?.captcha);
  expectError(await register({ captcha: 'zmyślone' }), 400, 'captcha-invalid');

  const captcha = await solveCaptcha(app);
  assert.equal((await register({ captcha })).statusCode, 200);
  expectError(
    await register({ captcha, mail: 'inny@klinika.test', orgName: 'Inna' }),
    400,
    'captcha-invalid',
  );
});

/** The product's own page: testConfig has no PUBLIC_URL, so the server on this machine. */
const PRODUCT_PAGE = { headers: { origin: 'http://localhost:8080' } };
const channel = (query: string, context: { headers: Record<string, string> } = PRODUCT_PAGE, on = app) =>
  on.injectWS(`/tenants/v1/ws/registration?${query}`, context);
const TOKEN = newChannelToken();

test('the live channel tells the registration’s own token, and no one else, that its organization exists', async () => {
  await app.ready();
  const socket = await channel(`token=${TOKEN}`);
  const other = await channel(`token=${newChannelToken()}`);
  const received = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  let otherMessages = 0;
  other.on('message', () => otherMessages++);

  assert.equal((await register({ mail: 'anna@klinika.test', channelToken: TOKEN })).statusCode, 200);
  assert.deepEqual(JSON.parse(await received), { type: 'TENANT_CREATED', email: 'anna@klinika.test' });
  assert.equal(await closed, 1000);
  assert.equal(otherMessages, 0);
  other.terminate();
});

test('nobody can watch an address: the channel wants a token, not an e-mail', async () => {
  await app.ready();
  const byAddress = await channel('email=anna%40klinika.test');
  assert.equal(await new Promise((resolve) => byAddress.once('close', resolve)), 1008);
  const guessed = await channel('token=anna%40klinika.test');
  assert.equal(await new Promise((resolve) => guessed.once('close', resolve)), 1008);
});

test('only a page of the product may open the live channel', async () => {
  await app.ready();
  await assert.rejects(
    channel(`token=${TOKEN}`, { headers: { origin: 'https://attacker.example' } }),
    /Unexpected server response: 403/,
  );
  await assert.rejects(channel(`token=${TOKEN}`, { headers: {} }), /Unexpected server response: 403/);
});

test('the live channel closes itself when nothing happens, and forgets the socket', async () => {
  const events = createInProcessRegistrationEvents();
  const quickApp = await buildApp({
    db,
    config: await testConfig(),
    registration: { captchaDifficulty: EASY_CAPTCHA, events, channelTimeoutMs: 50 },
  });
  try {
    await quickApp.ready();
    const idle = await channel(`token=${TOKEN}`, PRODUCT_PAGE, quickApp);
    assert.equal(events.listenerCount(TOKEN), 1);
    assert.equal(await new Promise((resolve) => idle.once('close', resolve)), 1000);
    // The server forgets a closed socket's subscription.
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(events.listenerCount(TOKEN), 0);
  } finally {
    await quickApp.close();
  }
});

test('a patient joins an open organization, activated at once', async () => {
  const organizationId = await joinableOrganization();
  const response = await join(organizationId, { mail: 'Pacjent@Klinika.test' });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(joinOrganizationResponse.parse(response.json()), { activated: true });
  const patient = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'pacjent@klinika.test')
    .executeTakeFirstOrThrow();
  assert.equal(patient.organization_id, organizationId);
  assert.equal(patient.authorities, 'ROLE_USER');
  assert.equal(patient.activated, true);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'pacjent@klinika.test', password: TEST_PASSWORD },
    remoteAddress: freshClientAddress(),
  });
  assert.equal(login.statusCode, 200, login.body);
});

test('an organization that activates its patients gets them inactive', async () => {
  const organizationId = await joinableOrganization({ activation: true });
  const response = await join(organizationId);
  assert.deepEqual(response.json(), { activated: false });
  const patient = await db.selectFrom('users').select('activated').executeTakeFirstOrThrow();
  assert.equal(patient.activated, false);
});

test('an organization with code registration needs its code', async () => {
  const organizationId = await joinableOrganization({ code: 'TAJNY-KOD-2026' });
  expectError(await join(organizationId), 409, 'Invalid organization code');
  const wrong = await join(organizationId, { orgCode: 'TAJNY-KOD-2025' });
  expectError(wrong, 409, 'Invalid organization code');
  assert.equal(wrong.json<{ message: string }>().message, 'Błąd rejestracji, nieprawidłowy kod organizacji.');
  assert.equal((await join(organizationId, { orgCode: ' TAJNY-KOD-2026 ' })).statusCode, 200);
});

test('an organization with current terms needs them accepted, and the acceptance is recorded', async () => {
  const organizationId = await joinableOrganization();
  const old = await createTerms(db, {
    organizationId,
    name: 'Stary',
    filePath: 'terms/stary.pdf',
    activeSince: new Date(Date.now() - 10 * 86_400_000),
  });
  const current = await createTerms(db, { organizationId });
  expectError(await join(organizationId), 400, 'terms-not-accepted');
  expectError(await join(organizationId, { acceptedTerms: old }), 400, 'accepted-terms-are-not-current');
  assert.equal((await join(organizationId, { acceptedTerms: current })).statusCode, 200);
  const acceptance = await db.selectFrom('terms_acceptances').selectAll().executeTakeFirstOrThrow();
  assert.equal(acceptance.terms_id, current);
  assert.equal(acceptance.revoked_at, null);
});

test('accepting terms of an organization that has none is refused', async () => {
  const organizationId = await joinableOrganization();
  expectError(await join(organizationId, { acceptedTerms: 123 }), 400, 'current-terms-are-not-set');
});

test('joining refuses a used email and organizations closed to self-registration', async () => {
  const organizationId = await joinableOrganization();
  await createUser(db, { email: 'pacjent@klinika.test', authorities: 'ROLE_USER' });
  const taken = await join(organizationId);
  expectError(taken, 409, 'Email is not unique');
  assert.equal(
    taken.json<{ message: string }>().message,
    'Błąd rejestracji, email jest już używany w systemie.',
  );
  expectError(await join(organizationId, { mail: 'zly-adres' }), 409, 'Invalid email address');
  const closed = await createOrganization(db, { name: 'Zamknięta' });
  expectError(await join(closed, { mail: 'nowy@klinika.test' }), 404, 'not-found');
  expectError(await join(999_999, { mail: 'nowy@klinika.test' }), 404, 'not-found');
});

test('registration and joining are rate-limited per address', async () => {
  const organizationId = await joinableOrganization();
  const remoteAddress = '192.0.2.77';
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 21; attempt++) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/organizations/${organizationId}/join`,
      payload: { mail: 'zly-adres', password: TEST_PASSWORD, captcha: 'x' },
      remoteAddress,
    });
    statuses.push(response.statusCode);
  }
  assert.deepEqual(statuses.slice(0, 20), Array(20).fill(400));
  assert.equal(statuses[20], 429);
  const limited = await app.inject({
    method: 'POST',
    url: '/api/organizations/register',
    payload: {},
    remoteAddress,
  });
  assert.equal(limited.statusCode, 400, 'each route counts on its own');
});
