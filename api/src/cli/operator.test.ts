import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiError, remoteHistory } from '@formularze/domain/schemas';
import { activationResult, registrationResult } from '../operator/operator-schemas';
import { writeServerInfo } from '../operator/server-info';
import { createManifestVerifier } from '../remotes/manifest-verifier';
import { getRegistry } from '../remotes/registry-service';
import { writeDeployment } from '../../test/fixtures';
import { sql } from 'kysely';
import { chainAccessAudit } from '../audit/audit-chain';
import { asOwner, createOrganization, OPERATOR_TOKEN, setupDatabaseAndApp } from '../../test/helpers';
import { formatRemotesTable, rollbackRemote, undeployedRemotes } from './commands';
import { contentHash } from './content-hash';
import { deployRemote } from './deploy';
import { databaseAccess } from './database-access';
import { connectRegistry } from './registry-access';

const { db, app, config } = await setupDatabaseAndApp();
const direct = databaseAccess(db, {
  verifier: createManifestVerifier({ deploymentsDir: config.deploymentsDir }),
  demoPassword: config.demoPassword,
});

/** A repository with a built mfe-auth (`mfe-auth/dist`), as `deploy --skip-build` expects. */
const repoRoot = await mkdtemp(path.join(os.tmpdir(), 'formularze-repo-'));
after(() => rm(repoRoot, { recursive: true, force: true }));

async function buildAuth(content: string) {
  await writeDeployment(repoRoot, 'mfe-auth', 'dist');
  await writeFile(
    path.join(repoRoot, 'mfe-auth', 'package.json'),
    JSON.stringify({ name: 'mfe-auth', version: '2.3.4' }),
  );
  await writeFile(path.join(repoRoot, 'mfe-auth', 'dist', '646.80280f349a.js'), content);
}

const deployAuth = () =>
  deployRemote({
    remote: 'mfe-auth',
    skipBuild: true,
    config,
    registry: direct,
    deployedBy: 'test',
    repoRoot,
  });

const operatorHeaders = { 'x-operator-token': OPERATOR_TOKEN };

async function register(version: string) {
  const manifestUrl = await writeDeployment(config.deploymentsDir, 'mfe-auth', version);
  return app.inject({
    method: 'POST',
    url: '/api/operator/remotes/deployments',
    headers: operatorHeaders,
    payload: { name: 'mfe-auth', version, manifestUrl, deployedBy: 'npm run deploy (root@test)' },
  });
}

/** The CLI as the operator runs it, against this file's app listening on a real port. */
async function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const apiDir = fileURLToPath(new URL('../../', import.meta.url));
  const env = { ...process.env, DATA_DIR: config.dataDir, DEPLOYMENTS_DIR: config.deploymentsDir };
  const run = promisify(execFile);
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/operator.ts', ...args],
      { cwd: apiDir, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('operator API', () => {
  test('without the token, or with a wrong one, the operator API answers 401 before reading the body', async () => {
    for (const token of [undefined, 'wrong', `${OPERATOR_TOKEN}x`]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/operator/remotes/deployments',
        headers: token ? { 'x-operator-token': token } : {},
        payload: { nonsense: true },
      });
      assert.equal(response.statusCode, 401);
      assert.equal(apiError.parse(response.json()).code, 'operator-token');
    }
    assert.equal((await app.inject({ url: '/api/operator/remotes/history' })).statusCode, 401);
  });

  test('the operator API refuses other machines even with the token', async () => {
    const response = await app.inject({
      url: '/api/operator/remotes/history',
      headers: operatorHeaders,
      remoteAddress: '10.1.2.3',
    });
    assert.equal(response.statusCode, 403);
  });

  test('register activates by default; activate rolls back and reports before and after', async () => {
    const first = await register('1.0.0+0e000001');
    assert.equal(first.statusCode, 200);
    assert.equal(registrationResult.parse(first.json()).active?.version, '1.0.0+0e000001');
    await register('1.0.0+0e000002');

    const rollback = await app.inject({
      method: 'POST',
      url: '/api/operator/remotes/mfe-auth/activate',
      headers: operatorHeaders,
      payload: { activatedBy: 'npm run rollback (root@test)' },
    });
    assert.equal(rollback.statusCode, 200);
    const { previous, active } = activationResult.parse(rollback.json());
    assert.equal(previous?.version, '1.0.0+0e000002');
    assert.equal(active.version, '1.0.0+0e000001');

    const history = remoteHistory.parse(
      (await app.inject({ url: '/api/operator/remotes/history', headers: operatorHeaders })).json(),
    );
    assert.deepEqual(
      history.activations.map((activation) => activation.activatedBy),
      ['npm run rollback (root@test)', 'npm run deploy (root@test)', 'npm run deploy (root@test)'],
    );
  });

  test('operator errors are in English for the CLI', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/operator/remotes/mfe-auth/activate',
      headers: operatorHeaders,
      payload: { version: '1.0.0+0e000009', activatedBy: 'test' },
    });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().message, 'mfe-auth 1.0.0+0e000009 has never been deployed');
  });

  test('seed creates the demo once', async () => {
    const seed = () =>
      app.inject({ method: 'POST', url: '/api/operator/seed', headers: operatorHeaders, payload: {} });
    assert.deepEqual((await seed()).json(), { created: true });
    assert.deepEqual((await seed()).json(), { created: false });
  });
});

describe('operator CLI', () => {
  test('the content hash is stable and changes with any byte', async () => {
    await buildAuth('one');
    const dist = path.join(repoRoot, 'mfe-auth', 'dist');
    const first = await contentHash(dist);
    assert.match(first, /^[0-9a-f]{8}$/);
    assert.equal(await contentHash(dist), first);
    await writeFile(path.join(dist, '646.80280f349a.js'), 'two');
    assert.notEqual(await contentHash(dist), first);
  });

  test('deploy --skip-build publishes dist as <version>+<hash> and activates it; the same build again changes nothing', async () => {
    await buildAuth('build one');
    const deployment = await deployAuth();
    const hash = await contentHash(path.join(repoRoot, 'mfe-auth', 'dist'));
    assert.equal(deployment.version, `2.3.4+${hash}`);
    assert.equal(deployment.manifestUrl, `/deployments/mfe-auth/2.3.4+${hash}/mf-manifest.json`);
    const folder = path.join(config.deploymentsDir, 'mfe-auth', deployment.version);
    const published = await stat(path.join(folder, 'remoteEntry.js'));
    assert.equal((await getRegistry(db)).remotes[0]?.version, deployment.version);

    const again = await deployAuth();
    assert.equal(again.version, deployment.version);
    assert.deepEqual(
      await stat(path.join(folder, 'remoteEntry.js')),
      published,
      'the folder is not rewritten',
    );
    assert.equal((await getRegistry(db)).revision, 1);
  });

  test('deploy --skip-build without a build says so', async () => {
    await assert.rejects(
      deployRemote({
        remote: 'mfe-admin',
        skipBuild: true,
        config,
        registry: direct,
        deployedBy: 'test',
        repoRoot,
      }),
      { name: 'CliError', message: /^mfe-admin has no build in .*; deploy it without --skip-build\.$/ },
    );
  });

  test('rollback through the database: before → after, then back by name', async () => {
    await buildAuth('build one');
    const one = await deployAuth();
    await buildAuth('build two');
    const two = await deployAuth();

    const { summary, result } = await rollbackRemote(direct, {
      remote: 'mfe-auth',
      activatedBy: 'npm run rollback (test)',
    });
    assert.equal(summary, `mfe-auth: ${two.version} → ${one.version}`);
    assert.equal(result.active.lastKnownGood?.version, two.version);

    const named = await rollbackRemote(direct, {
      remote: 'mfe-auth',
      version: two.version,
      activatedBy: 'test',
    });
    assert.equal(named.summary, `mfe-auth: ${one.version} → ${two.version}`);
    const same = await rollbackRemote(direct, {
      remote: 'mfe-auth',
      version: two.version,
      activatedBy: 'test',
    });
    assert.equal(same.summary, `mfe-auth: ${two.version} is already active`);
  });

  test('the remotes table lists versions newest first with the active one starred', async () => {
    await buildAuth('build one');
    const one = await deployAuth();
    await buildAuth('build two');
    const two = await deployAuth();
    await rollbackRemote(direct, { remote: 'mfe-auth', activatedBy: 'test' });

    const history = await direct.history();
    const lines = formatRemotesTable(history).split('\n');
    assert.match(lines[0]!, /^REMOTE\s+ACTIVATIONS\s+VERSION\s+DEPLOYED AT\s+DEPLOYED BY$/);
    assert.match(
      lines[1]!,
      new RegExp(
        `^mfe-auth\\s+3\\s+${two.version.replace('+', '\\+')}\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\s+test$`,
      ),
    );
    assert.match(lines[2]!, new RegExp(`^\\s+\\*\\s+${one.version.replace('+', '\\+')}`));
    assert.match(lines[3]!, /^mfe-forms-builder\s+0\s+\(not deployed\)$/);
    assert.deepEqual(undeployedRemotes(history), [
      'mfe-forms-builder',
      'mfe-filling',
      'mfe-results',
      'mfe-admin',
    ]);
  });

  test('with a server running, the CLI goes through its operator API', async () => {
    await buildAuth('build one');
    const one = await deployAuth();
    await buildAuth('build two');
    const two = await deployAuth();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    await writeServerInfo(config.dataDir, {
      pid: process.pid,
      port,
      token: OPERATOR_TOKEN,
      startedAt: new Date().toISOString(),
    });

    const viaServer = await connectRegistry(config);
    assert.match(viaServer.via, new RegExp(`running server, pid ${process.pid}, port ${port}`));
    const { summary } = await rollbackRemote(viaServer, { remote: 'mfe-auth', activatedBy: 'test' });
    assert.equal(summary, `mfe-auth: ${two.version} → ${one.version}`);
    await assert.rejects(
      rollbackRemote(viaServer, { remote: 'mfe-auth', version: '9.9.9+00000000', activatedBy: 'test' }),
      {
        name: 'CliError',
        message: 'mfe-auth 9.9.9+00000000 has never been deployed',
      },
    );

    const table = await runCli('remotes');
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^mfe-auth\s+3\s/m);

    const unknown = await runCli('rollback', 'mfe-nope');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^Error: Unknown remote "mfe-nope"\./);
    assert.doesNotMatch(unknown.stderr, /\n\s+at /, 'no stack trace');

    // `npm run audit:verify` (ADR 415): intact, then one entry edited behind the application's back.
    const organizationId = await createOrganization(db);
    for (const operation of ['results.list', 'person.details'] as const) {
      await db.insertInto('access_audit').values({ organization_id: organizationId, operation }).execute();
    }
    await chainAccessAudit(db);
    const intact = await runCli('audit-verify');
    assert.equal(intact.code, 0, intact.stderr);
    assert.equal(intact.stdout.trim(), 'Access audit trail intact: 2 chained entries verified.');
    await asOwner(db, (owner) =>
      sql`update access_audit set operation = 'auth.login' where operation = 'person.details'`.execute(owner),
    );
    const tampered = await runCli('audit-verify');
    assert.equal(tampered.code, 1);
    assert.match(
      tampered.stdout,
      new RegExp(
        `NOT intact: 1 problem\\(s\\) in 2 chained entries\\.\\n  organization ${organizationId}: entry \\d+ changed`,
      ),
    );
  });
});
