// `npm start`: build what changed, give each remote its first deployment if it has none, serve the product.
import { run } from './lib.mjs';

const steps = [
  ['node', ['scripts/build.mjs']],
  ['node', ['--import', 'tsx', 'api/src/cli/operator.ts', 'ensure-deployed', '--skip-build']],
  ['node', ['--import', 'tsx', 'api/src/server.ts']],
];
for (const [command, args] of steps) {
  const code = await run(command, args);
  if (code !== 0) process.exit(code);
}
