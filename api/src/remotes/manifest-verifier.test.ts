import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { AppError } from '../core/errors';
import { writeDeployment } from '../../test/fixtures';
import { createManifestVerifier } from './manifest-verifier';

const deploymentsDir = await mkdtemp(path.join(os.tmpdir(), 'formularze-verifier-'));
const verifier = createManifestVerifier({ deploymentsDir, timeoutMs: 500 });
after(() => rm(deploymentsDir, { recursive: true, force: true }));

/** Serves `deploymentsDir` like a CDN would, plus a path that never answers. */
let cdn: Server;
let cdnUrl: string;
before(async () => {
  cdn = createServer(async (request, response) => {
    if (request.url === '/hang/mf-manifest.json') return;
    const file = path.join(deploymentsDir, decodeURIComponent(request.url ?? '/'));
    const content = await readFile(file).catch(() => null);
    response.writeHead(content ? 200 : 404).end(request.method === 'HEAD' ? undefined : content);
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
});
after(() => {
  cdn.closeAllConnections();
  cdn.close();
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => assert.fail('expected the manifest to be refused'),
    (reason: unknown) => reason,
  );
  assert.ok(error instanceof AppError);
  assert.equal(error.statusCode, 422);
  return error;
}

test('accepts a deployment on this origin, read from DEPLOYMENTS_DIR', async () => {
  const manifestUrl = await writeDeployment(deploymentsDir, 'mfe-auth', '1.0.0+aaaaaaaa');
  const manifest = await verifier.verify({ name: 'mfe-auth', version: '1.0.0+aaaaaaaa', manifestUrl });
  assert.equal(manifest.name, 'mfe_auth');
  // Stored as published: fields the schema does not describe are kept.
  assert.deepEqual((manifest as unknown as { shared: unknown[] }).shared, []);
});

test('accepts a manifest named exactly like the remote', async () => {
  const manifestUrl = await writeDeployment(deploymentsDir, 'mfe-admin', '1.0.0+bbbbbbbb', {
    containerName: 'mfe-admin',
  });
  await verifier.verify({ name: 'mfe-admin', version: '1.0.0+bbbbbbbb', manifestUrl });
});

test('refuses a manifest that does not exist, with the Polish and the English reason', async () => {
  const error = await rejection(
    verifier.verify({
      name: 'mfe-auth',
      version: '1.0.0+cccccccc',
      manifestUrl: '/deployments/mfe-auth/1.0.0+cccccccc/mf-manifest.json',
    }),
  );
  assert.match(
    error.message,
    /^Nie udało się pobrać manifestu wersji 1\.0\.0\+cccccccc modułu mfe-auth: brak pliku/,
  );
  assert.match(error.operatorMessage, /does not exist/);
  assert.equal(error.code, 'manifest-invalid');
});

test('refuses a manifest of another remote', async () => {
  const manifestUrl = await writeDeployment(deploymentsDir, 'mfe-results', '1.0.0+dddddddd', {
    containerName: 'mfe_admin',
  });
  const error = await rejection(
    verifier.verify({ name: 'mfe-results', version: '1.0.0+dddddddd', manifestUrl }),
  );
  assert.match(error.message, /należy do modułu mfe_admin/);
});

test('refuses a manifest without the ./app module', async () => {
  const manifestUrl = await writeDeployment(deploymentsDir, 'mfe-filling', '1.0.0+eeeeeeee', {
    exposes: ['./other'],
  });
  const error = await rejection(
    verifier.verify({ name: 'mfe-filling', version: '1.0.0+eeeeeeee', manifestUrl }),
  );
  assert.match(error.message, /\.\/app/);
});

test('refuses a version whose remote entry is missing', async () => {
  const manifestUrl = await writeDeployment(deploymentsDir, 'mfe-filling', '1.0.0+ffffffff', {
    withRemoteEntry: false,
  });
  const error = await rejection(
    verifier.verify({ name: 'mfe-filling', version: '1.0.0+ffffffff', manifestUrl }),
  );
  assert.match(error.message, /remoteEntry\.js/);
});

test('refuses something that is not a manifest', async () => {
  const manifestUrl = await writeDeployment(deploymentsDir, 'mfe-auth', '1.0.0+12121212');
  await writeFile(path.join(deploymentsDir, 'mfe-auth', '1.0.0+12121212', 'mf-manifest.json'), '<html>');
  assert.match(
    (await rejection(verifier.verify({ name: 'mfe-auth', version: '1.0.0+12121212', manifestUrl }))).message,
    /JSON/,
  );

  await writeFile(
    path.join(deploymentsDir, 'mfe-auth', '1.0.0+12121212', 'mf-manifest.json'),
    '{"name":"mfe_auth"}',
  );
  assert.match(
    (await rejection(verifier.verify({ name: 'mfe-auth', version: '1.0.0+12121212', manifestUrl }))).message,
    /nieprawidłową strukturę/,
  );
});

test('never reads outside DEPLOYMENTS_DIR', async () => {
  for (const manifestUrl of [
    '/deployments/../../etc/passwd',
    '/etc/passwd',
    'mf-manifest.json',
    'file:///etc/passwd',
  ]) {
    await rejection(verifier.verify({ name: 'mfe-auth', version: '1.0.0+13131313', manifestUrl }));
  }
});

test('fetches absolute URLs, and gives up on a server that does not answer', async () => {
  await writeDeployment(deploymentsDir, 'mfe-results', '1.0.0+14141414');
  const manifestUrl = `${cdnUrl}/mfe-results/1.0.0+14141414/mf-manifest.json`;
  await verifier.verify({ name: 'mfe-results', version: '1.0.0+14141414', manifestUrl });

  const missing = await rejection(
    verifier.verify({
      name: 'mfe-results',
      version: '1.0.0+15151515',
      manifestUrl: `${cdnUrl}/nothing/mf-manifest.json`,
    }),
  );
  assert.match(missing.message, /HTTP 404/);

  const hanging = await rejection(
    verifier.verify({
      name: 'mfe-results',
      version: '1.0.0+16161616',
      manifestUrl: `${cdnUrl}/hang/mf-manifest.json`,
    }),
  );
  assert.match(hanging.message, /brak odpowiedzi/);
});
