// The servers the scale-out benchmarks measure, each started the way it runs for real: a bare
// Fastify hello-world (the machine's ceiling), the API on PGlite, the API on PostgreSQL, and the
// reference deployment (nginx + API processes on PostgreSQL, deploy/). The API serves no front end
// here (apiOnly / no remotes): these benchmarks call the API only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, ensureAppLogin, ensureDatabase } from '../../deploy/database.mts';
import { startDeployment, type ApiProcess, type RunningDeployment } from '../../deploy/deployment.mts';
import { ensureNginx, startNginx } from '../../deploy/nginx.mts';
import { freePort, repoRoot, startProduct } from '../../e2e/src/product.ts';

export interface Target {
  /** As printed in the tables. */
  label: string;
  url: string;
  /** The database the API writes, when on PostgreSQL (dropped by stop()). */
  databaseUrl?: string;
  /** The API processes behind nginx, when there are several. */
  apis?: ApiProcess[];
  deployment?: RunningDeployment;
  stop(): Promise<void>;
}

/** Settings of every API process started here: quiet logs, and nginx or the benchmark as a trusted proxy. */
const API_ENV = { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' };

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/bench_scale';

/** A script of bench/scale/ serving on a free port in its own process, like the API. */
async function startBareServer(script: string, label: string, env: NodeJS.ProcessEnv = {}): Promise<Target> {
  const port = await freePort();
  const child = spawn('node', ['--import', 'tsx', `bench/scale/${script}`], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  });
  return {
    label,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A bare Fastify app answering `GET /` with a small JSON, in its own process like the API. */
export const startHelloWorld = () =>
  startBareServer('hello-server.mts', 'bare Fastify hello-world, 1 process');

/**
 * The floor: a bare Fastify route with one indexed query, through `pg.Pool` on `databaseUrl` (the
 * database the API under test uses) or, without it, on an in-memory PGlite of its own.
 */
export const startFloor = (databaseUrl?: string) =>
  databaseUrl
    ? startBareServer('floor-server.mts', 'floor: Fastify + pg, 1 indexed query', {
        DATABASE_URL: databaseUrl,
      })
    : startBareServer('floor-server.mts', 'floor: Fastify + PGlite, 1 indexed query', { DATABASE_URL: '' });

export async function startPglite(): Promise<Target> {
  const product = await startProduct({ apiOnly: true, env: API_ENV });
  return { label: 'API on PGlite, 1 process', url: product.url, stop: () => product.stop() };
}

export async function startPostgres(databaseUrl: string): Promise<Target> {
  await ensureDatabase(databaseUrl, { fresh: true });
  // As deployed: the API's queries log in as the runtime role.
  const appDatabaseUrl = await ensureAppLogin(databaseUrl, randomBytes(24).toString('hex'));
  const product = await startProduct({
    apiOnly: true,
    env: { ...API_ENV, DATABASE_URL: databaseUrl, APP_DATABASE_URL: appDatabaseUrl },
  });
  return {
    label: 'API on PostgreSQL, 1 process',
    url: product.url,
    databaseUrl,
    async stop() {
      await product.stop();
      await dropDatabase(databaseUrl);
    },
  };
}

/** nginx (deploy/) in front of `processes` API processes on one PostgreSQL database. */
export async function startBehindNginx(databaseUrl: string, processes = 2): Promise<Target> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'formularze-scale-'));
  // nginx's workers run as an unprivileged user and read the deployments folder.
  chmodSync(workDir, 0o755);
  const apiPorts: number[] = [];
  for (let index = 0; index < processes; index += 1) apiPorts.push(await freePort());
  const deployment = await startDeployment({
    port: await freePort(),
    apiPorts,
    databaseUrl,
    runDir: path.join(workDir, 'run'),
    deploymentsDir: path.join(workDir, 'deployments'),
    freshDatabase: true,
    deployRemotes: false,
    env: API_ENV,
  });
  return {
    label: `API on PostgreSQL, ${processes} process${processes === 1 ? '' : 'es'} behind nginx`,
    url: deployment.url,
    databaseUrl,
    apis: deployment.apis,
    deployment,
    async stop() {
      await deployment.stop();
      await dropDatabase(databaseUrl);
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** nginx, configured as the deployment's (deploy/nginx.conf.template), in front of `addresses`. */
async function startNginxInFront(addresses: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'formularze-scale-nginx-'));
  // nginx's workers run as an unprivileged user and read the deployments folder.
  chmodSync(runDir, 0o755);
  const nginx = await startNginx(ensureNginx(), {
    listen: String(port),
    apiAddresses: addresses,
    deploymentsDir: runDir,
    shellDist: path.join(repoRoot, 'shell', 'dist'),
    runDir,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await nginx.stop();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}

/** The same server reached through nginx in front of one process of it, and of two. */
export interface OneAndTwo {
  one: string;
  two: string;
}

/**
 * The API and the floor, each as two processes behind nginx and as the first of them alone behind
 * a second nginx configured alike: one deployment whose sides can be loaded in turn, seconds apart,
 * on the same database and the same warmed processes, so that the machine's own drift weighs on
 * both sides alike; the floor's two sides tell what a second process gives on this machine at all.
 */
export async function startScaleOut(
  databaseUrl: string,
): Promise<{ api: OneAndTwo; floor: OneAndTwo & { label: string }; stop(): Promise<void> }> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const stopOne of [...stops].reverse()) await stopOne();
  };
  try {
    const deployment = await startBehindNginx(databaseUrl, 2);
    stops.push(() => deployment.stop());
    const apiOne = await startNginxInFront([`127.0.0.1:${deployment.apis![0]!.port}`]);
    stops.push(() => apiOne.stop());
    const floors = [await startFloor(databaseUrl), await startFloor(databaseUrl)];
    stops.push(...floors.map((floor) => () => floor.stop()));
    const floorAddresses = floors.map((floor) => new URL(floor.url).host);
    const floorOne = await startNginxInFront(floorAddresses.slice(0, 1));
    stops.push(() => floorOne.stop());
    const floorTwo = await startNginxInFront(floorAddresses);
    stops.push(() => floorTwo.stop());
    return {
      api: { one: apiOne.url, two: deployment.url },
      floor: { label: floors[0]!.label, one: floorOne.url, two: floorTwo.url },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
