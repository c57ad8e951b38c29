import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { brotliCompressSync } from 'node:zlib';
import { remoteRegistry } from '@formularze/domain/schemas';
import { buildApp } from '../app';
import { createManifestVerifier } from '../remotes/manifest-verifier';
import { registerDeployment } from '../remotes/registry-service';
import { writeDeployment } from '../../test/fixtures';
import { setupDatabaseAndApp, testConfig } from '../../test/helpers';

const { db, app, config } = await setupDatabaseAndApp({ shellOrigin: 'https://app.example' });
const deps = { db, verifier: createManifestVerifier({ deploymentsDir: config.deploymentsDir }) };

const INDEX_HTML = `<!doctype html>
<html lang="pl">
  <head>
    <title>Formularze</title>
    <!--formularze:head-->
    <script defer src="/main.0123456789.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

await mkdir(config.shellDist, { recursive: true });
await writeFile(path.join(config.shellDist, 'index.html'), INDEX_HTML);
await writeFile(path.join(config.shellDist, 'main.0123456789.js'), 'console.log("shell")');
await writeFile(path.join(config.shellDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
await writeFile(
  path.join(config.shellDist, 'main.0123456789.js.br'),
  brotliCompressSync('console.log("shell")'),
);

async function deployAuth(version = '1.0.0+a0a0a0a0') {
  const manifestUrl = await writeDeployment(config.deploymentsDir, 'mfe-auth', version);
  await registerDeployment(deps, 'mfe-auth', { version, manifestUrl, deployedBy: 'test', activate: true });
}

function inlineRegistry(html: string) {
  const match = /<script type="application\/json" id="remote-registry">(.*?)<\/script>/s.exec(html);
  assert.ok(match, 'the registry is inlined');
  return remoteRegistry.parse(JSON.parse(match[1]!));
}

test('index.html carries the registry and preloads the remote that owns /login', async () => {
  await deployAuth();
  const response = await app.inject('/login');
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/html/);
  assert.equal(response.headers['cache-control'], 'no-cache');
  assert.doesNotMatch(response.body, /formularze:head/);

  const registry = inlineRegistry(response.body);
  assert.deepEqual(registry, remoteRegistry.parse((await app.inject('/api/remotes')).json()));
  const inlineConfig = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(
    response.body,
  );
  assert.ok(inlineConfig, 'the configuration is inlined');
  assert.deepEqual(JSON.parse(inlineConfig[1]!), (await app.inject('/api/config')).json());

  const base = '/deployments/mfe-auth/1.0.0+a0a0a0a0';
  for (const link of [
    `<link rel="preload" as="script" href="${base}/remoteEntry.js">`,
    `<link rel="preload" as="script" href="${base}/646.80280f349a.js">`,
    `<link rel="preload" as="script" href="${base}/__federation_expose_app.e563bad0c8.js">`,
  ]) {
    assert.ok(response.body.includes(link), `missing ${link}`);
  }
  assert.doesNotMatch(response.body, /322\.83b7107288\.js/, 'async chunks are not preloaded');
});

test('pages of other remotes, or of none, get no preload for mfe-auth', async () => {
  await deployAuth();
  for (const page of ['/forms', '/no-such-area']) {
    const response = await app.inject(page);
    assert.equal(response.statusCode, 200);
    assert.doesNotMatch(response.body, /rel="preload"/);
    assert.equal(inlineRegistry(response.body).remotes.length, 1);
  }
});

test('every non-API page address falls back to index.html, including / and /index.html', async () => {
  for (const page of ['/', '/index.html', '/forms/12/edit', '/password-set-new/abc?role=user']) {
    const response = await app.inject(page);
    assert.equal(response.statusCode, 200, page);
    assert.match(response.body, /id="remote-registry"/, page);
  }
});

test('registry content cannot close the script element', async () => {
  await deployAuth();
  await db
    .updateTable('remote_deployments')
    .set({ manifest_url: '/deployments/mfe-auth/</script><script>alert(1)</script>/mf-manifest.json' })
    .execute();
  const response = await app.inject('/');
  assert.doesNotMatch(response.body, /<\/script><script>alert/);
  assert.match(response.body, /\\u003c\/script>/);
});

test('shell files and deployments are immutable, precompressed when possible; deployments allow the shell origin', async () => {
  await deployAuth();
  const script = await app.inject('/main.0123456789.js');
  assert.equal(script.statusCode, 200);
  assert.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable');

  const compressed = await app.inject({
    url: '/main.0123456789.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  assert.equal(compressed.headers['content-encoding'], 'br');
  assert.equal(compressed.headers['cache-control'], 'public, max-age=31536000, immutable');

  const manifest = await app.inject('/deployments/mfe-auth/1.0.0+a0a0a0a0/mf-manifest.json');
  assert.equal(manifest.statusCode, 200);
  assert.equal(manifest.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal(manifest.headers['access-control-allow-origin'], 'https://app.example');
});

test('the service worker is revalidated at every check, not kept for a year like the files it precaches', async () => {
  const worker = await app.inject('/sw.js');
  assert.equal(worker.statusCode, 200);
  assert.equal(worker.headers['cache-control'], 'no-cache');
});

test('unknown API paths and missing deployment or media files are JSON 404s, not the page', async () => {
  for (const [method, url] of [
    ['GET', '/api/nothing'],
    ['POST', '/api/nothing'],
    ['GET', '/deployments/mfe-auth/9.9.9+00000000/remoteEntry.js'],
    ['GET', '/employees/v1/nothing'],
    ['GET', '/org-media/files/manuals/none.pdf'],
    ['POST', '/login'],
  ] as const) {
    const response = await app.inject({ method, url });
    assert.equal(response.statusCode, 404, `${method} ${url}`);
    assert.equal(response.json().code, 'not-found');
  }
});

test('without a built shell the page is a 503 that says what to run', async () => {
  const unbuilt = await buildApp({ db, config: await testConfig() });
  try {
    const response = await unbuilt.inject('/login');
    assert.equal(response.statusCode, 503);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    assert.match(response.body, /npm start/);
    assert.equal((await unbuilt.inject('/api/version')).statusCode, 200);
  } finally {
    await unbuilt.close();
  }
});
