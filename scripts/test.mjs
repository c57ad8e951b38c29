// `npm test`: every check of the product — types, lint, front-end units (jest), the API against a real
// database (PGlite, or PostgreSQL with DATABASE_URL) and browser tests of the built product.
// `--only unit,api,e2e` picks suites. The last line is the total: `N passed, N failed`.
import { stripVTControlCharacters } from 'node:util';
import { runCapturing } from './lib.mjs';

const SUITES = {
  typecheck: ['npm', ['run', '--silent', 'typecheck']],
  lint: ['npm', ['run', '--silent', 'lint']],
  unit: ['npx', ['jest', '--ci']],
  api: ['npm', ['test', '-w', 'api']],
  e2e: ['npm', ['test', '-w', 'e2e']],
};

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

const onlyIndex = process.argv.indexOf('--only');
const chosen = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(',') : Object.keys(SUITES);

let passed = 0;
let failed = 0;
const report = [];
for (const name of chosen) {
  const [command, args] = SUITES[name];
  console.log(`\n=== ${name} tests ===`);
  const { code, output } = await runCapturing(command, args);
  // Type checking and linting are one check each.
  const counts =
    name === 'typecheck' || name === 'lint' ? { passed: code === 0 ? 1 : 0, failed: 0 } : countsOf(output);
  // A runner that crashed before counting anything still counts as a failure.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  report.push(`${name}: ${counts.passed} passed, ${counts.failed} failed`);
}
console.log(`\n${report.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
