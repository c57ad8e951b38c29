// `npm test`: every check of the product — types, lint, front-end units (jest), the API against a real
// database (PGlite; with TEST_POSTGRES_URL also against that PostgreSQL server) and browser tests of
// the built product. `--only unit,api,e2e` picks suites. The last line is the total: `N passed, N failed`.
//
// Most suites use one core each, so on a small machine two lanes run side by side and the browser
// tests, which time what a user waits for, run last and alone.
import { stripVTControlCharacters } from 'node:util';
import { runCapturing } from './lib.mjs';

/** The embedded database: a DATABASE_URL of the caller's shell must not send this suite to a server. */
const withoutServerDatabase = () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
};

const SUITES = {
  typecheck: { command: ['npm', ['run', '--silent', 'typecheck']] },
  lint: { command: ['npm', ['run', '--silent', 'lint']] },
  unit: { command: ['npx', ['jest', '--ci']] },
  api: { command: ['npm', ['test', '-w', 'api']], env: withoutServerDatabase },
  'api-postgres': {
    command: ['npm', ['test', '-w', 'api']],
    env: () => ({ ...process.env, DATABASE_URL: process.env.TEST_POSTGRES_URL }),
    enabled: () => Boolean(process.env.TEST_POSTGRES_URL),
  },
  build: { command: ['node', ['scripts/build.mjs']], counted: false },
  e2e: { command: ['npm', ['test', '-w', 'e2e']] },
};

/** Lanes run side by side, each suite of a lane after the one before it; stages run one after another. */
const STAGES = [
  [
    ['typecheck', 'lint', 'unit', 'api-postgres'],
    ['api', 'build'],
  ],
  [['e2e']],
];

/** Reads the counts from jest's or node:test's closing summary. */
export function countsOf(output) {
  const plain = stripVTControlCharacters(output);
  const jest = plain.match(/^Tests:\s+(.*)$/m);
  if (jest) {
    const count = (word) => Number(jest[1].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
    return { passed: count('passed'), failed: count('failed') };
  }
  const node = (word) =>
    [...plain.matchAll(new RegExp(`^[ℹ#] ${word} (\\d+)$`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0);
  return { passed: node('pass'), failed: node('fail') };
}

/** Streams a suite's lines, each marked with the suite's name when another lane prints beside it. */
function prefixedWriter(stream, prefix) {
  let pending = '';
  return (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) stream.write(`${prefix}${line}\n`);
  };
}

async function runSuite(name, shared) {
  const { command, env, counted = true } = SUITES[name];
  const [program, args] = command;
  const prefix = shared ? `[${name}] ` : '';
  console.log(`\n${prefix}=== ${name} ===`);
  const started = performance.now();
  const { code, output } = await runCapturing(program, args, {
    env: env?.() ?? process.env,
    write: shared
      ? { stdout: prefixedWriter(process.stdout, prefix), stderr: prefixedWriter(process.stderr, prefix) }
      : undefined,
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  // Type checking, linting and building are one check each.
  const counts =
    !counted || name === 'typecheck' || name === 'lint'
      ? { passed: code === 0 ? 1 : 0, failed: 0 }
      : countsOf(output);
  // A runner that crashed before counting anything still counts as a failure.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  console.log(`${prefix}${name}: ${counts.passed} passed, ${counts.failed} failed in ${seconds} s`);
  return { name, ...counts, seconds, code };
}

const onlyIndex = process.argv.indexOf('--only');
const chosen = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(',') : Object.keys(SUITES);
const isChosen = (name) => chosen.includes(name) && (SUITES[name].enabled?.() ?? true);

const results = [];
for (const stage of STAGES) {
  const lanes = stage.map((lane) => lane.filter(isChosen)).filter((lane) => lane.length > 0);
  const shared = lanes.length > 1;
  const laneResults = await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const name of lane) done.push(await runSuite(name, shared));
      return done;
    }),
  );
  results.push(...laneResults.flat());
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(
  `\n${results.map((r) => `${r.name}: ${r.passed} passed, ${r.failed} failed in ${r.seconds} s`).join('\n')}`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
