import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import { globalConfig } from '@formularze/domain/schemas/settings';
import {
  createOrganization,
  createUser,
  setupDatabaseAndApp,
  signIn,
  superAdminHeaders,
} from '../../test/helpers';

const { db, app } = await setupDatabaseAndApp();

const read = () => app.inject({ url: '/api/config_global' });
const save = (headers: Record<string, string>, payload: object, id = 1) =>
  app.inject({ method: 'PUT', url: `/api/config_global/${id}`, headers, payload });

async function platformAdmin() {
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  return signIn(app, { email: 'admin@platform.test' });
}

test('the link is unset until the platform administrator saves it; anyone reads it', async () => {
  const before = await read();
  assert.equal(before.statusCode, 200);
  assert.equal(before.headers['cache-control'], 'no-cache');
  assert.deepEqual(globalConfig.parse(before.json()), { linkToResultsSharingTerms: null });

  const headers = await platformAdmin();
  const saved = await save(headers, { linkToResultsSharingTerms: ' https://example.pl/ochrona-danych ' });
  assert.equal(saved.statusCode, 200, saved.body);
  assert.deepEqual(saved.json(), { linkToResultsSharingTerms: 'https://example.pl/ochrona-danych' });
  assert.equal(
    (await save(headers, { linkToResultsSharingTerms: 'http://example.pl/rodo' })).statusCode,
    200,
  );

  assert.deepEqual((await read()).json(), { linkToResultsSharingTerms: 'http://example.pl/rodo' });
  assert.equal((await db.selectFrom('config_global').selectAll().execute()).length, 1);
});

test('only an http(s) address of a web page is saved', async () => {
  const headers = await platformAdmin();
  for (const link of [
    '',
    '   ',
    'example.pl',
    'ftp://example.pl/rodo',
    'javascript:alert(1)',
    `https://example.pl/${'a'.repeat(2000)}`,
  ]) {
    const response = await save(headers, { linkToResultsSharingTerms: link });
    assert.equal(response.statusCode, 400, link);
    const body = apiError.parse(response.json());
    assert.equal(body.code, 'validation');
    assert.equal(
      body.fields?.linkToResultsSharingTerms,
      'Podaj pełny adres strony zaczynający się od http:// lub https://',
    );
  }
  assert.equal((await save(headers, {})).statusCode, 400);
  assert.deepEqual((await read()).json(), { linkToResultsSharingTerms: null });
});

test('nobody but the platform administrator changes the settings, and only record 1 exists', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'owner@przychodnia.test', authorities: 'ROLE_OWNER', organizationId });
  await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  const payload = { linkToResultsSharingTerms: 'https://example.pl/rodo' };
  const owner = await signIn(app, { email: 'owner@przychodnia.test' });
  const patient = await signIn(app, { phone: '+48600100200' });
  for (const headers of [owner, patient]) {
    const response = await save(headers, payload);
    assert.equal(response.statusCode, 403);
    assert.equal(apiError.parse(response.json()).code, 'forbidden');
  }
  assert.equal((await save({}, payload)).statusCode, 401);
  // The super-admin panel's own session opens only the panel.
  assert.equal((await save(await superAdminHeaders(app, db), payload)).statusCode, 401);
  assert.equal((await save(await platformAdmin(), payload, 2)).statusCode, 404);
  assert.deepEqual((await read()).json(), { linkToResultsSharingTerms: null });
});
