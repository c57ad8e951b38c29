// Server-side save of a 300-field form: POST /api/forms and PUT /api/forms/{id} through the whole
// Fastify pipeline (access check, zod validation of the template, JSON storage, the answer's
// serialisation) on an in-memory PGlite, without the network.
// Usage: node --import tsx bench/form-save.mts (RUNS to repeat, FIELDS for another size,
// DATABASE_URL to measure on PostgreSQL: it works in a schema of its own, dropped afterwards).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { FieldDataType, FormLayout, TemplateField } from '@formularze/domain/schemas/form-template';
import type { FormPayload } from '@formularze/domain/schemas/forms';
import { buildApp } from '../api/src/app.ts';
import { hashPassword } from '../api/src/accounts/passwords.ts';
import { loadConfig } from '../api/src/core/config.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import type { Database } from '../api/src/db/schema.ts';

const RUNS = Number(process.env.RUNS ?? 30);
const FIELDS = Number(process.env.FIELDS ?? 300);
const FIELDS_PER_ROW = 3;
const BUDGET_MS = 200;

/** A field of each kind the palette offers, configured as the editor would. */
function field(index: number): TemplateField {
  const kinds: FieldDataType[] = [
    'TEXT',
    'NUMBER',
    'DICTIONARY',
    'DATE',
    'FILE',
    'TIME',
    'TEXTAREA',
    'LOCATION',
  ];
  const type = kinds[index % kinds.length]!;
  const base = {
    id: `field-${index}`,
    type,
    label: `Pytanie ${index + 1}`,
    text: 'Podpowiedź',
    required: index % 2 === 0,
  };
  switch (type) {
    case 'TEXT':
      return { ...base, size: 200, maxRows: 1 };
    case 'TEXTAREA':
      return { ...base, size: 2000 };
    case 'NUMBER':
      return {
        ...base,
        numberType: 'DECIMAL',
        decimalDigitNumber: 2,
        minValue: 0,
        maxValue: 300,
        fieldRules: [
          { operator: 'BETWEEN', arg1: 100, arg2: 200, color: '#ff0000', text: 'Za wysoko', weight: 2 },
        ],
      };
    case 'DICTIONARY':
      return {
        ...base,
        dictionary: {
          type: 'string',
          dictionaryValues: ['Nigdy', 'Rzadko', 'Czasem', 'Często', 'Zawsze'].map((stringValue, weight) => ({
            stringValue,
            weight,
          })),
        },
      };
    case 'FILE':
      return { ...base, maxNumberOfFiles: 3, fileType: 'Image' };
    default:
      return base;
  }
}

function payload(fields: number, name: string): FormPayload {
  const children: FormLayout['children'] = [];
  for (let index = 0; index < fields; index += FIELDS_PER_ROW) {
    children.push({
      type: 'ROW',
      children: Array.from({ length: Math.min(FIELDS_PER_ROW, fields - index) }, (_, offset) =>
        field(index + offset),
      ),
    });
  }
  return {
    name,
    description: 'Ankieta do pomiaru',
    layoutElementObject: { type: 'FORM', children },
    allowDrafting: true,
  };
}

async function openDatabase(): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
    return { db, close: () => db.destroy() };
  }
  const schema = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    options: `-c search_path=${schema}`,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    async close() {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

const root = await mkdtemp(path.join(os.tmpdir(), 'formularze-bench-'));
const { db, close } = await openDatabase();
await migrateToLatest(db);
const app = await buildApp({
  db,
  config: {
    ...loadConfig({}),
    dataDir: path.join(root, 'data'),
    deploymentsDir: path.join(root, 'deployments'),
    mediaDir: path.join(root, 'media'),
    shellDist: path.join(root, 'shell'),
    logFile: path.join(root, 'api.log'),
  },
});

const { id: organizationId } = await db
  .insertInto('organizations')
  .values({ name: 'Pomiar' })
  .returning('id')
  .executeTakeFirstOrThrow();
const password = 'Bench@2026pass';
await db
  .insertInto('users')
  .values({
    email: 'owner@bench.test',
    authorities: 'ROLE_OWNER',
    activated: true,
    organization_id: organizationId,
    password_hash: await hashPassword(password),
  })
  .execute();
const login = await app.inject({
  method: 'POST',
  url: '/employees/v1/login',
  payload: { email: 'owner@bench.test', password },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const headers = { 'x-auth-token': login.json<{ token: string }>().token };

const body = payload(FIELDS, 'Ankieta');
const bodyKb = (Buffer.byteLength(JSON.stringify(body)) / 1024).toFixed(0);

async function timed(method: 'POST' | 'PUT', url: string, expected: number) {
  const started = performance.now();
  const response = await app.inject({ method, url, headers, payload: body });
  const ms = performance.now() - started;
  if (response.statusCode !== expected)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return { ms, id: response.json<{ id: number }>().id };
}

// Warm-up: JIT and the first queries' plans.
const { id } = await timed('POST', '/api/forms', 201);
for (let run = 0; run < 3; run += 1) await timed('PUT', `/api/forms/${id}`, 200);

const creates: number[] = [];
const updates: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  creates.push((await timed('POST', '/api/forms', 201)).ms);
  updates.push((await timed('PUT', `/api/forms/${id}`, 200)).ms);
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const line = (label: string, values: number[]) =>
  `  ${label}: median ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

console.log(
  `Save of a ${FIELDS}-field form (${bodyKb} KB JSON), ${RUNS} runs, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}:`,
);
console.log(line('create (POST /api/forms)', creates));
console.log(line('update (PUT /api/forms/{id})', updates));
const worst = Math.max(percentile(creates, 0.95), percentile(updates, 0.95));
console.log(
  worst <= BUDGET_MS
    ? `  within the ${BUDGET_MS} ms budget (p95)`
    : `  OVER BUDGET: p95 above ${BUDGET_MS} ms`,
);

await app.close();
await close();
await rm(root, { recursive: true, force: true });
