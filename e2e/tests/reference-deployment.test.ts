import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { AUTH_TOKEN_HEADER } from '@formularze/domain/schemas/auth';
import { dropDatabase, postgresAnswers } from '../../deploy/database.mjs';
import { ensureNginx } from '../../deploy/nginx.mjs';
import { freePort, repoRoot } from '../src/product.js';
import { DEMO, DEMO_PASSWORD } from '../src/session.js';

// `npm run start:scale` as an operator runs it: nginx in front of two API processes on PostgreSQL.

const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/formularze_deploy_smoke_${process.pid}`;

/** Why the test cannot run here, if it cannot. */
async function missingPrerequisite(): Promise<string | undefined> {
  if (!(await postgresAnswers(serverUrl.toString()))) return `no PostgreSQL server at ${serverUrl.host}`;
  try {
    ensureNginx(() => {});
    return undefined;
  } catch (error) {
    return `nginx is not available: ${(error as Error).message}`;
  }
}
const skip = await missingPrerequisite();

let workDir: string;
let script: ChildProcess;
let output = '';
let url: string;
let apiPorts: number[];

/** Resolves when the script prints its address; rejects if it exits first. */
function scriptReady(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No address in ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk;
      const address = output.match(/runs behind nginx at (http:\/\/\S+)/);
      if (address) {
        clearTimeout(timer);
        resolve(address[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The script exited (${code}):\n${output}`));
    });
  });
}

before(async () => {
  if (skip) return;
  // nginx's workers (an unprivileged user) read the deployments from here.
  workDir = mkdtempSync(path.join(os.tmpdir(), 'formularze-deploy-'));
  chmodSync(workDir, 0o755);
  const port = await freePort();
  apiPorts = [await freePort(), await freePort()];
  script = spawn('node', ['--import', 'tsx', 'deploy/start.mts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORTS: apiPorts.join(','),
      DATABASE_URL: databaseUrl.toString(),
      RUN_DIR: path.join(workDir, 'run'),
      DEPLOYMENTS_DIR: path.join(workDir, 'deployments'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The script builds what changed first: a cold build takes a few minutes.
  await scriptReady(script, 300_000);
  url = `http://127.0.0.1:${port}`;
});

after(async () => {
  if (skip) return;
  if (script && script.exitCode === null) script.kill('SIGKILL');
  await dropDatabase(databaseUrl.toString()).catch(() => {});
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('nginx serves the product from two API processes and static files from disk', { skip }, async () => {
  const login = await fetch(`${url}/login`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(login.status, 200);
  assert.match(login.headers.get('content-type') ?? '', /text\/html/);
  assert.equal(login.headers.get('content-encoding'), 'gzip', 'nginx compresses the rendered page');
  assert.match(await login.text(), /id="remote-registry"/);

  const signIn = await fetch(`${url}/employees/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.owner.login, password: DEMO_PASSWORD }),
  });
  assert.equal(signIn.status, 200);
  const { token } = (await signIn.json()) as { token: string };
  // Each call may land on either process: the session lives in the database.
  for (let call = 0; call < 4; call += 1) {
    const me = await fetch(`${url}/api/persons/my`, { headers: { [AUTH_TOKEN_HEADER]: token } });
    assert.equal(me.status, 200);
  }

  const registry = (await (await fetch(`${url}/api/remotes`)).json()) as {
    remotes: Array<{ name: string; entryUrl: string }>;
  };
  const auth = registry.remotes.find((remote) => remote.name === 'mfe-auth');
  assert.ok(auth, 'mfe-auth is deployed');
  const entry = await fetch(url + auth.entryUrl);
  assert.equal(entry.status, 200);
  assert.match(entry.headers.get('cache-control') ?? '', /immutable/);
  const onDisk = readFileSync(path.join(workDir, auth.entryUrl.replace(/^\//, '')), 'utf8');
  assert.equal(await entry.text(), onDisk);

  for (let call = 0; call < 6; call += 1) assert.equal((await fetch(`${url}/api/health`)).status, 200);
  const accessLog = readFileSync(path.join(workDir, 'run', 'nginx', 'access.log'), 'utf8');
  for (const port of apiPorts) {
    assert.match(accessLog, new RegExp(`upstream=127\\.0\\.0\\.1:${port} `), `requests reached :${port}`);
  }
  assert.match(
    accessLog,
    /"GET \/deployments\/mfe-auth\/\S+\/remoteEntry\.js HTTP\/1\.1" 200 \d+ \S+ upstream=- /,
    'remoteEntry.js came from disk, not from an API process',
  );
});

test(
  'each process is ready and answers its own scraper; nginx never passes /metrics on',
  { skip },
  async () => {
    assert.equal((await fetch(`${url}/api/ready`)).status, 200);
    for (const port of apiPorts) {
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      assert.equal(scraped.status, 200);
      assert.match(await scraped.text(), /^formularze_http_request_duration_seconds_count\{/m);
    }
    const throughNginx = await fetch(`${url}/metrics`);
    assert.equal(throughNginx.status, 404);
    assert.doesNotMatch(await throughNginx.text(), /formularze_/);
  },
);

test(
  'the two processes count one rate limit in Redis: a client is refused once it used it up',
  { skip },
  async () => {
    // A client address of this run's own (nginx passes it on; the processes trust nginx alone).
    const client = `10.${process.pid % 250}.${Date.now() % 250}.${(Date.now() >> 8) % 250}`;
    const statuses: number[] = [];
    for (let report = 0; report < 12; report += 1) {
      const response = await fetch(`${url}/api/remotes/fallback-events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ remote: 'mfe-results', from: '1.1.0+aaaaaaaa', to: '1.0.0+bbbbbbbb' }),
      });
      statuses.push(response.status);
    }
    // 10 a minute per address (FALLBACK_REPORT_RATE_LIMIT), whichever process nginx chose.
    assert.deepEqual(statuses, [...Array(10).fill(204), 429, 429]);
  },
);

test('SIGTERM stops nginx and both API processes', { skip }, async () => {
  const exited = new Promise<number | null>((resolve) => script.once('exit', resolve));
  script.kill('SIGTERM');
  assert.equal(await exited, 0);
  for (const address of [url, ...apiPorts.map((port) => `http://127.0.0.1:${port}`)]) {
    await assert.rejects(fetch(`${address}/api/health`), `${address} no longer answers`);
  }
});
