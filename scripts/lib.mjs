import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command, streaming its output and also returning it, for reading a test runner's summary.
 * `write` replaces the plain streaming to this process's stdout and stderr.
 */
export function runCapturing(command, args, { write, ...options } = {}) {
  const toStdout = write?.stdout ?? ((chunk) => process.stdout.write(chunk));
  const toStderr = write?.stderr ?? ((chunk) => process.stderr.write(chunk));
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      toStdout(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      toStderr(chunk);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Newest modification time of the files under `dirs`, ignoring build output and dependencies. */
export function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  dirs.filter((dir) => existsSync(dir)).forEach(walk);
  return newest;
}

/** The file whose time says when `pkg` was last built. */
const builtMarker = (pkg) =>
  path.join(root, pkg, 'dist', pkg === 'shell' ? 'index.html' : 'mf-manifest.json');

/**
 * Records that `pkg` was just built. Webpack leaves an unchanged output file untouched, so without
 * this a package whose change did not alter its output would look stale forever.
 */
export function markBuilt(pkg) {
  const now = new Date();
  utimesSync(builtMarker(pkg), now, now);
}

/** True when `pkg/dist` is missing or older than the package's (or the shared packages', or the build config's) sources. */
export function needsBuild(pkg) {
  const index = builtMarker(pkg);
  if (!existsSync(index)) return true;
  const sources = [pkg, 'domain', 'shared-ui', 'tools/webpack'].map((dir) => path.join(root, dir));
  return newestSource(sources) > statSync(index).mtimeMs;
}

/** The packages webpack builds: every workspace with a webpack configuration. */
export const FRONT_END_PACKAGES = JSON.parse(
  readFileSync(path.join(root, 'package.json'), 'utf8'),
).workspaces.filter((pkg) => existsSync(path.join(root, pkg, 'webpack.config.js')));
