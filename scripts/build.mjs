// Builds every front-end package whose sources changed since its last build (`--all`: every one),
// then the built-in help files (help/dist) when their sources changed.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { FRONT_END_PACKAGES, markBuilt, needsBuild, newestSource, root, run } from './lib.mjs';

const all = process.argv.includes('--all');
const stale = FRONT_END_PACKAGES.filter((pkg) => all || needsBuild(pkg));
if (stale.length === 0) {
  console.log('Every front-end package is up to date.');
} else {
  console.log(`Building: ${stale.join(', ')}`);
  const scope = stale.flatMap((pkg) => ['--scope', pkg]);
  const code = await run('npx', ['lerna', 'run', 'build', '--concurrency', '2', ...scope]);
  if (code !== 0) process.exit(code);
  stale.forEach(markBuilt);
}

const helpMarker = path.join(root, 'help', 'dist', '.built');
if (
  all ||
  !existsSync(helpMarker) ||
  newestSource([path.join(root, 'help')]) > statSync(helpMarker).mtimeMs
) {
  const code = await run('node', ['help/tools/build.mjs']);
  if (code !== 0) process.exit(code);
}
