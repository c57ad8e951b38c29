// API throughput against its floor: autocannon with 50 connections, each with a session of its own
// (bench/scale/sessions.mts), against the product's typical calls — GET /api/persons/my (every page
// load), a patient's active forms, a fill page's template read, a /results page (as the owner, after
// filled forms were sent through the API) and a completed form's save — on PGlite (1 process), on
// PostgreSQL with 1 process, and with 2 processes behind nginx (deploy/). Beside each, in the same
// run and on the same database, the floor: a bare Fastify route doing one indexed query through
// `pg` (or through an in-memory PGlite of its own for the PGlite target); every line prints its
// ratio to that floor, and the CPU time a request cost the Node processes serving it and PostgreSQL.
// Usage: npm run bench:api-throughput -- [--duration 10] [--warm-up 10] [--connections 50] [--filled 200]
//   [--only hello,pglite,postgres,nginx,scaleout,metrics] [--calls persons,active,template,results,save]
//   [--rounds 3]
//   (nginx1: also 1 process behind nginx, on a deployment of its own; scaleout: 2 processes against
//   1 behind nginx, in alternating rounds on one deployment)
// DATABASE_URL: the PostgreSQL database to create afresh for each PostgreSQL target, dropped after
// (default postgres://postgres@127.0.0.1:5432/bench_scale). The load generator shares the machine.
import { parseArgs } from 'node:util';
import { AUTH_TOKEN_HEADER } from '@formularze/domain/schemas/auth';
import { activeFormForPatient, signInPatient } from './fill/product-api.mts';
import { productAnswers, questionnaire } from './fill/questionnaire.mts';
import { submitFilledForms } from './fill/submissions.mts';
import { serverCpuDuring, type ServerCpu } from './scale/cpu-time.mts';
import { runLoad, warmUp, type LoadOptions, type LoadResult } from './scale/load.mts';
import { measureMetricsCost } from './scale/metrics-cost.mts';
import { demoSessions } from './scale/sessions.mts';
import {
  DEFAULT_BENCH_DATABASE_URL,
  startBehindNginx,
  startFloor,
  startHelloWorld,
  startPglite,
  startPostgres,
  startScaleOut,
  type Target,
} from './scale/targets.mts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    // Seconds of load thrown away before each line. Behind nginx each process sees half the
    // requests, so its JIT settles later: after 3 s, two processes were still compiling.
    'warm-up': { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    filled: { type: 'string', default: '200' },
    only: { type: 'string', default: 'hello,pglite,postgres,nginx,scaleout,metrics' },
    calls: { type: 'string', default: 'persons,active,template,results,save' },
    rounds: { type: 'string', default: '3' },
  },
});
const DURATION_S = Number(options.duration);
const WARM_UP_S = Number(options['warm-up']);
const CONNECTIONS = Number(options.connections);
const FILLED = Number(options.filled);
const ROUNDS = Number(options.rounds);
const FIELDS = 20;
const ONLY = new Set(options.only.split(','));
const CALLS = new Set(options.calls.split(','));
const DATABASE_URL = process.env.DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;

interface Measured extends LoadResult {
  /** CPU the servers used during the run (not the warm-up). */
  cpu: ServerCpu;
}

interface Row {
  target: string;
  call: string;
  result: Measured;
  /** The floor's requests/s measured beside it. */
  floor?: number;
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
    formId,
    patients: sessionHeaders(await demoSessions(baseUrl, 'patient', CONNECTIONS)),
    owners: sessionHeaders(await demoSessions(baseUrl, 'owner', CONNECTIONS)),
  };
}

async function measure(options: LoadOptions): Promise<Measured> {
  await warmUp(options, WARM_UP_S);
  const { result, cpu } = await serverCpuDuring(() => runLoad(options));
  return { ...result, cpu };
}

/** The product's calls measured on each target, by `--calls` name. */
function productCalls(url: string, { formId, patients, owners }: Awaited<ReturnType<typeof prepare>>) {
  const save = { formId, ...productAnswers(questionnaire(FIELDS), 1) };
  return [
    { name: 'persons', call: 'GET /api/persons/my', url: `${url}/api/persons/my`, sessions: patients },
    {
      name: 'active',
      call: 'GET /api/v2/forms/active',
      url: `${url}/api/v2/forms/active`,
      sessions: patients,
    },
    {
      name: 'template',
      call: 'GET /api/form_template/:id',
      url: `${url}/api/form_template/${formId}`,
      sessions: patients,
    },
    {
      name: 'results',
      call: 'POST …/latest_for_projects_and_users',
      url: `${url}/api/form_data/latest_for_projects_and_users`,
      method: 'POST' as const,
      body: '{}',
      sessions: owners,
    },
    {
      name: 'save',
      call: 'POST /api/form_data/ (completed)',
      url: `${url}/api/form_data/?draft=false`,
      method: 'POST' as const,
      body: JSON.stringify(save),
      sessions: patients,
    },
  ].filter(({ name }) => CALLS.has(name));
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
    const prepared = await prepare(target.url);
    // On the same database, while the API is up but idle.
    const floor = await startFloor(target.databaseUrl);
    let floorResult: Measured;
    try {
      floorResult = await measure({ ...base, url: `${floor.url}/` });
    } finally {
      await floor.stop();
    }
    rows.push({
      target: target.label,
      call: floor.label,
      result: floorResult,
      floor: floorResult.requestsPerSecond,
    });
    for (const { call, url, method, body, sessions } of productCalls(target.url, prepared)) {
      const result = await measure({ ...base, url, method, body, headersPerConnection: sessions });
      rows.push({ target: target.label, call, result, floor: floorResult.requestsPerSecond });
    }
  } finally {
    await target.stop();
  }
}

interface ScaleOutRow {
  call: string;
  /** Round by round, in the order measured. */
  one: Measured[];
  two: Measured[];
}

/**
 * Two processes against one behind nginx, line by line in alternating order (one, two; two, one; …)
 * on one deployment: the machine's drift, which moves a line by a third between separate runs,
 * weighs on both sides of a round alike. The floor goes first, the same way: what a second process
 * of a bare route gives on this machine.
 */
async function measureScaleOut(scaleOutRows: ScaleOutRow[]) {
  const { api, floor, stop } = await startScaleOut(DATABASE_URL);
  try {
    const prepared = await prepare(api.two);
    const twoCalls = productCalls(api.two, prepared);
    const calls = [
      { call: floor.label, one: { url: `${floor.one}/` }, two: { url: `${floor.two}/` } },
      ...productCalls(api.one, prepared).map(({ call, url, method, body, sessions }, index) => {
        const load = { method, body, headersPerConnection: sessions };
        return { call, one: { ...load, url }, two: { ...load, url: twoCalls[index]!.url } };
      }),
    ];
    const base = { connections: CONNECTIONS, durationS: DURATION_S };
    for (const { call, ...sides } of calls) {
      await warmUp({ ...base, ...sides.two }, WARM_UP_S);
      await warmUp({ ...base, ...sides.one }, WARM_UP_S);
      const row: ScaleOutRow = { call, one: [], two: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? (['one', 'two'] as const) : (['two', 'one'] as const);
        for (const side of order) {
          const { result, cpu } = await serverCpuDuring(() => runLoad({ ...base, ...sides[side] }));
          row[side].push({ ...result, cpu });
        }
      }
      scaleOutRows.push(row);
    }
  } finally {
    await stop();
  }
}

const rows: Row[] = [];
const scaleOutRows: ScaleOutRow[] = [];
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
if (ONLY.has('scaleout')) {
  console.log('Measuring scaleout…');
  await measureScaleOut(scaleOutRows);
}

const hello = rows.find((row) => row.call === 'GET /')?.result.requestsPerSecond;
const cell = (text: string, width: number) => text.padStart(width);
const ratio = (value: number, to: number | undefined) => (to ? (value / to).toFixed(2) : '–');
/** CPU microseconds a request cost those processes. */
const perRequest = (seconds: number, { total }: LoadResult) => (total ? (seconds / total) * 1e6 : 0);

function printRows() {
  console.log(
    `\nAPI throughput, autocannon -c ${CONNECTIONS} for ${DURATION_S} s per line (after ${WARM_UP_S} s of warm-up), ` +
      `${FILLED} filled forms of a ${FIELDS}-field form; load generator on the same machine:`,
  );
  console.log(
    `  ${'target'.padEnd(44)} ${'call'.padEnd(42)} ${cell('req/s', 8)} ${cell('× floor', 8)} ${cell('× hello', 8)} ` +
      `${cell('p50 ms', 7)} ${cell('p99 ms', 7)} ${cell('errors', 7)} ${cell('node µs', 8)} ${cell('pg µs', 7)}`,
  );
  for (const { target, call, result, floor } of rows) {
    console.log(
      `  ${target.padEnd(44)} ${call.padEnd(42)} ${cell(result.requestsPerSecond.toFixed(0), 8)} ` +
        `${cell(ratio(result.requestsPerSecond, floor), 8)} ${cell(ratio(result.requestsPerSecond, hello), 8)} ` +
        `${cell(String(result.p50), 7)} ${cell(String(result.p99), 7)} ${cell(String(result.errors), 7)} ` +
        `${cell(perRequest(result.cpu.node, result).toFixed(0), 8)} ` +
        `${cell(perRequest(result.cpu.postgres, result).toFixed(0), 7)}`,
    );
  }
  console.log(
    '  node µs, pg µs: CPU time per request of the Node processes serving it (API processes, or the floor) and of ' +
      "PostgreSQL's; it holds when the machine's CPU is shared, where req/s falls.",
  );
  for (const { target, call, result } of rows.filter((row) => row.result.errors > 0)) {
    console.log(`  errors of ${target}, ${call}: ${result.errorKinds}`);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** Median CPU microseconds a request cost over the rounds. */
const medianPerRequest = (side: Measured[], of: keyof ServerCpu) =>
  median(side.map((result) => perRequest(result.cpu[of], result))).toFixed(0);

/** Two processes' requests a second over one's, round by round. */
const twoOverOne = ({ one, two }: ScaleOutRow) =>
  one.map((result, round) => two[round]!.requestsPerSecond / result.requestsPerSecond);

function printScaleOut() {
  const [floor, ...calls] = scaleOutRows;
  const floorGain = median(twoOverOne(floor!));
  console.log(
    `\nTwo processes against one behind nginx, ${ROUNDS} alternating rounds of ${DURATION_S} s per call ` +
      '(one deployment, same database, same warmed processes; the floor as two processes of its own):',
  );
  console.log(
    `  ${'call'.padEnd(42)} ${cell('1: req/s', 9)} ${cell('2: req/s', 9)} ${cell('2 ÷ 1', 6)} ` +
      `${cell("÷ floor's", 10)}  ${'by round'.padEnd(16)} ${cell('node µs 1/2', 12)} ${cell('pg µs 1/2', 10)}`,
  );
  for (const row of [floor!, ...calls]) {
    const byRound = twoOverOne(row);
    const rate = (side: Measured[]) => median(side.map((result) => result.requestsPerSecond)).toFixed(0);
    console.log(
      `  ${row.call.padEnd(42)} ${cell(rate(row.one), 9)} ${cell(rate(row.two), 9)} ` +
        `${cell(median(byRound).toFixed(2), 6)} ${cell((median(byRound) / floorGain).toFixed(2), 10)}  ` +
        `${byRound
          .map((value) => value.toFixed(2))
          .join(' ')
          .padEnd(16)} ` +
        `${cell(`${medianPerRequest(row.one, 'node')}/${medianPerRequest(row.two, 'node')}`, 12)} ` +
        `${cell(`${medianPerRequest(row.one, 'postgres')}/${medianPerRequest(row.two, 'postgres')}`, 10)}`,
    );
  }
  console.log(
    "  ÷ floor's: the call's 2 ÷ 1 over the floor's, what two processes give beside what they give a bare route " +
      'on this machine (1.00: as much).',
  );
  for (const { call, one, two } of scaleOutRows) {
    const failed = [...one, ...two].filter((result) => result.errors > 0);
    for (const result of failed)
      console.log(`  errors of the alternating rounds, ${call}: ${result.errorKinds}`);
  }
}
if (rows.length) printRows();
if (scaleOutRows.length) printScaleOut();
if (ONLY.has('metrics')) {
  const cost = await measureMetricsCost();
  console.log(
    `\nMetrics per request (app.inject of a minimal route, fastest of 12 rounds): ${cost.without.toFixed(1)} µs without, ` +
      `${cost.with.toFixed(1)} µs with: ${(cost.with - cost.without).toFixed(1)} µs for the metrics.`,
  );
}
const scaleOutErrors = scaleOutRows.some(({ one, two }) =>
  [...one, ...two].some((result) => result.errors > 0),
);
if (rows.some((row) => row.result.errors > 0) || scaleOutErrors) process.exitCode = 1;
