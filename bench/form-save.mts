// Server-side save of a 300-field form: POST /api/forms and PUT /api/forms/{id} through the whole
// Fastify pipeline (access check, zod validation of the template, JSON storage, the answer's
// serialisation) as the server runs it (in-process/api.mts: row-level security, one organization's
// signed-in owner) on an in-memory PGlite, without the network.
// Usage: node --import tsx bench/form-save.mts (RUNS to repeat, FIELDS for another size,
// DATABASE_URL to measure on PostgreSQL: it works in a schema of its own, dropped afterwards).
import type { FormPayload } from '@formularze/domain/schemas/forms';
import { onPostgres, percentile, startApiInProcess } from './in-process/api.mts';
import { paletteFormLayout } from './palette-form.mts';

const RUNS = Number(process.env.RUNS ?? 30);
const FIELDS = Number(process.env.FIELDS ?? 300);
const BUDGET_MS = 200;

function payload(fields: number, name: string): FormPayload {
  return {
    name,
    description: 'Ankieta do pomiaru',
    layoutElementObject: paletteFormLayout(fields),
    allowDrafting: true,
  };
}

const { app, headers, stop } = await startApiInProcess('form_save');

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

const line = (label: string, values: number[]) =>
  `  ${label}: median ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

console.log(
  `Save of a ${FIELDS}-field form (${bodyKb} KB JSON), ${RUNS} runs, ${onPostgres ? 'PostgreSQL' : 'PGlite'}:`,
);
console.log(line('create (POST /api/forms)', creates));
console.log(line('update (PUT /api/forms/{id})', updates));
const worst = Math.max(percentile(creates, 0.95), percentile(updates, 0.95));
console.log(
  worst <= BUDGET_MS
    ? `  within the ${BUDGET_MS} ms budget (p95)`
    : `  OVER BUDGET: p95 above ${BUDGET_MS} ms`,
);

await stop();
