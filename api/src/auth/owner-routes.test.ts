import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { apiError, loginResponse } from '@formularze/domain/schemas';
import { createUser, TEST_PASSWORD, setupTestApp, setupTestDatabase } from '../../test/helpers';

const db = await setupTestDatabase();
const { app } = await setupTestApp(db);

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login-owner', payload: { email, password } });
const check = (token?: string) =>
  app.inject({ url: '/api/auth/check-owner', headers: token ? { 'x-auth-token': token } : {} });

async function expectLoginFailure(email: string, password: string) {
  const response = await login(email, password);
  assert.equal(response.statusCode, 401);
  assert.deepEqual(apiError.parse(response.json()), {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Błąd logowania',
    code: 'login-failed',
  });
}

test('a super-admin signs in, is recognised, and signs out', async () => {
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const response = await login('  Admin@Platform.test ', TEST_PASSWORD);
  assert.equal(response.statusCode, 200);
  const { token } = loginResponse.parse(response.json());

  const checked = await check(token);
  assert.equal(checked.statusCode, 200);
  assert.deepEqual(checked.json(), { email: 'admin@platform.test' });

  const logout = await app.inject({
    method: 'POST',
    url: '/api/auth/logout-owner',
    headers: { 'x-auth-token': token },
  });
  assert.equal(logout.statusCode, 204);
  assert.equal(logout.body, '');
  assert.equal((await check(token)).statusCode, 401);
});

test('only the hash of the session token is stored', async () => {
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const { token } = loginResponse.parse((await login('admin@platform.test', TEST_PASSWORD)).json());
  const session = await db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
  assert.equal(session.kind, 'owner');
  assert.equal(session.token_hash, createHash('sha256').update(token).digest('hex'));
  assert.ok(session.expires_at > new Date());
});

test('a wrong password and an unknown email get the same answer, in a similar time', async () => {
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const timed = async (email: string, password: string) => {
    const start = performance.now();
    await expectLoginFailure(email, password);
    return performance.now() - start;
  };
  const wrongPassword = await timed('admin@platform.test', 'Wrong@2026pass');
  const unknownEmail = await timed('nobody@platform.test', TEST_PASSWORD);
  // Without the dummy hash an unknown email answers in a few milliseconds, a wrong password in hundreds.
  assert.ok(
    unknownEmail > wrongPassword / 3,
    `unknown email ${unknownEmail} ms, wrong password ${wrongPassword} ms`,
  );
});

test('organization staff and deactivated admins cannot open the panel', async () => {
  await createUser(db, { email: 'owner@org.test', authorities: 'ROLE_OWNER' });
  await createUser(db, { email: 'sleeping@platform.test', authorities: 'ROLE_ADMIN', activated: false });
  await expectLoginFailure('owner@org.test', TEST_PASSWORD);
  await expectLoginFailure('sleeping@platform.test', TEST_PASSWORD);
});

test('check-owner refuses missing, unknown and expired tokens', async () => {
  assert.equal((await check()).statusCode, 401);
  assert.equal((await check('made-up')).statusCode, 401);

  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const { token } = loginResponse.parse((await login('admin@platform.test', TEST_PASSWORD)).json());
  await db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .execute();
  assert.equal((await check(token)).statusCode, 401);
});

test('a session stops working when its admin is removed', async () => {
  const id = await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const { token } = loginResponse.parse((await login('admin@platform.test', TEST_PASSWORD)).json());
  await db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', id).execute();
  assert.equal((await check(token)).statusCode, 401);
});

test('a login without the fields is a 400 that names them', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login-owner',
    payload: { email: 'a@b.c' },
  });
  assert.equal(response.statusCode, 400);
  const body = apiError.parse(response.json());
  assert.equal(body.code, 'validation');
  assert.deepEqual(Object.keys(body.fields ?? {}), ['password']);
  assert.match(body.message, /password/);
});

test('logging out without a session is still a 204', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/auth/logout-owner' });
  assert.equal(response.statusCode, 204);
});

test('guessing the super-admin password is throttled per address', async () => {
  const from = { remoteAddress: '192.0.2.44' };
  const statuses = [];
  for (let i = 0; i < 21; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login-owner',
      // A login of its own each time: the account lockout (lockout.test.ts) is not what this counts.
      payload: { email: `admin${i}@platform.test`, password: `proba-${i}` },
      ...from,
    });
    statuses.push(response.statusCode);
  }
  assert.deepEqual(statuses, [...Array<number>(20).fill(401), 429]);
});
