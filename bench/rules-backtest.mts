// The rule back-test at scale (ADR 224): 100 000 completed filled forms of one form over two
// editions in the last year, from 1 000 patients (and 20 000 of another form, which it must skip),
// seeded in bulk with SQL; then `POST /api/forms/:id/rules/backtest` over all of them through the
// whole Fastify pipeline, with a draft that moves a form rule's threshold, changes a field rule and
// drops a question. Memory must not follow the number of filled forms: the heap is sampled during
// each call (from a collected baseline), and the process's peak RSS is compared after the 30-day
// back-tests (~8 000 filled forms) and after those of all 100 000. The npm script caps V8's old
// generation at 128 MB, as bench:results does, so that garbage V8 would collect lazily is not
// counted as held. Target: ≤ 3 s on PostgreSQL, ≤ 6 s on PGlite.
// Usage: npm run bench:rules-backtest (RUNS to repeat; DATABASE_URL to measure on PostgreSQL: it
// works in a schema of its own, dropped afterwards).
import { sql } from 'kysely';
import type { FormRule, TemplateField } from '@formularze/domain/schemas/form-template';
import type { RulesBacktest, RulesBacktestRequest } from '@formularze/domain/schemas/rules-backtest';
import { moodQuestion, oneRowLayout, painQuestion } from '../api/test/pain-survey.ts';
import { onPostgres, percentile, startApiInProcess } from './in-process/api.mts';

const RUNS = Number(process.env.RUNS ?? 5);
const PATIENTS = 1_000;
const FILLED_FORMS = 100_000;
const OTHER_FORM_FILLED = 20_000;
const BUDGET_MS = onPostgres ? 3_000 : 6_000;

const { db, app, organizationId, headers, analyze, insertPatients, stop } =
  await startApiInProcess('rules_backtest');

const pain = (strongFrom: number) =>
  painQuestion([
    { operator: 'GREATER_THAN', arg1: strongFrom, text: 'Silny ból', weight: 5 },
    { operator: 'BETWEEN', arg1: 4, arg2: strongFrom, text: 'Umiarkowany ból', weight: 2 },
  ]);
const mood = moodQuestion([
  { stringValue: 'dobry', weight: 0 },
  { stringValue: 'obojętny', weight: 1 },
  { stringValue: 'zły', weight: 3 },
]);
const note: TemplateField = { id: 'note', type: 'TEXT', label: 'Uwagi', size: 500, maxRows: 3 };
const rules = (urgentAbove: number): FormRule[] => [
  {
    operator: 'GREATER_THAN',
    arg1: urgentAbove,
    text: 'Pilny kontakt',
    smsMessage: 'Pacjent {imie} {nazwisko}: {suma_punktow} pkt',
    smsPhone: '+48600700800',
  },
  { operator: 'LESS_THAN', arg1: 1, text: 'Bez uwag' },
];

async function insertForm(name: string, status: 'ACTIVE' | 'PREVIOUS_VERSION', bagId?: number) {
  const { id, bag_id } = await db
    .insertInto('forms')
    .values({
      organization_id: organizationId,
      ...(bagId === undefined ? {} : { bag_id: bagId, edition: 2 }),
      name,
      status,
      template: JSON.stringify(oneRowLayout(pain(7), mood, note)),
      rules: JSON.stringify(rules(6)),
      settings: JSON.stringify({ allowDrafting: false }),
      schedule: null,
    })
    .returning(['id', 'bag_id'])
    .executeTakeFirstOrThrow();
  return { id, bagId: bag_id };
}
const first = await insertForm('Dzienniczek bólu', 'PREVIOUS_VERSION');
const current = await insertForm('Dzienniczek bólu', 'ACTIVE', first.bagId);
const other = await insertForm('Inna ankieta', 'ACTIVE');

const seeded = performance.now();
await insertPatients(PATIENTS);
const { id: firstPatient } = await db
  .selectFrom('users')
  .select((eb) => eb.fn.min<number>('id').as('id'))
  .where('authorities', '=', 'ROLE_USER')
  .executeTakeFirstOrThrow();
// The older third of the year was filled in the first edition.
const insertFilled = (formFor: (n: string) => ReturnType<typeof sql>, count: number) => sql`
  insert into form_data (organization_id, form_id, user_id, state, answers, total_weight, completed_at,
                         created_at, updated_at)
  select ${organizationId}, ${formFor('n')}, ${firstPatient} + n % ${PATIENTS}, 'COMPLETED',
         jsonb_build_object(
           'data', jsonb_build_object(
             'pain', (n * 7) % 11,
             'mood', (array['dobry', 'obojętny', 'zły'])[1 + (n * 13) % 3],
             'note', 'Samopoczucie bez większych zmian, sen ' || n % 9 || ' godzin'),
           'arrayData', '{}'::jsonb, 'noteData', '{}'::jsonb, 'fieldAlternativeAnswer', '{}'::jsonb),
         (n * 7) % 11, now() - (n % 365) * interval '1 day', now() - (n % 365) * interval '1 day',
         now() - (n % 365) * interval '1 day'
  from generate_series(1, ${count}::int) as n`;
await insertFilled(
  () => sql`case when n % 365 > 240 then ${first.id}::int else ${current.id}::int end`,
  FILLED_FORMS,
).execute(db);
await insertFilled(() => sql`${other.id}::int`, OTHER_FORM_FILLED).execute(db);
await analyze();
console.log(
  `Seeded on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${FILLED_FORMS} filled forms of the form (2 editions) ` +
    `and ${OTHER_FORM_FILLED} of another, ${PATIENTS} patients ` +
    `(${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
);

const draft: RulesBacktestRequest = {
  layoutElementObject: oneRowLayout(pain(8), note),
  formRules: rules(4),
  period: 'all',
};

async function once(period: RulesBacktestRequest['period']) {
  globalThis.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/forms/${current.id}/rules/backtest`,
    headers,
    payload: { ...draft, period },
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return { ms, heapGrowth: peak - baseline, result: response.json<RulesBacktest>() };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
/** The process's highest RSS so far, in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const peakRssBefore = peakRss();
const peakRssAfter: Record<string, number> = {};
console.log(`Back-test, ${RUNS} runs each (after a warm-up):`);
let worst = 0;
for (const period of ['30', '365', 'all'] as const) {
  await once(period);
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await once(period));
  const times = runs.map((run) => run.ms);
  const p50 = percentile(times, 0.5);
  if (period === 'all') worst = p50;
  peakRssAfter[period] = peakRss();
  const { result } = runs[0]!;
  console.log(
    `  ${period === 'all' ? 'all' : `${period} days`}: ${result.filledForms} filled forms, ` +
      `p50 ${p50.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms, ` +
      `heap growth at most ${mb(Math.max(...runs.map((run) => run.heapGrowth)))} MB ` +
      `(SMS alerts ${result.total.active.smsAlerts} → ${result.total.draft.smsAlerts}, ` +
      `${result.changed.totalElements} outcomes changed)`,
  );
}
console.log(
  `Peak RSS: ${mb(peakRssBefore)} MB before, ${mb(peakRssAfter['30']!)} MB after the 30-day runs, ` +
    `${mb(peakRssAfter.all!)} MB after those of all filled forms`,
);
console.log(
  `Budget ≤ ${BUDGET_MS} ms on ${onPostgres ? 'PostgreSQL' : 'PGlite'} for all ${FILLED_FORMS}: ` +
    `${worst <= BUDGET_MS ? 'met' : 'NOT met'} (p50 ${worst.toFixed(0)} ms)`,
);
await stop();
