// `npm start`: build what changed, give each remote its first deployment if it has none, serve the product.
import { run } from './lib.mjs';

// Links sent to users (password resets, welcome messages) point here unless the operator names the
// product's public address; the server refuses to listen beyond loopback without one.
process.env.PUBLIC_URL ||= `http://localhost:${process.env.PORT || 8080}`;

const steps = [
  ['node', ['scripts/build.mjs']],
  ['node', ['--import', 'tsx', 'api/src/cli/operator.ts', 'ensure-deployed', '--skip-build']],
  ['node', ['--import', 'tsx', 'api/src/server.ts']],
];
for (const [command, args] of steps) {
  const code = await run(command, args);
  if (code !== 0) process.exit(code);
}
