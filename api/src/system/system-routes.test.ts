import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError, appConfig, health } from '@formularze/domain/schemas';
import apiPackage from '../../package.json' with { type: 'json' };
import { buildApp } from '../app';
import { setupDatabaseAndApp, testConfig } from '../../test/helpers';

const { db, app } = await setupDatabaseAndApp();

test('GET /api/version answers the api package version', async () => {
  const response = await app.inject('/api/version');
  assert.equal(response.statusCode, 200);
  assert.deepEqual(response.json(), { version: apiPackage.version });
});

test('GET /api/health checks the database', async () => {
  const response = await app.inject('/api/health');
  assert.equal(response.statusCode, 200);
  const body = health.parse(response.json());
  assert.equal(body.status, 'ok');
  assert.equal(body.database, process.env.DATABASE_URL ? 'postgres' : 'pglite');
});

test('GET /api/config tells whether any organization can be joined', async () => {
  const before = appConfig.parse((await app.inject('/api/config')).json());
  assert.deepEqual(before, {
    hasAnyJoinableOrganization: false,
    requireGlobalTosAcceptance: false,
    hasSingleScheduledForm: false,
    singleScheduledFormId: null,
    autoLogoutEnabled: true,
  });

  await db.insertInto('organizations').values({ name: 'Closed', enable_self_registration: false }).execute();
  assert.equal((await app.inject('/api/config')).json().hasAnyJoinableOrganization, false);
  await db.insertInto('organizations').values({ name: 'Open', enable_self_registration: true }).execute();
  assert.equal((await app.inject('/api/config')).json().hasAnyJoinableOrganization, true);
});

test('AUTO_LOGOUT=false switches the idle logout off', async () => {
  const kiosk = await buildApp({ db, config: await testConfig({ autoLogout: false }) });
  try {
    assert.equal((await kiosk.inject('/api/config')).json().autoLogoutEnabled, false);
  } finally {
    await kiosk.close();
  }
});

test('GET /api/docs is the OpenAPI document generated from the route schemas', async () => {
  const response = await app.inject('/api/docs');
  assert.equal(response.statusCode, 200);
  const document = response.json();
  assert.equal(document.openapi, '3.1.0');
  for (const path of [
    '/api/version',
    '/api/remotes',
    '/api/remotes/{name}/activate',
    '/api/auth/login-owner',
  ]) {
    assert.ok(document.paths[path], `${path} is documented`);
  }
  assert.deepEqual(
    document.paths['/api/auth/login-owner'].post.requestBody.content['application/json'].schema.required,
    ['email', 'password'],
  );
  // A header the route validates is documented as one of its parameters.
  for (const operation of [
    document.paths['/api/form_data/'].post,
    document.paths['/api/form_data/{id}'].put,
  ]) {
    assert.deepEqual(
      operation.parameters
        .filter((parameter: { in: string }) => parameter.in === 'header')
        .map(
          ({ name, required, schema }: { name: string; required: boolean; schema: { format: string } }) => [
            name,
            required,
            schema.format,
          ],
        ),
      [
        ['idempotency-key', false, 'uuid'],
        ['queued-at', false, 'date-time'],
      ],
    );
  }
  const uploadHeaders = document.paths['/api/form_data/upload_file'].post.parameters.filter(
    (parameter: { in: string }) => parameter.in === 'header',
  );
  assert.deepEqual(
    uploadHeaders.map(({ name }: { name: string }) => name),
    ['idempotency-key'],
  );
  assert.equal(document.paths['/api/docs'], undefined);
});

test('an unexpected error is a 500 that reveals nothing', async () => {
  const broken = await buildApp({ db, config: await testConfig() });
  broken.get('/api/broken', { config: { access: 'public' } }, async () => {
    throw new Error('connection string postgres://secret');
  });
  try {
    const response = await broken.inject('/api/broken');
    assert.equal(response.statusCode, 500);
    const body = apiError.parse(response.json());
    assert.doesNotMatch(response.body, /secret/);
    assert.equal(body.error, 'Internal Server Error');
  } finally {
    await broken.close();
  }
});

test("malformed JSON is the client's mistake: 400, not 500", async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login-owner',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":',
  });
  assert.equal(response.statusCode, 400);
  apiError.parse(response.json());
});
