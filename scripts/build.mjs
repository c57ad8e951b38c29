// Builds every front-end package whose sources changed since its last build (`--all`: every one).
import { FRONT_END_PACKAGES, needsBuild, run } from './lib.mjs';

const all = process.argv.includes('--all');
const stale = FRONT_END_PACKAGES.filter((pkg) => all || needsBuild(pkg));
if (stale.length === 0) {
  console.log('Every front-end package is up to date.');
} else {
  console.log(`Building: ${stale.join(', ')}`);
  const scope = stale.flatMap((pkg) => ['--scope', pkg]);
  const code = await run('npx', ['lerna', 'run', 'build', '--concurrency', '2', ...scope]);
  if (code !== 0) process.exit(code);
}
