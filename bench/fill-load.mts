// Submissions under load: concurrent patients, each in a loop doing what the fill page does when a
// form is sent — POST /api/form_metadata/ and then POST /api/form_data/ (completed, scored on the
// server) — against the API on PostgreSQL with the demo seed, for a fixed time.
// Usage: npm run bench:fill-load -- [--duration 60] [--connections 200] [--fields 30]
// DATABASE_URL names the database to create afresh (default postgres://postgres@127.0.0.1:5432/bench_fill);
// it is dropped at the end.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropDatabase, ensureDatabase } from '../deploy/database.mts';
import { startProduct } from '../e2e/src/product.ts';
import { activeFormForPatient, signInPatient } from './fill/product-api.mts';
import { questionnaire } from './fill/questionnaire.mts';
import { errorCount, latencyLine, newTally, submitUntil } from './fill/submissions.mts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    fields: { type: 'string', default: '30' },
  },
});
const DURATION_S = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const FIELDS = Number(options.fields);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_fill';

async function countCompleted(formId: number): Promise<number> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ count: string }>(
    `select count(*) from form_data where form_id = $1 and state = 'COMPLETED'`,
    [formId],
  );
  await client.end();
  return Number(rows[0]!.count);
}

await ensureDatabase(DATABASE_URL, { fresh: true });
const product = await startProduct({ apiOnly: true, env: { DATABASE_URL, LOG_LEVEL: 'warn' } });
try {
  const formId = await activeFormForPatient(
    product.url,
    questionnaire(FIELDS),
    `Obciążenie ${FIELDS} pól ${new Date().toISOString()}`,
  );
  const token = await signInPatient(product.url);
  const tally = newTally();

  const started = performance.now();
  const endsAt = started + DURATION_S * 1000;
  await submitUntil(
    { baseUrl: product.url, token, formId, fields: FIELDS, endsAt },
    { connections: CONNECTIONS, tally },
  );
  const elapsedS = (performance.now() - started) / 1000;
  const stored = await countCompleted(formId);
  const errors = errorCount(tally);

  console.log(
    `Submissions of a ${FIELDS}-field form: ${CONNECTIONS} concurrent patients for ${DURATION_S} s, ` +
      `API on PostgreSQL (${new URL(DATABASE_URL).host}), load generator on the same machine:`,
  );
  console.log(
    `  throughput: ${(tally.submissionMs.length / elapsedS).toFixed(1)} submissions/s ` +
      `(${((tally.metadataMs.length + tally.createMs.length) / elapsedS).toFixed(1)} requests/s), ` +
      `${tally.submissionMs.length} submissions in ${elapsedS.toFixed(1)} s`,
  );
  console.log(latencyLine('POST /api/form_metadata/', tally.metadataMs));
  console.log(latencyLine('POST /api/form_data/ (completed)', tally.createMs));
  console.log(latencyLine('whole submission (both calls)', tally.submissionMs));
  console.log(
    `  completed filled forms in the database: ${stored} (answered 201: ${tally.submissionMs.length})`,
  );
  console.log(`  errors: ${errors}`);
  for (const [what, count] of tally.errors) console.log(`    ${count} × ${what}`);
  if (errors > 0 || stored !== tally.submissionMs.length) process.exitCode = 1;
} finally {
  await product.stop();
  await dropDatabase(DATABASE_URL);
}
