import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { RemoteName } from '@formularze/domain/schemas';
import { buildApp } from '../app';
import type { ManifestVerifier } from '../remotes/manifest-verifier';
import { activateRemote, registerDeployment } from '../remotes/registry-service';
import { federationManifestFixture } from '../../test/fixtures';
import { setupTestApp, setupTestDatabase, testConfig } from '../../test/helpers';
import { HSTS_VALUE } from './security-headers';

const db = await setupTestDatabase();
const SHELL_ORIGIN = 'https://app.example';
const { app, config } = await setupTestApp(db, { shellOrigin: SHELL_ORIGIN });
await mkdir(config.shellDist, { recursive: true });
await writeFile(
  path.join(config.shellDist, 'index.html'),
  '<!doctype html><html><head><!--formularze:head--></head><body></body></html>',
);
await writeFile(path.join(config.shellDist, 'main.js'), 'console.log("shell")');

/** Accepts any manifest URL (a CDN here is only a name), as if its files were published there. */
const acceptingVerifier: ManifestVerifier = {
  verify: async ({ name }) => federationManifestFixture(name),
};

let nextHash = 0;
/** Deploys and activates a new version of `name` whose files live under `base`. */
async function deploy(name: RemoteName, base: string) {
  const version = `1.0.0+${(nextHash++).toString(16).padStart(8, '0')}`;
  await registerDeployment({ db, verifier: acceptingVerifier }, name, {
    version,
    manifestUrl: `${base}/${name}/${version}/mf-manifest.json`,
    deployedBy: 'test',
    activate: true,
  });
}

async function scriptSources(): Promise<string[]> {
  const response = await app.inject('/login');
  const policy = String(response.headers['content-security-policy']);
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src '));
  assert.ok(scriptSrc, `no script-src in ${policy}`);
  return scriptSrc.trim().split(/\s+/).slice(1);
}

test('the page allows scripts from itself and the origins of its registered remotes only', async () => {
  await deploy('mfe-auth', '/deployments');
  assert.deepEqual(await scriptSources(), ["'self'"]);

  await deploy('mfe-results', 'https://cdn.example/formularze');
  await deploy('mfe-admin', 'http://127.0.0.1:9100');
  assert.deepEqual(await scriptSources(), ["'self'", 'http://127.0.0.1:9100', 'https://cdn.example']);

  const response = await app.inject('/forms');
  const policy = String(response.headers['content-security-policy']);
  assert.match(policy, /object-src 'none'/);
  assert.match(policy, /base-uri 'none'/);
  assert.match(policy, /frame-ancestors 'none'/);
  assert.doesNotMatch(policy, /unsafe-eval/);
});

test('a deployment or a rollback to another origin changes the policy of the next page', async () => {
  await deploy('mfe-results', 'https://cdn-a.example');
  assert.deepEqual(await scriptSources(), ["'self'", 'https://cdn-a.example']);

  // The version on cdn-a stays allowed while it is the one the page would fall back to.
  await deploy('mfe-results', 'https://cdn-b.example');
  assert.deepEqual(await scriptSources(), ["'self'", 'https://cdn-a.example', 'https://cdn-b.example']);

  await activateRemote({ db, verifier: acceptingVerifier }, 'mfe-results', { activatedBy: 'test' });
  await deploy('mfe-results', '/deployments');
  assert.deepEqual(await scriptSources(), ["'self'", 'https://cdn-a.example'], 'cdn-b is gone');
  await deploy('mfe-results', '/deployments');
  assert.deepEqual(await scriptSources(), ["'self'"]);
});

test('every answer says nosniff and a referrer policy; no HSTS over plain HTTP', async () => {
  for (const url of ['/login', '/main.js', '/api/version', '/api/persons/my', '/api/nothing']) {
    const response = await app.inject(url);
    assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
    assert.equal(response.headers['strict-transport-security'], undefined, url);
  }
  assert.equal((await app.inject('/api/persons/my')).statusCode, 401, 'a refusal carries them too');
});

test('HSTS only when the request came over TLS through a trusted proxy', async () => {
  const overTls = { url: '/login', headers: { 'x-forwarded-proto': 'https' } };
  assert.equal(
    (await app.inject(overTls)).headers['strict-transport-security'],
    undefined,
    'an untrusted client cannot claim TLS',
  );

  const behindProxy = await buildApp({ db, config: await testConfig({ ...config, trustProxy: true }) });
  try {
    assert.equal((await behindProxy.inject(overTls)).headers['strict-transport-security'], HSTS_VALUE);
    assert.equal((await behindProxy.inject('/api/version')).headers['strict-transport-security'], undefined);
  } finally {
    await behindProxy.close();
  }
});

test('cross-origin requests: deployments answer only the shell origin, the API answers none', async () => {
  await mkdir(path.join(config.deploymentsDir, 'mfe-auth', '1.0.0+0000ffff'), { recursive: true });
  await writeFile(path.join(config.deploymentsDir, 'mfe-auth', '1.0.0+0000ffff', 'remoteEntry.js'), '1');
  const file = await app.inject({
    url: '/deployments/mfe-auth/1.0.0+0000ffff/remoteEntry.js',
    headers: { origin: 'https://elsewhere.example' },
  });
  assert.equal(file.statusCode, 200);
  assert.equal(file.headers['access-control-allow-origin'], SHELL_ORIGIN);

  for (const request of [
    { method: 'GET', url: '/api/version' },
    { method: 'OPTIONS', url: '/api/persons/my' },
  ] as const) {
    for (const origin of [SHELL_ORIGIN, 'https://elsewhere.example']) {
      const response = await app.inject({
        ...request,
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      assert.equal(response.headers['access-control-allow-origin'], undefined, `${request.url} ${origin}`);
      assert.equal(response.headers['access-control-allow-credentials'], undefined);
    }
  }
});
