// nginx as the load balancer of the reference deployment: found (or installed from Debian's
// packages), configured from deploy/nginx.conf.template, run in the foreground as a child process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('./nginx.conf.template', import.meta.url));
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
const MIME_TYPES_CANDIDATES = ['/etc/nginx/mime.types', '/usr/local/nginx/conf/mime.types'];

export class NginxUnavailableError extends Error {}

function findNginx(): string | undefined {
  const fromPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return fromPath || NGINX_CANDIDATES.find((candidate) => existsSync(candidate));
}

function aptGet(args: string[], log: (line: string) => void): boolean {
  log(`apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0)
    log((result.stderr || result.error?.message || '').trim().split('\n').at(-1) ?? '');
  return result.status === 0;
}

/**
 * The nginx binary; when there is none, `apt-get install -y nginx` (after `apt-get update` if the
 * package lists are stale). Throws NginxUnavailableError when it cannot be had.
 */
export function ensureNginx(log: (line: string) => void = console.log): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new NginxUnavailableError('nginx is not installed; run `apt-get install -y nginx` as root.');
  }
  log('nginx is not installed: installing it from the Debian packages.');
  const installed =
    aptGet(['install', '-y', '--no-install-recommends', 'nginx'], log) ||
    (aptGet(['update'], log) && aptGet(['install', '-y', '--no-install-recommends', 'nginx'], log));
  const binary = installed ? findNginx() : undefined;
  if (!binary) throw new NginxUnavailableError('nginx could not be installed with apt-get.');
  return binary;
}

export interface NginxSettings {
  /** `listen` argument: a port, or `address:port`. */
  listen: string;
  /** `host:port` of each API process. */
  apiAddresses: string[];
  deploymentsDir: string;
  shellDist: string;
  /** Where nginx keeps its configuration, pid, logs and temporary files. */
  runDir: string;
  /** When set, deployed remotes may be fetched by this origin (as the API does with SHELL_ORIGIN). */
  shellOrigin?: string | undefined;
}

/** nginx's quoting of a path in its configuration. */
const quoted = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

export function renderNginxConfig(
  settings: NginxSettings,
  template = readFileSync(TEMPLATE, 'utf8'),
): string {
  const mimeTypes = MIME_TYPES_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!mimeTypes) throw new NginxUnavailableError(`None of ${MIME_TYPES_CANDIDATES.join(', ')} exists.`);
  // Used unquoted as a prefix of several paths in the template.
  if (/[\s"';{}]/.test(settings.runDir)) throw new Error(`Unsupported characters in ${settings.runDir}`);
  const values: Record<string, string> = {
    RUN_DIR: settings.runDir,
    MIME_TYPES: mimeTypes,
    LISTEN: settings.listen,
    API_SERVERS: settings.apiAddresses
      // One failure takes a process out for 5 s, then nginx tries it again.
      .map((address) => `        server ${address} max_fails=1 fail_timeout=5s;`)
      .join('\n'),
    // `alias` maps /deployments/x to <dir>/x: both end with a slash.
    DEPLOYMENTS_DIR: quoted(`${path.resolve(settings.deploymentsDir)}/`),
    SHELL_DIST: quoted(path.resolve(settings.shellDist)),
    DEPLOYMENTS_HEADERS: settings.shellOrigin
      ? `            add_header Access-Control-Allow-Origin ${quoted(settings.shellOrigin)} always;`
      : '',
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown placeholder {{${name}}} in the nginx template`);
    return value;
  });
}

export interface RunningNginx {
  process: ChildProcess;
  configPath: string;
  accessLog: string;
  stop(): Promise<void>;
}

/** Checks the rendered configuration and starts nginx in the foreground (`daemon off`). */
export async function startNginx(binary: string, settings: NginxSettings): Promise<RunningNginx> {
  mkdirSync(settings.runDir, { recursive: true });
  const configPath = path.join(settings.runDir, 'nginx.conf');
  writeFileSync(configPath, renderNginxConfig(settings));
  const errorLog = path.join(settings.runDir, 'error.log');
  // -e: the startup error log too, so nginx never writes to /var/log/nginx.
  const base = ['-p', settings.runDir, '-e', errorLog, '-c', configPath];
  const check = spawnSync(binary, [...base, '-t', '-q'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused ${configPath}:\n${check.stderr}`);

  const child = spawn(binary, [...base, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // It exits at once when the port is taken; otherwise it stays.
  const early = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500)),
  ]);
  if (early) {
    const tail = existsSync(errorLog) ? readFileSync(errorLog, 'utf8').trim().split('\n').slice(-3) : [];
    throw new Error(`nginx exited at start (code ${child.exitCode}):\n${tail.join('\n')}`);
  }
  return {
    process: child,
    configPath,
    accessLog: path.join(settings.runDir, 'access.log'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGQUIT: finish the requests in progress, then exit.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
