import assert from 'node:assert/strict';
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { apiKeyExpiry, apiKeyList, createdApiKey } from '@formularze/domain/schemas/api-keys';
import { sql } from 'kysely';
import {
  createOrganization,
  createUser,
  setupDatabaseAndApp,
  setupTestApp,
  signIn,
} from '../../test/helpers';
import { API_KEY_ENCRYPTION_KEY_FILE, resolveApiKeyEncryptionKey } from '../core/encryption-key';
import { createTokenCipher } from '../core/token-cipher';

const { db, app, config } = await setupDatabaseAndApp();

async function editor(email = 'editor@org.test', organizationId?: number) {
  const orgId = organizationId ?? (await createOrganization(db));
  const userId = await createUser(db, { email, authorities: 'ROLE_EDITOR', organizationId: orgId });
  return { userId, organizationId: orgId, headers: await signIn(app, { email }) };
}

async function create(headers: Record<string, string>, label: string, expires = apiKeyExpiry()) {
  const response = await app.inject({
    method: 'POST',
    url: '/employees/v1/tokens',
    headers,
    payload: { label, expires },
  });
  assert.equal(response.statusCode, 201, response.body);
  return createdApiKey.parse(response.json());
}

const list = async (headers: Record<string, string>) =>
  apiKeyList.parse((await app.inject({ url: '/employees/v1/tokens', headers })).json()).tokens;

test('create, list and delete a key', async () => {
  const { headers } = await editor();
  const created = await create(headers, 'Skrypt eksportu');
  assert.ok(Buffer.from(created.token.replace(/^fk_/, ''), 'base64url').length >= 16, 'at least 128 bits');
  assert.equal(created.createdBy, 'editor@org.test');
  assert.equal(created.lastUsed, null);
  assert.deepEqual(await list(headers), [created]);

  const deleted = await app.inject({
    method: 'DELETE',
    url: `/employees/v1/tokens?tokenId=${created.tokenId}`,
    headers,
  });
  assert.equal(deleted.statusCode, 204);
  assert.deepEqual(await list(headers), []);
});

test('keys are stored encrypted: the raw key appears nowhere in the table', async () => {
  const { headers } = await editor();
  const { token } = await create(headers, 'Tajny');
  const { rows } = await sql<{ dump: string }>`select api_keys::text as dump from api_keys`.execute(db);
  assert.equal(rows.length, 1);
  assert.ok(!rows[0]!.dump.includes(token), rows[0]!.dump);
  assert.ok(!rows[0]!.dump.includes(token.slice(3)));
});

test('a key signs its owner in as x-auth-token, until it is deleted', async () => {
  const { userId, headers } = await editor();
  const { token, tokenId } = await create(headers, 'CI');
  const my = await app.inject({ url: '/api/persons/my', headers: { 'x-auth-token': token } });
  assert.equal(my.statusCode, 200);
  assert.equal(my.json().id, userId);

  await app.inject({ method: 'DELETE', url: `/employees/v1/tokens?tokenId=${tokenId}`, headers });
  assert.equal(
    (await app.inject({ url: '/api/persons/my', headers: { 'x-auth-token': token } })).statusCode,
    401,
  );
});

test('a process with another encryption key lists the key without its text, and the key still works', async () => {
  const { userId, headers } = await editor();
  const created = await create(headers, 'Z innego serwera');
  const { app: otherProcess } = await setupTestApp(db, { apiKeyEncryptionKey: 'cd'.repeat(32) });

  const listed = await otherProcess.inject({ url: '/employees/v1/tokens', headers });
  assert.equal(listed.statusCode, 200, listed.body);
  assert.deepEqual(apiKeyList.parse(listed.json()).tokens, [{ ...created, token: null }]);
  const my = await otherProcess.inject({
    url: '/api/persons/my',
    headers: { 'x-auth-token': created.token },
  });
  assert.equal(my.json().id, userId);
});

test('an expired key is a 401; a key in the past cannot be created', async () => {
  const { headers } = await editor();
  const { token, tokenId } = await create(headers, 'Stary');
  await db
    .updateTable('api_keys')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', tokenId)
    .execute();
  assert.equal(
    (await app.inject({ url: '/api/persons/my', headers: { 'x-auth-token': token } })).statusCode,
    401,
  );

  const past = await app.inject({
    method: 'POST',
    url: '/employees/v1/tokens',
    headers,
    payload: { label: 'x', expires: new Date(Date.now() - 60_000).toISOString() },
  });
  assert.equal(past.statusCode, 400);
});

test('a removed user’s keys stop working', async () => {
  const { userId, headers } = await editor();
  const { token } = await create(headers, 'CI');
  await db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', userId).execute();
  assert.equal(
    (await app.inject({ url: '/api/persons/my', headers: { 'x-auth-token': token } })).statusCode,
    401,
  );
});

test('only the owner of a key lists or deletes it; patients have no keys', async () => {
  const first = await editor('first@org.test');
  const second = await editor('second@org.test', first.organizationId);
  const { tokenId } = await create(first.headers, 'Pierwszy');
  assert.deepEqual(await list(second.headers), []);
  const foreign = await app.inject({
    method: 'DELETE',
    url: `/employees/v1/tokens?tokenId=${tokenId}`,
    headers: second.headers,
  });
  assert.equal(foreign.statusCode, 404);
  assert.equal((await list(first.headers)).length, 1);

  await createUser(db, {
    phone: '+48600100200',
    authorities: 'ROLE_USER',
    organizationId: first.organizationId,
  });
  const patient = await signIn(app, { phone: '+48600100200' });
  assert.equal((await app.inject({ url: '/employees/v1/tokens', headers: patient })).statusCode, 403);
  assert.equal((await app.inject({ url: '/employees/v1/tokens' })).statusCode, 401);
});

test('a key manages no keys: listing, creating and deleting take a password session', async () => {
  const { headers } = await editor();
  const { token, tokenId } = await create(headers, 'CI');
  const key = { 'x-auth-token': token };
  const attempts = [
    await app.inject({ url: '/employees/v1/tokens', headers: key }),
    await app.inject({
      method: 'POST',
      url: '/employees/v1/tokens',
      headers: key,
      payload: { label: 'Nowy' },
    }),
    await app.inject({ method: 'DELETE', url: `/employees/v1/tokens?tokenId=${tokenId}`, headers: key }),
  ];
  for (const response of attempts) {
    assert.equal(response.statusCode, 403, response.body);
    assert.equal(response.json().code, 'api-key-not-allowed');
  }
  assert.equal((await list(headers)).length, 1);
});

test('a key without a date lives a year; the list tells when it was last used and who created it', async () => {
  const { headers } = await editor();
  const before = Date.now();
  const response = await app.inject({
    method: 'POST',
    url: '/employees/v1/tokens',
    headers,
    payload: { label: 'Domyślny' },
  });
  assert.equal(response.statusCode, 201, response.body);
  const created = createdApiKey.parse(response.json());
  const expires = new Date(created.expires).getTime();
  assert.ok(expires >= new Date(apiKeyExpiry(new Date(before))).getTime());
  assert.ok(expires <= new Date(apiKeyExpiry()).getTime());
  assert.ok(expires < before + 367 * 24 * 60 * 60 * 1000, 'a year, not a century');

  await app.inject({ url: '/api/persons/my', headers: { 'x-auth-token': created.token } });
  const [listed] = await list(headers);
  assert.ok(listed?.lastUsed && Date.parse(listed.lastUsed) >= before, 'last use recorded');
  assert.equal(listed.createdBy, 'editor@org.test');
});

test('the text of a key is shown only to the account that created it', async () => {
  const { userId, organizationId, headers } = await editor();
  const other = await createUser(db, { email: 'other@org.test', authorities: 'ROLE_EDITOR', organizationId });
  const { tokenId } = await create(headers, 'Cudzy');
  await db.updateTable('api_keys').set({ created_by: other }).where('id', '=', tokenId).execute();
  const [listed] = await list(headers);
  assert.equal(listed?.token, null);
  assert.equal(listed?.createdBy, 'other@org.test');
  assert.ok(userId !== other);
});

test('labels are required; bad ids are 400, not 500', async () => {
  const { headers } = await editor();
  const empty = await app.inject({
    method: 'POST',
    url: '/employees/v1/tokens',
    headers,
    payload: { label: ' ', expires: apiKeyExpiry() },
  });
  assert.equal(empty.statusCode, 400);
  assert.equal(empty.json().fields.label, 'To pole jest wymagane');
  for (const id of ['abc', '99999999999', '-1']) {
    const response = await app.inject({
      method: 'DELETE',
      url: `/employees/v1/tokens?tokenId=${id}`,
      headers,
    });
    assert.equal(response.statusCode, 400, id);
  }
});

test('the encryption key is generated once into the data folder, readable by its owner only', async () => {
  const first = await resolveApiKeyEncryptionKey({ dataDir: config.dataDir, apiKeyEncryptionKey: undefined });
  const file = path.join(config.dataDir, API_KEY_ENCRYPTION_KEY_FILE);
  assert.equal((await stat(file)).mode & 0o777, 0o600);
  assert.equal(first.length, 32);
  assert.deepEqual(
    await resolveApiKeyEncryptionKey({ dataDir: config.dataDir, apiKeyEncryptionKey: undefined }),
    first,
  );
  assert.equal((await readFile(file, 'utf8')).trim(), first.toString('hex'));

  const configured = 'ab'.repeat(32);
  const fromConfig = await resolveApiKeyEncryptionKey({
    dataDir: config.dataDir,
    apiKeyEncryptionKey: configured,
  });
  assert.equal(fromConfig.toString('hex'), configured);
});

test('the cipher refuses a tampered ciphertext', () => {
  const cipher = createTokenCipher(Buffer.alloc(32, 7));
  const stored = cipher.encrypt('fk_secret');
  assert.equal(cipher.decrypt(stored), 'fk_secret');
  const bytes = Buffer.from(stored, 'base64url');
  bytes[bytes.length - 1]! ^= 1;
  assert.throws(() => cipher.decrypt(bytes.toString('base64url')));
});
