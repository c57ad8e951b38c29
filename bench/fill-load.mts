// Submissions under load: concurrent patients, each in a loop doing what the fill page does when a
// form is sent — POST /api/form_metadata/ and then POST /api/form_data/ (completed, scored on the
// server) — against the API on PostgreSQL with the demo seed, for a fixed time.
// Usage: npm run bench:fill-load -- [--duration 60] [--connections 200] [--fields 30]
// DATABASE_URL names the database to create afresh (default postgres://postgres@127.0.0.1:5432/bench_fill);
// it is dropped at the end.
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { AUTH_TOKEN_HEADER } from 'shared-ui/schemas/auth';
import { startProduct } from '../e2e/src/product.ts';
import { activeFormForPatient, signInPatient } from './fill/product-api.mts';
import { productAnswers, questionnaire } from './fill/questionnaire.mts';

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

/** Drops and creates the database DATABASE_URL names, through the server's `postgres` database. */
async function freshDatabase(drop: boolean, create: boolean): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const quoted = `"${name.replaceAll('"', '""')}"`;
  if (drop) await admin.query(`drop database if exists ${quoted} with (force)`);
  if (create) await admin.query(`create database ${quoted}`);
  await admin.end();
}

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

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One JSON call on the shared keep-alive pool; answers the status and the parsed body. */
function post(url: string, token: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          [AUTH_TOKEN_HEADER]: token,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : null });
          } catch {
            resolve({ status: response.statusCode ?? 0, json: text });
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

interface Tally {
  metadataMs: number[];
  createMs: number[];
  submissionMs: number[];
  errors: Map<string, number>;
}

function countError(tally: Tally, what: string) {
  tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);
}

/** One patient's loop: metadata, then the completed submission, until the time is up. */
async function virtualUser(
  user: number,
  { baseUrl, token, formId, endsAt }: { baseUrl: string; token: string; formId: number; endsAt: number },
  tally: Tally,
) {
  const questions = questionnaire(FIELDS);
  for (let round = 0; performance.now() < endsAt; round += 1) {
    const started = performance.now();
    try {
      const metadata = await post(`${baseUrl}/api/form_metadata/`, token, { form: { id: formId } });
      const metadataDone = performance.now();
      if (metadata.status !== 201) {
        countError(tally, `metadata ${metadata.status} ${JSON.stringify(metadata.json).slice(0, 200)}`);
        continue;
      }
      tally.metadataMs.push(metadataDone - started);
      const created = await post(`${baseUrl}/api/form_data/?draft=false`, token, {
        formId,
        formMetadataId: (metadata.json as { id: number }).id,
        ...productAnswers(questions, user + round),
      });
      const done = performance.now();
      if (created.status !== 201) {
        countError(tally, `create ${created.status} ${JSON.stringify(created.json).slice(0, 200)}`);
        continue;
      }
      tally.createMs.push(done - metadataDone);
      tally.submissionMs.push(done - started);
    } catch (error) {
      countError(tally, `network ${(error as Error).message}`);
    }
  }
}

const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! : NaN;

function latencyLine(label: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `  ${label.padEnd(34)} p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? NaN)} (${values.length})`;
}

await freshDatabase(true, true);
const product = await startProduct({ apiOnly: true, env: { DATABASE_URL, LOG_LEVEL: 'warn' } });
try {
  const formId = await activeFormForPatient(
    product.url,
    questionnaire(FIELDS),
    `Obciążenie ${FIELDS} pól ${new Date().toISOString()}`,
  );
  const token = await signInPatient(product.url);
  const tally: Tally = { metadataMs: [], createMs: [], submissionMs: [], errors: new Map() };

  const started = performance.now();
  const endsAt = started + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, user) =>
      virtualUser(user, { baseUrl: product.url, token, formId, endsAt }, tally),
    ),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const stored = await countCompleted(formId);
  const errorCount = [...tally.errors.values()].reduce((sum, count) => sum + count, 0);

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
  console.log(`  errors: ${errorCount}`);
  for (const [what, count] of tally.errors) console.log(`    ${count} × ${what}`);
  if (errorCount > 0 || stored !== tally.submissionMs.length) process.exitCode = 1;
} finally {
  agent.destroy();
  await product.stop();
  await freshDatabase(true, false);
}
