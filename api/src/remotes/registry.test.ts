import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  activeRemote,
  apiError,
  remoteHistory,
  remoteRegistry,
  type RemoteName,
} from '@formularze/domain/schemas';
import { AppError } from '../core/errors';
import { federationManifestFixture, writeDeployment } from '../../test/fixtures';
import { setupDatabaseAndApp, superAdminHeaders } from '../../test/helpers';
import { createManifestVerifier } from './manifest-verifier';
import { activateRemote, getHistory, getRegistry, registerDeployment } from './registry-service';

const { db, app, config } = await setupDatabaseAndApp();
const { deploymentsDir } = config;
const deps = { db, verifier: createManifestVerifier({ deploymentsDir }) };

const V1 = '1.0.0+11111111';
const V2 = '1.0.0+22222222';
const V3 = '1.1.0+33333333';

async function deploy(version: string, { name = 'mfe-auth' as RemoteName, activate = true } = {}) {
  const manifestUrl = await writeDeployment(deploymentsDir, name, version);
  return registerDeployment(deps, name, { version, manifestUrl, deployedBy: 'test', activate });
}

const deployFilling = (version: string) => deploy(version, { name: 'mfe-filling' });

async function active(name = 'mfe-auth') {
  return (await getRegistry(db)).remotes.find((remote) => remote.name === name);
}

async function expectAppError(promise: Promise<unknown>, statusCode: number, code: string) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.statusCode, statusCode);
    assert.equal(error.code, code);
    return true;
  });
}

describe('registry service', () => {
  test('an empty registry has revision 0 and no remotes', async () => {
    assert.deepEqual(await getRegistry(db), { revision: 0, remotes: [] });
  });

  test('a registered and activated version becomes active, without a last known good one', async () => {
    const { deployment, active: entry } = await deploy(V1);
    assert.equal(deployment.active, true);
    assert.equal(entry?.version, V1);
    assert.deepEqual(await getRegistry(db), {
      revision: 1,
      remotes: [
        {
          name: 'mfe-auth',
          version: V1,
          manifestUrl: `/deployments/mfe-auth/${V1}/mf-manifest.json`,
          entryUrl: `/deployments/mfe-auth/${V1}/remoteEntry.js`,
          activatedAt: entry!.activatedAt,
          lastKnownGood: null,
        },
      ],
    });
  });

  test('a registered but not activated version waits in the history', async () => {
    await deploy(V1);
    const { deployment, active: entry } = await deploy(V2, { activate: false });
    assert.equal(deployment.active, false);
    assert.equal(entry?.version, V1);
    assert.equal((await active())?.version, V1);
  });

  test('activating a new version keeps the previous one as last known good, and the revision grows', async () => {
    await deploy(V1);
    await deploy(V2);
    const registry = await getRegistry(db);
    assert.equal(registry.revision, 2);
    assert.equal(registry.remotes[0]?.version, V2);
    assert.deepEqual(registry.remotes[0]?.lastKnownGood, {
      version: V1,
      manifestUrl: `/deployments/mfe-auth/${V1}/mf-manifest.json`,
      entryUrl: `/deployments/mfe-auth/${V1}/remoteEntry.js`,
    });
  });

  test('rollback without a version goes back to the last known good one, and back again', async () => {
    await deploy(V1);
    await deploy(V2);
    const back = await activateRemote(deps, 'mfe-auth', { activatedBy: 'operator' });
    assert.equal(back.previous?.version, V2);
    assert.equal(back.active.version, V1);
    assert.equal(back.active.lastKnownGood?.version, V2);

    const forth = await activateRemote(deps, 'mfe-auth', { activatedBy: 'operator' });
    assert.equal(forth.active.version, V2);
    assert.equal((await getRegistry(db)).revision, 4);
  });

  test('rollback to a named version, and the history keeps every activation', async () => {
    await deploy(V1);
    await deploy(V2);
    await deploy(V3);
    const { active: entry } = await activateRemote(deps, 'mfe-auth', {
      version: V1,
      activatedBy: 'admin@demo.local',
    });
    assert.equal(entry.version, V1);
    assert.equal(entry.lastKnownGood?.version, V3);

    const history = await getHistory(db);
    assert.deepEqual(
      history.activations.map((activation) => [activation.version, activation.activatedBy]),
      [
        [V1, 'admin@demo.local'],
        [V3, 'test'],
        [V2, 'test'],
        [V1, 'test'],
      ],
    );
    assert.deepEqual(
      history.deployments.map((deployment) => [deployment.version, deployment.active]),
      [
        [V3, false],
        [V2, false],
        [V1, true],
      ],
    );
  });

  test('activating the active version again changes nothing', async () => {
    await deploy(V1);
    await deploy(V2);
    const again = await activateRemote(deps, 'mfe-auth', { version: V2, activatedBy: 'operator' });
    assert.equal(again.active.version, V2);
    assert.equal(again.active.lastKnownGood?.version, V1);
    assert.equal((await getRegistry(db)).revision, 2);
  });

  test('registering the same version twice is harmless; with another URL it is a conflict', async () => {
    await deploy(V1);
    await deploy(V1);
    assert.equal((await getHistory(db)).deployments.length, 1);
    await expectAppError(
      registerDeployment(deps, 'mfe-auth', {
        version: V1,
        manifestUrl: `/deployments/mfe-auth/copy/mf-manifest.json`,
        deployedBy: 'test',
        activate: true,
      }),
      409,
      'version-conflict',
    );
  });

  test('remotes are independent of each other', async () => {
    await deploy(V1);
    await deploy(V2, { name: 'mfe-admin' });
    const registry = await getRegistry(db);
    assert.deepEqual(
      registry.remotes.map((remote) => [remote.name, remote.version, remote.lastKnownGood]),
      [
        ['mfe-admin', V2, null],
        ['mfe-auth', V1, null],
      ],
    );
  });

  test('unknown remotes and versions are 404, nothing to roll back to is 409', async () => {
    await expectAppError(activateRemote(deps, 'mfe-nope', { activatedBy: 'x' }), 404, 'unknown-remote');
    await expectAppError(
      activateRemote(deps, 'mfe-auth', { version: V1, activatedBy: 'x' }),
      404,
      'unknown-version',
    );
    await expectAppError(activateRemote(deps, 'mfe-auth', { activatedBy: 'x' }), 409, 'no-previous-version');
    await deploy(V1);
    await expectAppError(activateRemote(deps, 'mfe-auth', { activatedBy: 'x' }), 409, 'no-previous-version');
  });

  test('a version whose manifest is missing or invalid is never registered nor activated', async () => {
    await deploy(V1);
    const neverWritten = '9.9.9+99999999';
    await expectAppError(
      registerDeployment(deps, 'mfe-auth', {
        version: neverWritten,
        manifestUrl: `/deployments/mfe-auth/${neverWritten}/mf-manifest.json`,
        deployedBy: 'test',
        activate: true,
      }),
      422,
      'manifest-invalid',
    );
    const broken = await writeDeployment(deploymentsDir, 'mfe-auth', '9.9.9+88888888', {
      exposes: ['./nothing'],
    });
    await expectAppError(
      registerDeployment(deps, 'mfe-auth', {
        version: '9.9.9+88888888',
        manifestUrl: broken,
        deployedBy: 'test',
        activate: true,
      }),
      422,
      'manifest-invalid',
    );
    assert.equal((await getHistory(db)).deployments.length, 1);
    assert.equal((await active())?.version, V1);
  });

  test('a version whose files were removed since is not activated again', async () => {
    await deploy('2.0.0+44444444');
    await deploy('2.0.0+55555555');
    await rm(path.join(deploymentsDir, 'mfe-auth', '2.0.0+44444444'), { recursive: true });
    await expectAppError(
      activateRemote(deps, 'mfe-auth', { activatedBy: 'operator' }),
      422,
      'manifest-invalid',
    );
    assert.equal((await active())?.version, '2.0.0+55555555');
  });
});

describe('registry HTTP API', () => {
  test('GET /api/remotes is public and never cached', async () => {
    await deployFilling('1.0.0+aaaa0001');
    const response = await app.inject('/api/remotes');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    const registry = remoteRegistry.parse(response.json());
    assert.equal(registry.revision, 1);
    assert.equal(
      registry.remotes[0]?.manifestUrl,
      '/deployments/mfe-filling/1.0.0+aaaa0001/mf-manifest.json',
    );
  });

  test('absolute manifest URLs are answered as they were registered', async () => {
    await db
      .insertInto('remote_deployments')
      .values({
        name: 'mfe-results',
        version: '1.0.0+c0d00001',
        manifest_url: 'https://cdn.example/mfe-results/1.0.0+c0d00001/mf-manifest.json',
        manifest: JSON.stringify(federationManifestFixture('mfe-results')),
        deployed_by: 'test',
      })
      .execute();
    const { id } = await db.selectFrom('remote_deployments').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('remote_activations')
      .values({ name: 'mfe-results', deployment_id: id, activated_by: 'test' })
      .execute();
    const registry = remoteRegistry.parse((await app.inject('/api/remotes')).json());
    assert.equal(
      registry.remotes[0]?.manifestUrl,
      'https://cdn.example/mfe-results/1.0.0+c0d00001/mf-manifest.json',
    );
    assert.equal(
      registry.remotes[0]?.entryUrl,
      'https://cdn.example/mfe-results/1.0.0+c0d00001/remoteEntry.js',
    );
  });

  test('history and activation need the super-admin session', async () => {
    for (const headers of [{}, { 'x-auth-token': 'not-a-session' }]) {
      const history = await app.inject({ url: '/api/remotes/history', headers });
      assert.equal(history.statusCode, 401);
      apiError.parse(history.json());
      const activation = await app.inject({
        method: 'POST',
        url: '/api/remotes/mfe-filling/activate',
        headers,
        payload: {},
      });
      assert.equal(activation.statusCode, 401);
    }
  });

  test('a super-admin sees the history and rolls back', async () => {
    await deployFilling('1.0.0+aaaa0001');
    await deployFilling('1.0.0+aaaa0002');
    const headers = await superAdminHeaders(app, db);

    const rollback = await app.inject({
      method: 'POST',
      url: '/api/remotes/mfe-filling/activate',
      headers,
      payload: {},
    });
    assert.equal(rollback.statusCode, 200);
    const entry = activeRemote.parse(rollback.json());
    assert.equal(entry.version, '1.0.0+aaaa0001');
    assert.equal(entry.lastKnownGood?.version, '1.0.0+aaaa0002');

    const history = remoteHistory.parse((await app.inject({ url: '/api/remotes/history', headers })).json());
    assert.equal(history.activations.length, 3);
    assert.equal(history.activations[0]?.activatedBy, 'root@platform.test');
  });

  test('unknown remote or version is 404; a malformed version is a 400 naming the field', async () => {
    const headers = await superAdminHeaders(app, db);
    const unknownRemote = await app.inject({
      method: 'POST',
      url: '/api/remotes/mfe-nope/activate',
      headers,
      payload: {},
    });
    assert.equal(unknownRemote.statusCode, 404);
    assert.match(unknownRemote.json().message, /Nieznany moduł mfe-nope/);

    const unknownVersion = await app.inject({
      method: 'POST',
      url: '/api/remotes/mfe-filling/activate',
      headers,
      payload: { version: '9.9.9+deadbeef' },
    });
    assert.equal(unknownVersion.statusCode, 404);

    const malformed = await app.inject({
      method: 'POST',
      url: '/api/remotes/mfe-filling/activate',
      headers,
      payload: { version: 'latest' },
    });
    assert.equal(malformed.statusCode, 400);
    const body = apiError.parse(malformed.json());
    assert.equal(body.code, 'validation');
    assert.deepEqual(body.fields, { version: 'Nieprawidłowy format wersji' });
    assert.match(body.message, /version/);
  });

  test('a version whose files disappeared is refused with 422 and a Polish message', async () => {
    await deployFilling('1.0.0+aaaa0001');
    await db
      .insertInto('remote_deployments')
      .values({
        name: 'mfe-filling',
        version: '1.0.0+0000dead',
        manifest_url: '/deployments/mfe-filling/1.0.0+0000dead/mf-manifest.json',
        manifest: JSON.stringify(federationManifestFixture('mfe-results')),
        deployed_by: 'test',
      })
      .execute();
    const headers = await superAdminHeaders(app, db);
    const response = await app.inject({
      method: 'POST',
      url: '/api/remotes/mfe-filling/activate',
      headers,
      payload: { version: '1.0.0+0000dead' },
    });
    assert.equal(response.statusCode, 422);
    assert.match(
      response.json().message,
      /^Nie udało się pobrać manifestu wersji 1\.0\.0\+0000dead modułu mfe-filling: /,
    );
  });
});
