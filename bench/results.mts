// Results at scale: 100 000 filled forms of 50 forms by 2 000 patients, seeded in bulk with SQL
// (`insert … select generate_series`, not the API), then through the whole Fastify pipeline:
// - p50/p95 of a page of /results (POST /api/form_data/latest_for_projects_and_users), plain and
//   filtered, and of a form's table (POST /api/form_data/by_form_id_extended/{formId});
// - the CSV export (GET /api/form_data/csv/{formId}) of a form with 10 000 and with 100 000 filled
//   forms over real HTTP, read as a stream: its time and the process's peak RSS while it runs.
// Targets: CSV of 100 000 rows within 5 s on PostgreSQL; peak memory of the 100 000-row export at
// most 1.2 × the 10 000-row one (the export streams: memory must not follow the file's size).
// The npm script caps V8's old generation at 128 MB (about 3 × what the app keeps alive), as a
// deployment would: with no cap V8 lets garbage pile up to ~4 × the live heap before a full
// collection, so any long request "grows" by ~100 MB that the next collection frees, and the peak
// would measure V8's laziness, not what the export holds. "heap after GC" shows what it keeps.
// Usage: npm run bench:results (RUNS to repeat the page requests; DATABASE_URL to measure on
// PostgreSQL: it works in a schema of its own, dropped afterwards).
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import type { FormPayload } from '@formularze/domain/schemas/forms';
import { resultsCsvPath } from '@formularze/domain/schemas/results-csv';
import { elapsed, onPostgres, percentile, startApiInProcess } from './in-process/api.mts';

const RUNS = Number(process.env.RUNS ?? 30);
const FILLED_FORMS = 100_000;
const FORMS = 50;
const PATIENTS = 2_000;
const PROJECTS = 5;
const CSV_SIZES = [10_000, 100_000];
const CSV_BUDGET_MS = 5_000;
const MEMORY_GROWTH_LIMIT = 1.2;

/* ------------------------------------------------------------------ the form */

const MOODS = ['Nigdy', 'Rzadko', 'Czasem', 'Często', 'Zawsze'];
const SYMPTOMS = ['kaszel', 'gorączka', 'ból głowy', 'duszność', 'zmęczenie'];

/** 20 fields of the kinds results show: texts, numbers, single and multiple choice, dates, notes. */
const fields: TemplateField[] = Array.from({ length: 20 }, (_, index): TemplateField => {
  const base = { id: `f${index}`, label: `Pytanie ${index + 1}` };
  switch (index % 5) {
    case 0:
      return { ...base, type: 'TEXT', size: 200, maxRows: 1, noteEnabled: index === 0 };
    case 1:
      return {
        ...base,
        type: 'NUMBER',
        numberType: 'DECIMAL',
        decimalDigitNumber: 1,
        minValue: 0,
        maxValue: 100,
      };
    case 2:
      return {
        ...base,
        type: 'DICTIONARY',
        dictionary: {
          type: 'string',
          dictionaryValues: MOODS.map((stringValue, weight) => ({ stringValue, weight })),
        },
      };
    case 3:
      return {
        ...base,
        type: 'DICTIONARY',
        allowMultipleAnswers: true,
        dictionary: {
          type: 'string',
          dictionaryValues: SYMPTOMS.map((stringValue) => ({ stringValue, weight: 1 })),
        },
      };
    default:
      return { ...base, type: 'DATE' };
  }
});

const formPayload: FormPayload = {
  name: 'Ankieta kontrolna',
  layoutElementObject: {
    type: 'FORM',
    children: Array.from({ length: fields.length / 4 }, (_, row) => ({
      type: 'ROW' as const,
      children: fields.slice(row * 4, row * 4 + 4),
    })),
  },
  formRules: [{ operator: 'GREATER_THAN', arg1: 30, color: '#ff0000', text: 'Pilny kontakt' }],
};

/** The answers of filling number `n`, computed by the database: every field answered, varied by n. */
const answersSql = (() => {
  const moods = `array[${MOODS.map((mood) => `'${mood}'`).join(',')}]`;
  const symptoms = `array[${SYMPTOMS.map((symptom) => `'${symptom}'`).join(',')}]`;
  const data = fields
    .filter((_, index) => index % 5 !== 3)
    .map((field, index) => {
      const kind = Number(field.id.slice(1)) % 5;
      const value =
        kind === 0
          ? `'Odpowiedź ' || n || ' na pytanie ${field.id}'`
          : kind === 1
            ? `((n * ${index + 3}) % 1000) / 10.0`
            : kind === 2
              ? `(${moods})[1 + (n / 7 + ${index}) % 5]`
              : `'2026/' || lpad((1 + (n + ${index}) % 12)::text, 2, '0') || '/' || lpad((1 + n % 28)::text, 2, '0')`;
      return `'${field.id}', ${value}`;
    })
    .join(', ');
  const arrays = fields
    .filter((_, index) => index % 5 === 3)
    .map(
      (field) => `'${field.id}', jsonb_build_array((${symptoms})[1 + n % 5], (${symptoms})[1 + (n + 2) % 5])`,
    )
    .join(', ');
  return `jsonb_build_object('data', jsonb_build_object(${data}), 'arrayData', jsonb_build_object(${arrays}),
    'noteData', jsonb_build_object('f0', 'Uwaga; "pilna" ' || n), 'fieldAlternativeAnswer', '{}'::jsonb)`;
})();

/* ------------------------------------------------------------------ database and app */

const { db, app, organizationId, headers, analyze, stop } = await startApiInProcess('results');

/* ------------------------------------------------------------------ seeding */

/** A form created through the API (so its template and settings are what the editor stores). */
async function createForm(): Promise<number> {
  const created = await app.inject({ method: 'POST', url: '/api/forms', headers, payload: formPayload });
  if (created.statusCode !== 201) throw new Error(`form: ${created.statusCode} ${created.body}`);
  return created.json<{ id: number }>().id;
}

/** Copies of a form, each its own bag, ACTIVE, spread over the projects. */
async function copiesOf(formId: number, count: number, name: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    insert into forms (organization_id, name, status, template, rules, settings, group_id)
    select f.organization_id, ${name} || ' ' || n, 'ACTIVE', f.template, f.rules, f.settings,
           (select id from form_groups where organization_id = f.organization_id order by id offset n % ${PROJECTS} limit 1)
    from forms f, generate_series(1, ${count}::int) as n
    where f.id = ${formId}
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * `count` filled forms of the given forms (round robin) by the patients (spread), in one statement:
 * every 20th a MISSED slot without answers, the rest COMPLETED over the first 300 days of 2026.
 */
async function fill(formIds: number[], count: number, firstN: number) {
  await sql`
    with f as (select id, row_number() over (order by id) - 1 as i from forms where id in (${sql.join(formIds)})),
         u as (select id, row_number() over (order by id) - 1 as i from users
               where organization_id = ${organizationId} and authorities = 'ROLE_USER')
    insert into form_data (organization_id, form_id, user_id, state, answers, total_weight, color, text,
                           completed_at, created_at, updated_at)
    select ${organizationId}, f.id, u.id,
           case when n % 20 = 0 then 'MISSED' else 'COMPLETED' end,
           case when n % 20 = 0 then '{}'::jsonb else ${sql.raw(answersSql)} end,
           case when n % 20 = 0 then null else (n * 37 + n / 50) % 50 end,
           case when n % 20 <> 0 and (n * 37 + n / 50) % 50 > 30 then '#ff0000' end,
           case when n % 20 <> 0 and (n * 37 + n / 50) % 50 > 30 then 'Pilny kontakt' end,
           case when n % 20 = 0 then null
                else timestamptz '2026-01-01 08:00+01' + (n % 300) * interval '1 day' + (n % 600) * interval '1 minute' end,
           timestamptz '2026-01-01 08:00+01' + (n % 300) * interval '1 day',
           timestamptz '2026-01-01 08:00+01' + (n % 300) * interval '1 day'
    from generate_series(${firstN}::int, ${firstN + count - 1}::int) as n
    join f on f.i = n % ${formIds.length}
    join u on u.i = (n / 5) % ${PATIENTS}`.execute(db);
}

const seedMs = await elapsed(async () => {
  await sql`
    insert into users (organization_id, email, phone, password_hash, authorities, activated, first_name, surname,
                       hospital_identifier, address)
    select ${organizationId}, 'pacjent' || n || '@bench.test', '+4860' || lpad(n::text, 7, '0'), 'x', 'ROLE_USER', true,
           'Imię' || n, 'Nazwisko' || n, 'H-' || n,
           jsonb_build_object('street', 'Długa ' || n, 'city', 'Łódź', 'zipCode', '90-001', 'post', 'Łódź')
    from generate_series(1, ${PATIENTS}::int) as n`.execute(db);
  await sql`insert into form_groups (organization_id, name)
            select ${organizationId}, 'Projekt ' || n from generate_series(1, ${PROJECTS}::int) as n`.execute(
    db,
  );
  const first = await createForm();
  await sql`update forms set status = 'ACTIVE' where id = ${first}`.execute(db);
  const forms = [first, ...(await copiesOf(first, FORMS - 1, 'Formularz'))];
  await fill(forms, FILLED_FORMS, 1);
  await analyze();
});
const resultForms = (
  await db
    .selectFrom('forms')
    .select('id')
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute()
).map((form) => form.id);

/* ------------------------------------------------------------------ result pages */

async function pageTimes(url: string, payload: object): Promise<{ p50: number; p95: number; total: number }> {
  let total = 0;
  const once = async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url, headers, payload });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    total = response.json<{ totalElements: number }>().totalElements;
    return ms;
  };
  for (let run = 0; run < 3; run += 1) await once();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push(await once());
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), total };
}

const someForm = resultForms[7]!;
const pages: [string, string, object][] = [
  ['/results, default (points, highest first)', '/api/form_data/latest_for_projects_and_users', {}],
  [
    '/results, filtered (form, points between, fill day range, name contains)',
    '/api/form_data/latest_for_projects_and_users',
    {
      pageSize: 25,
      sort: '-completedAt',
      q: [
        { field: 'form.id', operator: 'is', value: someForm },
        { field: 'totalWeight', operator: 'between', value: [10, 45] },
        { field: 'completedAt', operator: 'between', value: ['2026-02-01', '2026-09-30'] },
        { field: 'filledBy', operator: 'contains', value: 'Nazwisko1' },
      ],
    },
  ],
  [
    'form table, first page of 100',
    `/api/form_data/by_form_id_extended/${someForm}?showMissedForms=true`,
    {},
  ],
  [
    'form table, filtered by an answer and points',
    `/api/form_data/by_form_id_extended/${someForm}`,
    {
      sort: '-totalWeight',
      q: [
        { field: 'data.f2', operator: 'is', value: 'Często' },
        { field: 'totalWeight', operator: 'between', value: [5, 40] },
      ],
    },
  ],
];
const pageLines: string[] = [];
for (const [label, url, payload] of pages) {
  const { p50, p95, total } = await pageTimes(url, payload);
  pageLines.push(`  ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${total} rows match)`);
}

/* ------------------------------------------------------------------ CSV */

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;

/** Downloads the CSV over HTTP as a browser would, keeping only counts, while sampling RSS. */
function downloadCsv(url: string): Promise<{ ms: number; bytes: number; lines: number; peakRss: number }> {
  return new Promise((resolve, reject) => {
    let peakRss = process.memoryUsage.rss();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 5);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    httpRequest({ host: '127.0.0.1', port, path: url, headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
      });
      response.on('end', () => {
        clearInterval(sampler);
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
        resolve({ ms: performance.now() - started, bytes, lines, peakRss });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const MB = 1024 * 1024;
// Both export forms are seeded before either is measured, so the two downloads run on the same data.
let nextN = FILLED_FORMS + 1;
const csvForms: number[] = [];
for (const size of CSV_SIZES) {
  const [formId] = await copiesOf(resultForms[0]!, 1, `Eksport ${size}`);
  await fill([formId!], size, nextN);
  nextN += size;
  csvForms.push(formId!);
}
await analyze('form_data');
const csvUrls = csvForms.map((formId) =>
  resultsCsvPath(formId, { includePersonalData: true, includeMissingData: true }),
);
// Warm-up on the smaller form only (JIT, plans, the database's cache), so the 10 000-row export is
// measured in the same state of the process as the 100 000-row one after it.
await downloadCsv(csvUrls[0]!);

const csvLines: string[] = [];
const peaks: number[] = [];
let csvPassed = true;
for (const [index, size] of CSV_SIZES.entries()) {
  globalThis.gc?.();
  const before = process.memoryUsage.rss();
  const result = await downloadCsv(csvUrls[index]!);
  const rows = result.lines - 1;
  if (rows !== size) throw new Error(`CSV of ${size} filled forms has ${rows} rows`);
  peaks.push(result.peakRss);
  if (size === 100_000 && onPostgres) csvPassed &&= result.ms <= CSV_BUDGET_MS;
  // What the export leaves behind once garbage is collected: nothing, if it streams.
  globalThis.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  csvLines.push(
    `  ${size} rows: ${(result.ms / 1000).toFixed(2)} s, ${(result.bytes / MB).toFixed(1)} MB, ` +
      `${Math.round(rows / (result.ms / 1000))} rows/s; RSS before ${(before / MB).toFixed(0)} MB, ` +
      `peak ${(result.peakRss / MB).toFixed(0)} MB (+${((result.peakRss - before) / MB).toFixed(0)} MB); ` +
      `heap after GC ${(heapAfter / MB).toFixed(0)} MB`,
  );
}
const growth = peaks[1]! / peaks[0]!;

console.log(
  `Results of ${FILLED_FORMS} filled forms (${FORMS} forms, ${PATIENTS} patients, ${PROJECTS} projects) on ` +
    `${onPostgres ? 'PostgreSQL' : 'PGlite'}; seeded in ${(seedMs / 1000).toFixed(1)} s`,
);
console.log(`Pages through the API (${RUNS} runs each after 3 warm-up runs, no network):`);
for (const line of pageLines) console.log(line);
console.log('CSV export over HTTP (personal data and missed fills included; the client only counts bytes):');
for (const line of csvLines) console.log(line);
console.log(
  `  peak RSS 100k / 10k: ${growth.toFixed(2)}× ${growth <= MEMORY_GROWTH_LIMIT ? 'within' : 'OVER'} the ${MEMORY_GROWTH_LIMIT}× limit`,
);
if (onPostgres) {
  console.log(
    csvPassed
      ? `  100k rows within ${CSV_BUDGET_MS / 1000} s`
      : `  OVER BUDGET: 100k rows above ${CSV_BUDGET_MS / 1000} s`,
  );
} else console.log(`  (the ${CSV_BUDGET_MS / 1000} s target is PostgreSQL's: run with DATABASE_URL)`);

await stop();
