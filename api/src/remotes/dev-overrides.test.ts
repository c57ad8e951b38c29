import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { remoteRegistry } from '@formularze/domain/schemas';
import { writeDeployment } from '../../test/fixtures';
import {
  createOrganization,
  createUser,
  setupDatabaseAndApp,
  signIn,
  superAdminHeaders,
  TEST_PASSWORD,
} from '../../test/helpers';
import { createManifestVerifier } from './manifest-verifier';
import { registerDeployment } from './registry-service';
import { DEV_OVERRIDES_COOKIE } from './dev-overrides';

const { db, app, config } = await setupDatabaseAndApp();
const deps = { db, verifier: createManifestVerifier({ deploymentsDir: config.deploymentsDir }) };

await mkdir(config.shellDist, { recursive: true });
await writeFile(
  path.join(config.shellDist, 'index.html'),
  '<!doctype html><html lang="pl"><head><!--formularze:head--></head><body></body></html>',
);

const DEPLOYED = '1.0.0+a0a0a0a0';
const DEV_ENTRY = 'http://localhost:3004/remoteEntry.js';

async function deployResults() {
  const manifestUrl = await writeDeployment(config.deploymentsDir, 'mfe-results', DEPLOYED);
  await registerDeployment(deps, 'mfe-results', {
    version: DEPLOYED,
    manifestUrl,
    deployedBy: 'test',
    activate: true,
  });
}

/** Grants the override as a signed-in super-admin; the browser's cookie and the session's headers. */
async function grant(headers?: Record<string, string>) {
  headers ??= await superAdminHeaders(app, db);
  const response = await app.inject({
    method: 'POST',
    url: '/api/remotes/dev-overrides',
    headers,
    payload: { remote: 'mfe-results', entryUrl: DEV_ENTRY },
  });
  assert.equal(response.statusCode, 200, response.body);
  const cookie = response.cookies.find((candidate) => candidate.name === DEV_OVERRIDES_COOKIE);
  assert.ok(cookie, 'the browser gets the cookie');
  return { cookie, headers, cookieHeader: { cookie: `${DEV_OVERRIDES_COOKIE}=${cookie.value}` } };
}

const resultsIn = (body: unknown) =>
  remoteRegistry.parse(body).remotes.find((remote) => remote.name === 'mfe-results');

function policyOf(headers: Record<string, unknown>) {
  const policy = String(headers['content-security-policy']);
  return new Map(
    policy.split('; ').map((directive) => [directive.split(' ')[0]!, directive.split(' ').slice(1)]),
  );
}

test("a super-admin's browser takes the remote from the developer's machine: registry, page and its policy", async () => {
  await deployResults();
  const { cookie, cookieHeader } = await grant();
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, 'Strict');

  const registry = await app.inject({ url: '/api/remotes', headers: cookieHeader });
  const results = resultsIn(registry.json());
  assert.equal(results?.entryUrl, DEV_ENTRY);
  assert.equal(results?.devOverride, true);
  assert.equal(results?.lastKnownGood?.version, DEPLOYED, 'it falls back to the deployed version');

  const page = await app.inject({ url: '/results', headers: cookieHeader });
  assert.match(page.body, /"devOverride":true/);
  const policy = policyOf(page.headers);
  assert.ok(policy.get('script-src')?.includes('http://localhost:3004'));
  assert.ok(policy.get('connect-src')?.includes('ws://localhost:3004'));
});

test('any other browser, and every page without the cookie, keeps the deployed version and its strict policy', async () => {
  await deployResults();
  await grant();
  const registry = await app.inject({ url: '/api/remotes' });
  assert.equal(resultsIn(registry.json())?.version, DEPLOYED);
  assert.equal(resultsIn(registry.json())?.devOverride, undefined);
  const page = await app.inject({ url: '/results' });
  assert.doesNotMatch(page.body, /localhost:3004/);
  assert.doesNotMatch(String(page.headers['content-security-policy']), /localhost/);
  // A cookie nobody granted changes nothing.
  const forged = await app.inject({ url: '/results', headers: { cookie: `${DEV_OVERRIDES_COOKIE}=forged` } });
  assert.doesNotMatch(forged.body, /localhost:3004/);
});

test('only loopback addresses, and only a super-admin session, may grant one', async () => {
  await deployResults();
  const headers = await superAdminHeaders(app, db);
  for (const entryUrl of [
    'https://cdn.evil.example/remoteEntry.js',
    'http://127.0.0.1.evil.example/remoteEntry.js',
    'http://localhost@evil.example/remoteEntry.js',
    'http://user:pass@localhost:3004/remoteEntry.js',
    'javascript:alert(1)',
    'file:///etc/passwd',
  ]) {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/remotes/dev-overrides',
      headers,
      payload: { remote: 'mfe-results', entryUrl },
    });
    assert.equal(refused.statusCode, 400, entryUrl);
  }
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'owner@dev.test', authorities: 'ROLE_OWNER', organizationId });
  const staff = await app.inject({
    method: 'POST',
    url: '/api/remotes/dev-overrides',
    headers: await signIn(app, { email: 'owner@dev.test' }),
    payload: { remote: 'mfe-results', entryUrl: DEV_ENTRY },
  });
  assert.equal(staff.statusCode, 401);
  const guest = await app.inject({
    method: 'POST',
    url: '/api/remotes/dev-overrides',
    payload: { remote: 'mfe-results', entryUrl: DEV_ENTRY },
  });
  assert.equal(guest.statusCode, 401);
});

test('it ends with the super-admin session that granted it, and when turned off', async () => {
  await deployResults();
  const first = await grant();
  await app.inject({ method: 'POST', url: '/api/auth/logout-owner', headers: first.headers });
  const afterLogout = await app.inject({ url: '/api/remotes', headers: first.cookieHeader });
  assert.equal(resultsIn(afterLogout.json())?.version, DEPLOYED);

  const signedInAgain = await app.inject({
    method: 'POST',
    url: '/api/auth/login-owner',
    payload: { email: 'root@platform.test', password: TEST_PASSWORD },
  });
  const second = await grant({ 'x-auth-token': signedInAgain.json<{ token: string }>().token });
  const off = await app.inject({
    method: 'DELETE',
    url: '/api/remotes/dev-overrides',
    headers: second.cookieHeader,
  });
  assert.equal(off.statusCode, 204);
  assert.ok(off.cookies.some((cookie) => cookie.name === DEV_OVERRIDES_COOKIE && cookie.value === ''));
  const afterOff = await app.inject({ url: '/api/remotes', headers: second.cookieHeader });
  assert.equal(resultsIn(afterOff.json())?.version, DEPLOYED);
});
