import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError, loginResponse, type ApiError } from '@formularze/domain/schemas';
import {
  createOrganization,
  createUser,
  setupTestApp,
  setupTestDatabase,
  signIn,
  superAdminHeaders,
  TEST_PASSWORD,
} from '../../test/helpers';

const db = await setupTestDatabase();
const { app } = await setupTestApp(db);

// A wrong password's message is the number of attempts left (see lockout.test.ts for the counting).
const PATIENT_FAILED = { statusCode: 401, error: 'Unauthorized', code: 'attempts-left' };
const EMPLOYEE_FAILED = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Nieprawidłowy adres email lub hasło',
  code: 'InvalidEmailError',
};

/** The body without the attempts left, which depend on how many failures came before. */
function withoutAttempts(body: ApiError): Partial<ApiError> {
  const { attemptsLeft, ...rest } = body;
  if (rest.code === 'attempts-left') {
    assert.equal(rest.message, String(attemptsLeft));
    return { statusCode: rest.statusCode, error: rest.error, code: rest.code };
  }
  return rest;
}
const NOT_ACTIVATED = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Użytkownik nie został aktywowany',
  code: 'not activated',
};

const patientLogin = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/login', payload });
const employeeLogin = (email: string, password = TEST_PASSWORD) =>
  app.inject({ method: 'POST', url: '/employees/v1/login', payload: { email, password } });
const my = (headers: Record<string, string> = {}) => app.inject({ url: '/api/persons/my', headers });

async function expectFailure(response: Awaited<ReturnType<typeof patientLogin>>, body: object) {
  assert.equal(response.statusCode, 401);
  assert.deepEqual(withoutAttempts(apiError.parse(response.json())), body);
}

async function createPatient(overrides: { activated?: boolean; organizationId?: number } = {}) {
  const organizationId = overrides.organizationId ?? (await createOrganization(db));
  return createUser(db, {
    email: 'pacjent@org.test',
    phone: '+48600100200',
    authorities: 'ROLE_USER',
    organizationId,
    ...overrides,
  });
}

test('a patient signs in by email, whatever its case, and gets a patient session', async () => {
  const id = await createPatient();
  const response = await patientLogin({ username: ' Pacjent@ORG.test ', password: TEST_PASSWORD });
  assert.equal(response.statusCode, 200);
  const { token } = loginResponse.parse(response.json());
  const session = await db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
  assert.equal(session.user_id, id);
  assert.equal(session.kind, 'patient');
  assert.equal((await my({ 'x-auth-token': token })).json().id, id);
});

test('a patient signs in by phone', async () => {
  const id = await createPatient();
  const response = await patientLogin({ phone: '+48600100200', password: TEST_PASSWORD });
  assert.equal(response.statusCode, 200);
  const { token } = loginResponse.parse(response.json());
  assert.equal((await my({ 'x-auth-token': token })).json().id, id);
});

test('a wrong password, an unknown login and a removed account get the same answer', async () => {
  const id = await createPatient();
  await expectFailure(
    await patientLogin({ username: 'pacjent@org.test', password: 'Wrong@2026x' }),
    PATIENT_FAILED,
  );
  await expectFailure(await patientLogin({ phone: '+48600100200', password: 'Wrong@2026x' }), PATIENT_FAILED);
  await expectFailure(
    await patientLogin({ username: 'nikt@org.test', password: TEST_PASSWORD }),
    PATIENT_FAILED,
  );
  await expectFailure(await patientLogin({ phone: '+48999999999', password: TEST_PASSWORD }), PATIENT_FAILED);
  await db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', id).execute();
  await expectFailure(
    await patientLogin({ username: 'pacjent@org.test', password: TEST_PASSWORD }),
    PATIENT_FAILED,
  );
  assert.equal((await db.selectFrom('sessions').selectAll().execute()).length, 0);
});

test('staff cannot use the patient door, and patients cannot use the staff door', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'lekarz@org.test', authorities: 'ROLE_EDITOR', organizationId });
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  await createPatient({ organizationId });
  await expectFailure(
    await patientLogin({ username: 'lekarz@org.test', password: TEST_PASSWORD }),
    PATIENT_FAILED,
  );
  await expectFailure(
    await patientLogin({ username: 'admin@platform.test', password: TEST_PASSWORD }),
    PATIENT_FAILED,
  );
  await expectFailure(await employeeLogin('pacjent@org.test'), EMPLOYEE_FAILED);
});

test('owners, editors and the platform admin sign in at the staff door with an employee session', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'owner@org.test', authorities: 'ROLE_OWNER', organizationId });
  await createUser(db, { email: 'lekarz@org.test', authorities: 'ROLE_EDITOR', organizationId });
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  for (const email of ['Owner@org.test', 'lekarz@org.test', 'admin@platform.test']) {
    const response = await employeeLogin(email);
    assert.equal(response.statusCode, 200, email);
    const { token } = loginResponse.parse(response.json());
    assert.equal((await my({ 'x-auth-token': token })).statusCode, 200, email);
  }
  const kinds = await db.selectFrom('sessions').select('kind').execute();
  assert.deepEqual(
    kinds.map((session) => session.kind),
    ['employee', 'employee', 'employee'],
  );
  await expectFailure(await employeeLogin('lekarz@org.test', 'Wrong@2026x'), EMPLOYEE_FAILED);
  await expectFailure(await employeeLogin('nikt@org.test'), EMPLOYEE_FAILED);
});

test('a not activated account is told so, but only with the right password', async () => {
  await createPatient({ activated: false });
  await createUser(db, { email: 'nowy@org.test', authorities: 'ROLE_EDITOR', activated: false });
  await expectFailure(
    await patientLogin({ username: 'pacjent@org.test', password: TEST_PASSWORD }),
    NOT_ACTIVATED,
  );
  await expectFailure(await patientLogin({ phone: '+48600100200', password: TEST_PASSWORD }), NOT_ACTIVATED);
  await expectFailure(await employeeLogin('nowy@org.test'), NOT_ACTIVATED);
  await expectFailure(
    await patientLogin({ username: 'pacjent@org.test', password: 'Wrong@2026x' }),
    PATIENT_FAILED,
  );
  await expectFailure(await employeeLogin('nowy@org.test', 'Wrong@2026x'), EMPLOYEE_FAILED);
  // The staff door does not tell a patient's account apart, activated or not.
  await expectFailure(await employeeLogin('pacjent@org.test'), EMPLOYEE_FAILED);
});

test('logging out revokes the token at either door; without a token it is still a 204', async () => {
  await createPatient();
  await createUser(db, { email: 'lekarz@org.test', authorities: 'ROLE_EDITOR' });
  for (const [url, login] of [
    ['/api/auth/logout', { username: 'pacjent@org.test' }],
    ['/employees/v1/logout', { email: 'lekarz@org.test' }],
  ] as const) {
    const headers = await signIn(app, login);
    assert.equal((await my(headers)).statusCode, 200);
    const logout = await app.inject({ method: 'POST', url, headers });
    assert.equal(logout.statusCode, 204);
    assert.equal(logout.body, '');
    const after = await my(headers);
    assert.equal(after.statusCode, 401);
    assert.equal(apiError.parse(after.json()).code, 'unauthenticated');
    assert.equal((await app.inject({ method: 'POST', url })).statusCode, 204);
    assert.equal(
      (await app.inject({ method: 'POST', url, headers: { 'x-auth-token': 'unknown' } })).statusCode,
      204,
    );
  }
});

test('logging out with a JSON content type and an empty body ends the session at every door', async () => {
  await createPatient();
  await createUser(db, { email: 'lekarz@org.test', authorities: 'ROLE_EDITOR' });
  const emptyJson = { 'content-type': 'application/json' };
  for (const [url, login] of [
    ['/api/auth/logout', { username: 'pacjent@org.test' }],
    ['/employees/v1/logout', { email: 'lekarz@org.test' }],
  ] as const) {
    const headers = await signIn(app, login);
    const logout = await app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...emptyJson },
      payload: '',
    });
    assert.equal(logout.statusCode, 204, logout.body);
    assert.equal((await my(headers)).statusCode, 401);
  }
  const owner = await superAdminHeaders(app, db);
  const ownerLogout = await app.inject({
    method: 'POST',
    url: '/api/auth/logout-owner',
    headers: { ...owner, ...emptyJson },
    payload: '',
  });
  assert.equal(ownerLogout.statusCode, 204, ownerLogout.body);
  assert.equal((await app.inject({ url: '/api/auth/check-owner', headers: owner })).statusCode, 401);
});

test('a logout ignores whatever body comes with it: broken JSON or another type still ends the session', async () => {
  await createPatient();
  for (const [contentType, payload] of [
    ['application/json', '{'],
    ['text/plain', 'wyloguj'],
    ['application/xml', '<wyloguj/>'],
  ]) {
    const headers = await signIn(app, { username: 'pacjent@org.test' });
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, 'content-type': contentType! },
      payload,
    });
    assert.equal(logout.statusCode, 204, `${contentType}: ${logout.body}`);
    assert.equal((await my(headers)).statusCode, 401);
  }
});

test('sessions of the super-admin panel and of the application do not open each other', async () => {
  const panel = await superAdminHeaders(app, db);
  assert.equal((await my(panel)).statusCode, 401);
  const app_ = await signIn(app, { email: 'root@platform.test' });
  assert.equal((await my(app_)).statusCode, 200);
  assert.equal((await app.inject({ url: '/api/auth/check-owner', headers: app_ })).statusCode, 401);
});

test('expired sessions and deactivated accounts are signed out', async () => {
  const id = await createPatient();
  const headers = await signIn(app, { username: 'pacjent@org.test' });
  await db.updateTable('users').set({ activated: false }).where('id', '=', id).execute();
  assert.equal((await my(headers)).statusCode, 401);
  await db.updateTable('users').set({ activated: true }).where('id', '=', id).execute();
  assert.equal((await my(headers)).statusCode, 200);
  await db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .execute();
  assert.equal((await my(headers)).statusCode, 401);
});

test('the tenant header x-tenantid-1 is accepted and ignored', async () => {
  await createPatient();
  const tenant = { 'x-tenantid-1': 'main' };
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: tenant,
    payload: { username: 'pacjent@org.test', password: TEST_PASSWORD },
  });
  assert.equal(login.statusCode, 200);
  const headers = { ...tenant, 'x-auth-token': loginResponse.parse(login.json()).token };
  assert.equal((await my(headers)).statusCode, 200);
  assert.equal((await app.inject({ url: '/api/config', headers: tenant })).statusCode, 200);
  assert.equal((await app.inject({ url: '/api/persons/my', headers: tenant })).statusCode, 401);
  assert.equal(
    (await app.inject({ url: '/api/config', headers: { 'x-tenantid-1': 'other' } })).statusCode,
    200,
  );
  const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers });
  assert.equal(logout.statusCode, 204);
});

test('a login without its fields is a 400 that names them', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/employees/v1/login',
    payload: { email: 'a@b.c' },
  });
  assert.equal(response.statusCode, 400);
  assert.deepEqual(Object.keys(apiError.parse(response.json()).fields ?? {}), ['password']);
  assert.equal((await patientLogin({ password: TEST_PASSWORD })).statusCode, 400);
});
