import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer, type StaticServer } from './static-server.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface CommandResult {
  code: number;
  output: string;
}

export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * The built product, served by the real API server on a free port with its own database and
 * deployments folder, so browser tests never touch a developer's data.
 */
export interface RunningProduct {
  url: string;
  env: NodeJS.ProcessEnv;
  deploymentsDir: string;
  /** The origin deployments are served from when `remotesOnOtherOrigin` (the registry holds its URLs). */
  remotesUrl: string | undefined;
  operator(...args: string[]): Promise<CommandResult>;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health in 60 s:\n${log()}`);
}

/**
 * `env` adds or overrides server variables (e.g. `LOG_LEVEL: 'info'`);
 * `apiOnly` serves the API alone, without building or deploying the front end;
 * `remotesOnOtherOrigin` serves the deployments folder from a plain static server on another port
 * (a CDN's stand-in, readable only by the shell's origin) and deploys with `REMOTES_BASE_URL` set to it.
 */
export async function startProduct({
  env: extraEnv = {},
  apiOnly = false,
  remotesOnOtherOrigin = false,
}: {
  env?: NodeJS.ProcessEnv;
  apiOnly?: boolean;
  remotesOnOtherOrigin?: boolean;
} = {}): Promise<RunningProduct> {
  if (!apiOnly) {
    const build = await runCommand('node', ['scripts/build.mjs'], process.env);
    if (build.code !== 0) throw new Error(`Build failed:\n${build.output}`);
  }

  const workDir = mkdtempSync(path.join(repoRoot, '.e2e-tmp-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    DEPLOYMENTS_DIR: path.join(workDir, 'deployments'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PUBLIC_URL: url,
    ...extraEnv,
  };
  let remotes: StaticServer | undefined;
  if (remotesOnOtherOrigin) {
    // Up before the first deployment: registering a version fetches its manifest from this server.
    remotes = await startStaticServer({ root: env.DEPLOYMENTS_DIR!, allowOrigin: url });
    Object.assign(env, { REMOTES_BASE_URL: remotes.url, SHELL_ORIGIN: url });
  }
  // What `npm run deploy|rollback|remotes -- …` runs.
  const operator = (...args: string[]) =>
    runCommand('node', ['--import', 'tsx', 'api/src/cli/operator.ts', ...args], env);

  if (!apiOnly) {
    const deployed = await operator('ensure-deployed', '--skip-build');
    if (deployed.code !== 0) throw new Error(`ensure-deployed failed:\n${deployed.output}`);
  }

  // API_NODE_ARGS: flags for the API's own node, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS).
  const nodeArgs = process.env.API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn('node', [...nodeArgs, '--import', 'tsx', 'api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout!.on('data', (chunk) => (log += chunk));
  server.stderr!.on('data', (chunk) => (log += chunk));
  await waitForHealth(url, server, () => log);

  return {
    url,
    env,
    deploymentsDir: env.DEPLOYMENTS_DIR!,
    remotesUrl: remotes?.url,
    operator,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await remotes?.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
