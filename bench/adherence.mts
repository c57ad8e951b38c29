// The adherence grid at scale (ADR 305): 1 000 patients × 52 weekly slots of one scheduled form,
// seeded in bulk with SQL — about 85 % filled on time, 3 % late, the rest missed, each patient's
// last two ended slots missed for every tenth — then the first page
// (`GET /api/form_data/adherence/:formId`, 100 patients with their slots) through the whole
// Fastify pipeline, plain, sorted by the streak of misses and filtered to "≥ 2 pominięte z rzędu".
// Target: p50 ≤ 300 ms on PostgreSQL.
// Usage: npm run bench:adherence (RUNS to repeat; DATABASE_URL to measure on PostgreSQL: it works
// in a schema of its own, dropped afterwards).
import { sql } from 'kysely';
import { insertFormRow } from '../api/test/form-rows.ts';
import { onPostgres, percentile, startApiInProcess } from './in-process/api.mts';

const RUNS = Number(process.env.RUNS ?? 20);
const PATIENTS = 1_000;
const WEEKS = 52;
const BUDGET_MS = 300;

const { db, app, organizationId, headers, analyze, insertPatients, stop } =
  await startApiInProcess('adherence');

const schedule = JSON.stringify({
  one: true,
  multi: false,
  startDate: '2026-01-01',
  endDate: '2027-12-31',
  timePeriods: [{ dayOfWeek: 'MONDAY', startTime: '08:00', endTime: '20:00' }],
  selectedDays: ['MONDAY'],
});
const formId = await insertFormRow(db, { organizationId, name: 'Dzienniczek tygodniowy', schedule });

const seeded = performance.now();
await insertPatients(PATIENTS);
// Week w of 52: the last one still to come, the one before it open now.
await sql`
  insert into scheduled_forms (form_id, user_id, starts_at, ends_at)
  select ${formId}, u.id, now() - (${WEEKS - 2} - w) * interval '7 days' - interval '1 hour',
         now() - (${WEEKS - 2} - w) * interval '7 days' + interval '11 hours'
  from users u, generate_series(0, ${WEEKS - 1}::int) as w
  where u.organization_id = ${organizationId} and u.authorities = 'ROLE_USER'`.execute(db);
await sql`
  insert into form_data (organization_id, form_id, user_id, scheduled_form_id, state, answers, total_weight,
                         completed_at, created_at, updated_at)
  select ${organizationId}, s.form_id, s.user_id, s.id, 'COMPLETED', '{}'::jsonb, (s.id * 7) % 28,
         case when s.id % 33 = 0 then s.ends_at + interval '2 hours' else s.starts_at + interval '3 hours' end,
         s.starts_at, s.starts_at
  from scheduled_forms s
  where s.form_id = ${formId} and s.ends_at <= now() and s.id % 8 <> 0
    and not (s.user_id % 10 = 0 and s.ends_at > now() - interval '15 days')`.execute(db);
await analyze();
const counts = await sql<{ slots: number; filled: number }>`
  select (select count(*)::int from scheduled_forms) as slots, (select count(*)::int from form_data) as filled
`.execute(db);
console.log(
  `Seeded on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${PATIENTS} patients, ` +
    `${counts.rows[0]!.slots} slots, ${counts.rows[0]!.filled} fillings ` +
    `(${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
);

async function times(query: string) {
  const url = `/api/form_data/adherence/${formId}${query}`;
  let patients = 0;
  let slots = 0;
  let total = 0;
  const once = async () => {
    const started = performance.now();
    const response = await app.inject({ url, headers });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    const page = response.json<{ content: { slots: unknown[] }[]; totalElements: number }>();
    patients = page.content.length;
    slots = page.content.reduce((sum, row) => sum + row.slots.length, 0);
    total = page.totalElements;
    return ms;
  };
  for (let run = 0; run < 3; run += 1) await once();
  const measured: number[] = [];
  for (let run = 0; run < RUNS; run += 1) measured.push(await once());
  return { p50: percentile(measured, 0.5), p95: percentile(measured, 0.95), patients, slots, total };
}

console.log(`First page of the grid, ${RUNS} runs each (after 3 warm-ups):`);
let worst = 0;
for (const [label, query] of [
  ['365 days, worst adherence first', '?period=365'],
  ['all slots, longest streak first', '?period=all&sortBy=-missedStreak'],
  ['≥ 2 missed in a row', '?period=365&minMissedStreak=2'],
] as const) {
  const { p50, p95, patients, slots, total } = await times(query);
  worst = Math.max(worst, p50);
  console.log(
    `  ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
      `(${patients} patients and ${slots} slots of ${total} patients)`,
  );
}
console.log(
  onPostgres
    ? `Budget p50 ≤ ${BUDGET_MS} ms on PostgreSQL: ${worst <= BUDGET_MS ? 'met' : 'NOT met'} (worst p50 ${worst.toFixed(1)} ms)`
    : `Budget applies on PostgreSQL (DATABASE_URL); worst p50 here ${worst.toFixed(1)} ms`,
);
await stop();
