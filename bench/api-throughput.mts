// API throughput as it scales out: autocannon with 50 connections against two typical reads —
// GET /api/persons/my (the demo patient: the call of every page load) and a /results page
// (POST /api/form_data/latest_for_projects_and_users as the owner, after filled forms were sent
// through the API), each connection with a session of its own (bench/scale/sessions.mts) — on
// PGlite (1 process), on PostgreSQL with 1 process, and with 2 processes behind nginx (deploy/),
// next to a bare Fastify hello-world on the same machine (ratio).
// Usage: npm run bench:api-throughput -- [--duration 10] [--connections 50] [--filled 200]
//   [--only hello,pglite,postgres,nginx] (nginx1: also 1 process behind nginx)
// DATABASE_URL: the PostgreSQL database to create afresh for each PostgreSQL target, dropped after
// (default postgres://postgres@127.0.0.1:5432/bench_scale). The load generator shares the machine.
import { parseArgs } from 'node:util';
import { AUTH_TOKEN_HEADER } from 'shared-ui/schemas/auth';
import { activeFormForPatient, signInPatient } from './fill/product-api.mts';
import { questionnaire } from './fill/questionnaire.mts';
import { submitFilledForms } from './fill/submissions.mts';
import { runLoad, warmUp, type LoadOptions, type LoadResult } from './scale/load.mts';
import { demoSessions } from './scale/sessions.mts';
import {
  DEFAULT_BENCH_DATABASE_URL,
  startBehindNginx,
  startHelloWorld,
  startPglite,
  startPostgres,
  type Target,
} from './scale/targets.mts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    filled: { type: 'string', default: '200' },
    only: { type: 'string', default: 'hello,pglite,postgres,nginx' },
  },
});
const DURATION_S = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const FILLED = Number(options.filled);
const FIELDS = 20;
const ONLY = new Set(options.only.split(','));
const DATABASE_URL = process.env.DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;

interface Row {
  target: string;
  call: string;
  result: LoadResult;
}

/**
 * A form of the demo project with `FILLED` completed fillings by the demo patient, and one session
 * per connection of the patient and of the owner.
 */
async function prepare(baseUrl: string) {
  const formId = await activeFormForPatient(baseUrl, questionnaire(FIELDS), `Przepustowość ${Date.now()}`);
  const patient = await signInPatient(baseUrl);
  await submitFilledForms(
    { baseUrl, token: patient, formId, fields: FIELDS },
    { count: FILLED, connections: 10, withinMs: 300_000 },
  );
  const sessionHeaders = (tokens: string[]) => tokens.map((token) => ({ [AUTH_TOKEN_HEADER]: token }));
  return {
    patients: sessionHeaders(await demoSessions(baseUrl, 'patient', CONNECTIONS)),
    owners: sessionHeaders(await demoSessions(baseUrl, 'owner', CONNECTIONS)),
  };
}

async function measure(options: LoadOptions): Promise<LoadResult> {
  await warmUp(options);
  return runLoad(options);
}

async function measureTarget(name: string, start: () => Promise<Target>, rows: Row[]) {
  const target = await start();
  try {
    const base = { connections: CONNECTIONS, durationS: DURATION_S };
    if (name === 'hello') {
      rows.push({
        target: target.label,
        call: 'GET /',
        result: await measure({ ...base, url: `${target.url}/` }),
      });
      return;
    }
    const { patients, owners } = await prepare(target.url);
    rows.push({
      target: target.label,
      call: 'GET /api/persons/my',
      result: await measure({ ...base, url: `${target.url}/api/persons/my`, headersPerConnection: patients }),
    });
    rows.push({
      target: target.label,
      call: 'POST …/latest_for_projects_and_users',
      result: await measure({
        ...base,
        url: `${target.url}/api/form_data/latest_for_projects_and_users`,
        method: 'POST',
        headersPerConnection: owners,
        body: '{}',
      }),
    });
  } finally {
    await target.stop();
  }
}

const rows: Row[] = [];
const targets: [string, () => Promise<Target>][] = [
  ['hello', startHelloWorld],
  ['pglite', startPglite],
  ['postgres', () => startPostgres(DATABASE_URL)],
  ['nginx', () => startBehindNginx(DATABASE_URL, 2)],
  // Not by default: one process behind nginx, to tell nginx's share from the second process's.
  ['nginx1', () => startBehindNginx(DATABASE_URL, 1)],
];
for (const [name, start] of targets) {
  if (!ONLY.has(name)) continue;
  console.log(`Measuring ${name}…`);
  await measureTarget(name, start, rows);
}

const hello = rows.find((row) => row.call === 'GET /')?.result.requestsPerSecond;
const cell = (text: string, width: number) => text.padStart(width);
console.log(
  `\nAPI throughput, autocannon -c ${CONNECTIONS} for ${DURATION_S} s per line (after a warm-up), ` +
    `${FILLED} filled forms of a ${FIELDS}-field form; load generator on the same machine:`,
);
console.log(
  `  ${'target'.padEnd(44)} ${'call'.padEnd(36)} ${cell('req/s', 8)} ${cell('× hello', 8)} ${cell('p50 ms', 7)} ${cell('p99 ms', 7)} ${cell('errors', 7)}`,
);
for (const { target, call, result } of rows) {
  const ratio = hello ? (result.requestsPerSecond / hello).toFixed(2) : '–';
  console.log(
    `  ${target.padEnd(44)} ${call.padEnd(36)} ${cell(result.requestsPerSecond.toFixed(0), 8)} ${cell(ratio, 8)} ` +
      `${cell(String(result.p50), 7)} ${cell(String(result.p99), 7)} ${cell(String(result.errors), 7)}`,
  );
}
if (rows.some((row) => row.result.errors > 0)) process.exitCode = 1;
