import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createOrganization,
  createUser,
  freshClientAddress,
  setupDatabaseAndApp,
  signInFromNewAddress,
  TEST_PASSWORD,
} from '../../test/helpers';
import { openedOutbox, resetLinkIn } from '../../test/outbox';

/**
 * When credentials stop working: a password set by link ends every session of the account and no
 * other; a link works once even when sent twice at the same moment; a password changed while signed
 * in uses up the links asked for before; API keys end with a reset by link, with a password change
 * unless the person keeps them, and with their owner's deactivation.
 */

const { db, app, config } = await setupDatabaseAndApp();

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshClientAddress() });
const signedIn = async (headers: Record<string, string>) =>
  (await app.inject({ url: '/api/persons/my', headers })).statusCode === 200;

/** The token of the latest set-password link queued for `recipient`. */
async function latestLinkToken(recipient: string): Promise<string> {
  const message = (await openedOutbox(db, config)).findLast((queued) => queued.recipient === recipient);
  return resetLinkIn(message?.body, `a link for ${recipient}`).searchParams.get('token')!;
}

async function accounts() {
  const organizationId = await createOrganization(db);
  const patientId = await createUser(db, {
    email: 'pacjent@org.test',
    phone: '+48600100200',
    authorities: 'ROLE_USER',
    organizationId,
  });
  await createUser(db, { email: 'inny@org.test', authorities: 'ROLE_USER', organizationId });
  const editorId = await createUser(db, {
    email: 'lekarz@org.test',
    authorities: 'ROLE_EDITOR',
    organizationId,
  });
  return { patientId, editorId };
}

test('a password set by link ends every session of the account, by either login, and no one else’s', async () => {
  await accounts();
  const sessions = [
    await signInFromNewAddress(app, { username: 'pacjent@org.test' }),
    await signInFromNewAddress(app, { username: 'pacjent@org.test' }),
    await signInFromNewAddress(app, { phone: '+48600100200' }),
  ];
  const someoneElse = await signInFromNewAddress(app, { username: 'inny@org.test' });
  assert.equal(
    (await post('/api/auth/recover_password', { phone: '+48600100200', lang: 'pl' })).statusCode,
    204,
  );
  const token = await latestLinkToken('+48600100200');
  const reset = await post('/api/auth/change_password', { resetId: token, newPassword: 'Nowe#Haslo2026' });
  assert.equal(reset.statusCode, 204, reset.body);
  for (const headers of sessions) assert.equal(await signedIn(headers), false);
  assert.equal(await signedIn(someoneElse), true);
  // The used link is refused, at the check and when sent again.
  assert.equal((await app.inject({ url: `/api/auth/reset-link/${token}` })).statusCode, 404);
  const again = await post('/api/auth/change_password', { resetId: token, newPassword: 'Inne#Haslo2026' });
  assert.equal(again.statusCode, 400);
});

test('one link sent twice at the same moment sets one password', async () => {
  await accounts();
  await post('/employees/v1/password/reset/ask', { email: 'lekarz@org.test', lang: 'pl' });
  const resetId = await latestLinkToken('lekarz@org.test');
  const passwords = ['Pierwsze#Haslo1', 'Drugie#Haslo22'];
  const answers = await Promise.all(
    passwords.map((newPassword) => post('/employees/v1/password/reset', { resetId, newPassword })),
  );
  assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [204, 400]);
  const winner = passwords[answers.findIndex((answer) => answer.statusCode === 204)]!;
  const logins = await Promise.all(
    passwords.map(
      async (password) =>
        (await post('/employees/v1/login', { email: 'lekarz@org.test', password })).statusCode,
    ),
  );
  assert.deepEqual(
    logins,
    passwords.map((password) => (password === winner ? 200 : 401)),
  );
});

test('a password changed while signed in uses up the links asked for before', async () => {
  await accounts();
  await post('/api/auth/recover_password', { email: 'pacjent@org.test', lang: 'pl' });
  const earlier = await latestLinkToken('pacjent@org.test');
  const headers = await signInFromNewAddress(app, { username: 'pacjent@org.test' });
  const changed = await app.inject({
    method: 'PUT',
    url: '/api/auth/change_password',
    headers,
    payload: { oldPassword: TEST_PASSWORD, newPassword: 'Nowe#Haslo2026' },
  });
  assert.equal(changed.statusCode, 204, changed.body);
  assert.equal((await app.inject({ url: `/api/auth/reset-link/${earlier}` })).statusCode, 404);
  const used = await post('/api/auth/change_password', { resetId: earlier, newPassword: 'Trzecie#Haslo3' });
  assert.equal(used.statusCode, 400);
});

async function editorKey(editor: Record<string, string>, label: string) {
  const created = await post('/employees/v1/tokens', { label }, editor);
  assert.equal(created.statusCode, 201, created.body);
  return { 'x-auth-token': created.json<{ token: string }>().token };
}

test('a password reset by link revokes the account’s API keys: the account may have been taken over', async () => {
  await accounts();
  const editor = await signInFromNewAddress(app, { email: 'lekarz@org.test' });
  const key = await editorKey(editor, 'Integracja');
  assert.equal(await signedIn(key), true);

  await post('/employees/v1/password/reset/ask', { email: 'lekarz@org.test', lang: 'pl' });
  const resetId = await latestLinkToken('lekarz@org.test');
  assert.equal(
    (await post('/employees/v1/password/reset', { resetId, newPassword: 'Nowe#Haslo2026' })).statusCode,
    204,
  );
  assert.equal(await signedIn(editor), false);
  assert.equal(await signedIn(key), false);
  assert.equal(await db.selectFrom('api_keys').select('id').executeTakeFirst(), undefined);
});

test('a password change revokes the API keys unless asked to keep them', async () => {
  await accounts();
  const editor = await signInFromNewAddress(app, { email: 'lekarz@org.test' });
  const change = (payload: object) =>
    app.inject({ method: 'PUT', url: '/api/auth/change_password', headers: editor, payload });

  const revoked = await editorKey(editor, 'Stary skrypt');
  const byDefault = await change({ oldPassword: TEST_PASSWORD, newPassword: 'Nowe#Haslo2026' });
  assert.equal(byDefault.statusCode, 204, byDefault.body);
  assert.equal(await signedIn(revoked), false);

  const kept = await editorKey(editor, 'Integracja');
  const keeping = await change({
    oldPassword: 'Nowe#Haslo2026',
    newPassword: 'Trzecie#Haslo3',
    revokeApiKeys: false,
  });
  assert.equal(keeping.statusCode, 204, keeping.body);
  assert.equal(await signedIn(kept), true);
  assert.equal(await signedIn(editor), true);
});

test('an API key stops working when its owner is deactivated', async () => {
  const { editorId } = await accounts();
  const key = await editorKey(await signInFromNewAddress(app, { email: 'lekarz@org.test' }), 'CI');
  assert.equal(await signedIn(key), true);
  await db.updateTable('users').set({ activated: false }).where('id', '=', editorId).execute();
  assert.equal(await signedIn(key), false);
});
