import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { apiError } from '@formularze/domain/schemas';
import { buildApp } from '../app';
import {
  createOrganization,
  createTerms,
  createUser,
  setupTestDatabase,
  signIn,
  testConfig,
} from '../../test/helpers';
import type { RouteAccess } from './access-control';
import { signedInPerson } from './session-guard';

const db = await setupTestDatabase();
const config = await testConfig();

/** The real app plus a few permission-guarded probes (no real route needs a permission yet). */
async function appWithProbes(): Promise<FastifyInstance> {
  const app = await buildApp({ db, config });
  const probe = (url: string, access: RouteAccess) =>
    app.get(url, { config: { access }, schema: { tags: ['test'] } }, async (request) => {
      const { userId, organizationId, authorities, sessionKind } = signedInPerson(request);
      return { userId, organizationId, authorities, sessionKind };
    });
  probe('/api/test/main', { permission: 'main:view' });
  probe('/api/test/profile', { permission: 'profilePage:view' });
  probe('/api/test/forms', { permission: 'forms-page:view' });
  probe('/api/test/form-edit', { permission: 'form:edit' });
  probe('/api/test/session', 'session');
  return app;
}

const app = await appWithProbes();
await app.ready();

/** A path that matches the route: parameters get a placeholder, a wildcard a file name. */
const samplePath = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'file.pdf');

test('every route that is not public answers 401 without a valid token', async () => {
  const guarded = app.accessRegistry.filter((route) => route.access !== 'public');
  assert.ok(guarded.length >= 10, `only ${guarded.length} guarded routes`);
  for (const expected of [
    'GET /api/persons/my',
    'PUT /api/organizations/terms/:id/accept',
    'GET /api/remotes/history',
  ]) {
    assert.ok(
      guarded.some((route) => `${route.method} ${route.url}` === expected),
      `${expected} is guarded`,
    );
  }
  for (const route of guarded) {
    for (const headers of [{}, { 'x-auth-token': 'not-a-session' }, { 'x-tenantid-1': 'main' }]) {
      const name = `${route.method} ${route.url} with ${JSON.stringify(headers)}`;
      // No body: the check runs before the body would be parsed or validated.
      const response = await app.inject({
        method: route.method as 'GET',
        url: samplePath(route.url),
        headers,
      });
      assert.equal(response.statusCode, 401, name);
      if (route.method === 'HEAD') continue;
      const { code } = apiError.parse(response.json());
      assert.ok(
        code === 'unauthenticated' || (route.access === 'operator' && code === 'operator-token'),
        name,
      );
    }
  }
});

test('public routes are exactly the sign-in doors and what guests see', async () => {
  const publicRoutes = app.accessRegistry
    .filter((route) => route.access === 'public' && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`)
    .sort();
  assert.deepEqual(publicRoutes, [
    'DELETE /api/remotes/dev-overrides',
    'GET /api/auth/reset-link/:token',
    'GET /api/captcha/challenge',
    'GET /api/config',
    'GET /api/config_global',
    'GET /api/docs',
    'GET /api/health',
    'GET /api/media',
    'GET /api/organizations/names',
    'GET /api/ready',
    'GET /api/remotes',
    'GET /api/version',
    'GET /tenants/v1/ws/registration',
    'POST /api/auth/change_password',
    'POST /api/auth/login',
    'POST /api/auth/login-owner',
    'POST /api/auth/logout',
    'POST /api/auth/logout-owner',
    'POST /api/auth/recover_password',
    'POST /api/organizations/:org/join',
    'POST /api/organizations/register',
    'POST /api/remotes/fallback-events',
    'POST /employees/v1/login',
    'POST /employees/v1/logout',
    'POST /employees/v1/password/reset',
    'POST /employees/v1/password/reset/ask',
  ]);
});

test('a route under /api or /employees without declared access cannot be registered', async () => {
  const fresh = await buildApp({ db, config });
  try {
    assert.throws(() => fresh.get('/api/unguarded', async () => 'open'), /declares no access/);
    assert.throws(() => fresh.post('/employees/v1/unguarded', async () => 'open'), /declares no access/);
    assert.throws(
      () =>
        fresh.get('/api/typo', { config: { access: { permission: 'main:veiw' } as never } }, async () => ''),
      /unknown access/,
    );
    assert.throws(
      () => fresh.get('/api/typo2', { config: { access: 'sesion' as never } }, async () => ''),
      /unknown access/,
    );
    // Pages and files are not the API: they need no declaration.
    fresh.get('/healthz', async () => 'ok');
  } finally {
    await fresh.close();
  }
});

test('a permission the role lacks is a 403; the organization flags count as in the shell', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  await createUser(db, { email: 'lekarz@org.test', authorities: 'ROLE_EDITOR', organizationId });
  await createUser(db, { email: 'owner@org.test', authorities: 'ROLE_OWNER', organizationId });
  const patient = await signIn(app, { phone: '+48600100200' });
  const editor = await signIn(app, { email: 'lekarz@org.test' });
  const owner = await signIn(app, { email: 'owner@org.test' });
  const status = async (url: string, headers: Record<string, string>) =>
    (await app.inject({ url, headers })).statusCode;

  const refused = await app.inject({ url: '/api/test/forms', headers: patient });
  assert.equal(refused.statusCode, 403);
  assert.deepEqual(apiError.parse(refused.json()), {
    statusCode: 403,
    error: 'Forbidden',
    message: 'Brak uprawnień do tej operacji',
    code: 'forbidden',
  });
  assert.equal(await status('/api/test/forms', editor), 200);
  assert.equal(await status('/api/test/form-edit', editor), 403);
  assert.equal(await status('/api/test/form-edit', owner), 200);
  await db.updateTable('organizations').set({ editors_can_manage_forms: true }).execute();
  assert.equal(await status('/api/test/form-edit', editor), 200);
});

test('a patient with unaccepted terms keeps only the start page until accepting them', async () => {
  const organizationId = await createOrganization(db);
  const userId = await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  const termsId = await createTerms(db, { organizationId });
  const headers = await signIn(app, { phone: '+48600100200' });

  const main = await app.inject({ url: '/api/test/main', headers });
  assert.equal(main.statusCode, 200);
  assert.deepEqual(main.json(), {
    userId,
    organizationId,
    authorities: 'ROLE_USER_NO_ACCEPTED_TERMS',
    sessionKind: 'patient',
  });
  assert.equal((await app.inject({ url: '/api/test/profile', headers })).statusCode, 403);
  assert.equal((await app.inject({ url: '/api/test/session', headers })).statusCode, 200);

  await app.inject({ method: 'PUT', url: `/api/organizations/terms/${termsId}/accept`, headers });
  assert.equal((await app.inject({ url: '/api/test/profile', headers })).statusCode, 200);
});

test('staff get an employee session on the request', async () => {
  const userId = await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const headers = await signIn(app, { email: 'admin@platform.test' });
  const response = await app.inject({ url: '/api/test/main', headers });
  assert.deepEqual(response.json(), {
    userId,
    organizationId: null,
    authorities: 'ROLE_ADMIN',
    sessionKind: 'employee',
  });
});

test('the OpenAPI document lists the refusals of guarded routes', async () => {
  const { paths } = (await app.inject('/api/docs')).json();
  assert.ok(paths['/api/persons/my'].get.responses['401']);
  assert.equal(paths['/api/persons/my'].get.responses['403'], undefined);
  assert.ok(paths['/api/test/forms'].get.responses['403']);
  assert.equal(paths['/api/config'].get.responses['401'], undefined);
});

test.after(() => app.close());
