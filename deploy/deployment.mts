// The reference deployment on one machine: nginx in front of several API processes that share one
// PostgreSQL database, one deployments folder and one uploads folder. deploy/start.mts runs it from
// the command line; the benchmarks and the smoke test start it from code.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAppLogin, ensureDatabase } from './database.mts';
import { ensureNginx, startNginx, type RunningNginx } from './nginx.mts';

/** Redis on this machine, where rate limits are counted unless REDIS_URL names another. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DeploymentOptions {
  /** nginx's port. */
  port: number;
  /** One API process per port (127.0.0.1 only: clients reach them through nginx). */
  apiPorts: number[];
  databaseUrl: string;
  /** nginx's files, each process's DATA_DIR, the shared uploads folder and keys. */
  runDir: string;
  deploymentsDir: string;
  /** Build what changed first (scripts/build.mjs), as `npm start` does. */
  build?: boolean;
  /** Drop and create the database first (benchmarks, tests). */
  freshDatabase?: boolean;
  /** Give each remote its first deployment (false: the API alone, e.g. for API benchmarks). */
  deployRemotes?: boolean;
  /** Variables added for the API processes and the operator commands (e.g. LOG_LEVEL). */
  env?: NodeJS.ProcessEnv;
  /** Progress messages. */
  log?: (line: string) => void;
  /** Each API process's output as it comes; by default it is only kept for error messages. */
  onApiOutput?: (name: string, chunk: string) => void;
}

export interface ApiProcess {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** The last lines it wrote. */
  output(): string;
}

export interface RunningDeployment {
  url: string;
  apis: ApiProcess[];
  nginx: RunningNginx;
  /** The environment the operator CLI needs (`npm run rollback` etc.): the database, the folders, the keys. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const KEEP_OUTPUT_CHARS = 20_000;

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * CAPTCHA_HMAC_KEY and API_KEY_ENCRYPTION_KEY must be equal in every process; unless given, they
 * are made once and kept in the run folder (mode 0600), so restarts keep accepting old keys; so is
 * the runtime role's database password.
 */
function sharedKeys(runDir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const file = path.join(runDir, 'shared-keys.json');
  let keys: Record<string, string>;
  if (existsSync(file)) {
    keys = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } else {
    keys = {
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      API_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
  }
  // Added to a run folder made before the API logged in as its own role.
  keys.APP_DATABASE_PASSWORD ??= randomBytes(24).toString('hex');
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return {
    CAPTCHA_HMAC_KEY: env.CAPTCHA_HMAC_KEY || keys.CAPTCHA_HMAC_KEY,
    API_KEY_ENCRYPTION_KEY: env.API_KEY_ENCRYPTION_KEY || keys.API_KEY_ENCRYPTION_KEY,
    APP_DATABASE_PASSWORD: keys.APP_DATABASE_PASSWORD,
  };
}

async function waitForHealth(
  url: string,
  alive: () => string | undefined,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exited = alive();
    if (exited) throw new Error(exited);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer /api/health within ${timeoutMs / 1000} s`);
}

function startApi(
  { name, port, dataDir }: { name: string; port: number; dataDir: string },
  env: NodeJS.ProcessEnv,
  onOutput: DeploymentOptions['onApiOutput'],
): ApiProcess {
  // API_NODE_ARGS: flags for each API process's own node, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS).
  const nodeArgs = env.API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn('node', [...nodeArgs, '--import', 'tsx', 'api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-KEEP_OUTPUT_CHARS);
    onOutput?.(name, text);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, port, url: `http://127.0.0.1:${port}`, dataDir, process: child, output: () => output };
}

async function stopApi(api: ApiProcess): Promise<void> {
  const child = api.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // SIGTERM: the server stops its loops, closes its connections and exits.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function startDeployment(options: DeploymentOptions): Promise<RunningDeployment> {
  const log = options.log ?? (() => {});
  const runDir = path.resolve(REPO_ROOT, options.runDir);
  const deploymentsDir = path.resolve(REPO_ROOT, options.deploymentsDir);
  // First, so that a machine without nginx fails before anything is built or started.
  const nginxBinary = ensureNginx(log);
  mkdirSync(runDir, { recursive: true });
  mkdirSync(deploymentsDir, { recursive: true });

  if (options.build) {
    log('Building what changed (scripts/build.mjs)…');
    const build = await run('node', ['scripts/build.mjs'], process.env);
    if (build.code !== 0) throw new Error(`The build failed:\n${build.output}`);
  }

  if (await ensureDatabase(options.databaseUrl, { fresh: options.freshDatabase ?? false })) {
    log(`Created the database ${new URL(options.databaseUrl).pathname.slice(1)}.`);
  }
  const extraEnv = options.env ?? {};
  const keys = sharedKeys(runDir, { ...process.env, ...extraEnv });
  // The API's queries log in as the runtime role, not as the owner that migrates (DATABASE_URL).
  const appDatabaseUrl =
    extraEnv.APP_DATABASE_URL ||
    process.env.APP_DATABASE_URL ||
    (await ensureAppLogin(options.databaseUrl, keys.APP_DATABASE_PASSWORD!));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // nginx on this machine is the one proxy whose X-Forwarded-* headers count.
    TRUST_PROXY: '127.0.0.1',
    // One count of each rate limit for both processes (each counts alone while Redis is away).
    REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    UPLOADS_DIR: path.join(runDir, 'uploads'),
    ...extraEnv,
    // Links in messages lead to nginx, never to one process's own port.
    PUBLIC_URL: extraEnv.PUBLIC_URL || process.env.PUBLIC_URL || `http://localhost:${options.port}`,
    CAPTCHA_HMAC_KEY: keys.CAPTCHA_HMAC_KEY,
    API_KEY_ENCRYPTION_KEY: keys.API_KEY_ENCRYPTION_KEY,
    DATABASE_URL: options.databaseUrl,
    APP_DATABASE_URL: appDatabaseUrl,
    DEPLOYMENTS_DIR: deploymentsDir,
  };

  // Migrations, the first deployment of each remote and the demo seed, once, before any process
  // starts (the CLI opens the database itself while no server runs in its DATA_DIR).
  const operatorEnv = { ...env, DATA_DIR: path.join(runDir, 'operator') };
  const operator = (...args: string[]) =>
    run('node', ['--import', 'tsx', 'api/src/cli/operator.ts', ...args], operatorEnv);
  if (options.deployRemotes ?? true) {
    log('Migrating the database and deploying the remotes that have no active version…');
    const deployed = await operator('ensure-deployed', '--skip-build');
    if (deployed.code !== 0) throw new Error(`ensure-deployed failed:\n${deployed.output}`);
  }
  // The seed command migrates too.
  if (env.SEED_DEMO !== 'false') {
    const seeded = await operator('seed');
    if (seeded.code !== 0) throw new Error(`seed failed:\n${seeded.output}`);
  }

  const apis = options.apiPorts.map((port, index) => {
    const name = `api-${index + 1}`;
    return startApi({ name, port, dataDir: path.join(runDir, name) }, env, options.onApiOutput);
  });
  let nginx: RunningNginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(apis.map(stopApi));
  };
  try {
    log(`Starting ${apis.length} API processes on ports ${options.apiPorts.join(', ')}…`);
    await Promise.all(
      apis.map((api) =>
        waitForHealth(api.url, () =>
          api.process.exitCode !== null ? `${api.name} exited:\n${api.output()}` : undefined,
        ),
      ),
    );
    nginx = await startNginx(nginxBinary, {
      listen: String(options.port),
      apiAddresses: apis.map((api) => `127.0.0.1:${api.port}`),
      deploymentsDir,
      shellDist: path.resolve(REPO_ROOT, env.SHELL_DIST ?? 'shell/dist'),
      runDir: path.join(runDir, 'nginx'),
      shellOrigin: env.SHELL_ORIGIN,
    });
    const url = `http://127.0.0.1:${options.port}`;
    await waitForHealth(url, () => (nginx!.process.exitCode !== null ? 'nginx exited' : undefined));
    return { url, apis, nginx, env: operatorEnv, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
