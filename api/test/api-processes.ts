import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema';
import { readServerInfo } from '../src/operator/server-info';

const API_DIR = fileURLToPath(new URL('../', import.meta.url));

/** A database of its own on the server of `serverUrl`, for tests that start real API processes. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.href }) }),
  });
  return {
    url: url.href,
    db,
    async drop() {
      await db.destroy();
      // Ended connections leave the server a moment later; forcing one that is still closing would
      // hand its client an error nobody listens to any more.
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const { rows } = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (!rows.length) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // `force`: a process that was killed may leave a connection the server has not noticed yet.
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface ApiProcess {
  port: number;
  /** Its `DATA_DIR` (with PGlite, the database lives in `<dataDir>/pglite`). */
  dataDir: string;
  /** Every line the process wrote to stdout (pino's JSON lines). */
  output: string[];
  /** The parsed log records. */
  logRecords(): Record<string, unknown>[];
  /** Sends `signal` (SIGTERM: a clean shutdown; SIGKILL: a crash) and waits until the process is gone. */
  end(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface ApiProcessesOptions {
  /** Runs before the first start on each process's data folder, e.g. to migrate and seed a PGlite there. */
  prepareDataDir?: (dataDir: string) => Promise<void>;
}

async function endProcess(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timeout);
}

/**
 * Starts `count` real API servers (`src/server.ts`) on the same database, each with its own data
 * folder and a free port (read from its `server.json`, as the operator CLI does). `env` is added
 * to every one's environment. Resolves once all answer; `restart(index)` starts that process again
 * on the same data folder (once it has ended); `stop` ends them all with SIGTERM.
 */
export async function startApiProcesses(
  count: number,
  env: Record<string, string>,
  { prepareDataDir }: ApiProcessesOptions = {},
) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'formularze-api-processes-'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => endProcess(child, 'SIGTERM')));
    await rm(root, { recursive: true, force: true });
  };
  const shared = { deployments: path.join(root, 'deployments'), media: path.join(root, 'media') };

  const launch = async (dataDir: string): Promise<ApiProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEPLOYMENTS_DIR: shared.deployments,
        MEDIA_DIR: shared.media,
        SHELL_DIST: path.join(root, 'no-shell-build'),
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const output: string[] = [];
    const errors: string[] = [];
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      output.push(...lines);
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
    const port = await serverPort(dataDir, child, errors);
    return {
      port,
      dataDir,
      output,
      logRecords: () =>
        output.flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
      end: (signal) => endProcess(child, signal),
    };
  };

  try {
    await mkdir(shared.deployments, { recursive: true });
    const processes = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const dataDir = path.join(root, `data-${index + 1}`);
        if (prepareDataDir) {
          await mkdir(dataDir, { recursive: true });
          await prepareDataDir(dataDir);
        }
        return launch(dataDir);
      }),
    );
    const restart = async (index: number) => {
      processes[index] = await launch(processes[index]!.dataDir);
      return processes[index];
    };
    return { processes, restart, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Waits until the server wrote its `server.json` (it listens by then); fails if it exits first. */
async function serverPort(dataDir: string, child: ChildProcess, errors: string[]): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the API process exited (${child.exitCode}): ${errors.join('')}`);
    }
    const info = await readServerInfo(dataDir);
    if (info && info.pid === child.pid) return info.port;
    if (Date.now() > deadline) throw new Error(`the API process did not start: ${errors.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A file with `content` in a temporary folder removed by the returned function. */
export async function temporaryFile(name: string, content: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'formularze-file-'));
  const file = path.join(dir, name);
  await writeFile(file, content);
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}
