// What the access audit trail (ADR 415) adds to an audited read: the results page's read of 10
// rows out of 500 patients' fillings, as its route does it, with and without the entry the route
// writes after it (`recordStaffRead`: one insert), alternating, in the owner's tenant scope; and
// the whole request through Fastify (`POST /api/form_data/latest_for_projects_and_users`), which
// writes its entry. Budget: the entry adds at most 1 ms at p50. Then the background step that links
// a backlog of results pages' entries to their chain (`chainAccessAudit`), timed once.
// Usage: npm run bench:audit-cost (RUNS to repeat; BACKLOG, the entries to link, default 5 000;
// DATABASE_URL to measure on PostgreSQL: it works in a schema of its own, dropped afterwards).
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { recordStaffRead } from '../api/src/audit/access-audit.ts';
import { chainAccessAudit } from '../api/src/audit/audit-chain.ts';
import { runInScope } from '../api/src/db/tenant-scope.ts';
import { latestResults } from '../api/src/results/results-repository.ts';
import { insertFormRow } from '../api/test/form-rows.ts';
import { elapsed, onPostgres, percentile, startApiInProcess } from './in-process/api.mts';

const RUNS = Number(process.env.RUNS ?? 500);
/** Entries written between two rounds of the background jobs (30 s) at ~170 audited reads a second. */
const BACKLOG = Number(process.env.BACKLOG ?? 5_000);
const PATIENTS = 500;
const BUDGET_MS = 1;

const { db, app, organizationId, headers, analyze, insertPatients, stop } =
  await startApiInProcess('audit_cost');

const formId = await insertFormRow(db, { organizationId, name: 'Ankieta' });
await insertPatients(PATIENTS);
await sql`
  insert into form_data (organization_id, form_id, user_id, state, answers, total_weight, completed_at,
                         created_at, updated_at)
  select ${organizationId}, ${formId}, u.id, 'COMPLETED', '{}'::jsonb, u.id % 28, now() - u.id * interval '1 hour',
         now(), now()
  from users u where u.organization_id = ${organizationId} and u.authorities = 'ROLE_USER'`.execute(db);
await analyze();

const owner = await db
  .selectFrom('users')
  .select('id')
  .where('email', '=', 'owner@bench.test')
  .executeTakeFirstOrThrow();
const caller = { userId: owner.id, organizationId, fillsAnyForm: true, readsAllData: true };
const query = {
  caller,
  filter: [],
  page: { page: 0, pageSize: 10, sort: { key: 'completedAt' as const, descending: true } },
};
/** What `recordStaffRead` reads of a request. */
const request = {
  person: { userId: owner.id, organizationId, authorities: 'ROLE_OWNER' },
  ip: '127.0.0.1',
  headers: { 'user-agent': 'bench/audit-cost' },
  id: 'req-bench',
} as unknown as FastifyRequest;
const tenant = { scope: { kind: 'tenant', organizationId } as const };

const read = () => runInScope(tenant, () => latestResults(db, query));
const readAndRecord = () =>
  runInScope(tenant, async () => {
    const results = await latestResults(db, query);
    await recordStaffRead(db, request, {
      operation: 'results.list',
      patientIds: results.content.map((row) => row.filledBy.id),
      resourceType: 'form_data',
      resourceIds: results.content.map((row) => row.formDataId),
      details: {},
      rowCount: results.content.length,
    });
  });
const page = async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/form_data/latest_for_projects_and_users',
    headers,
    payload: { pageSize: 10 },
  });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
};

// Warm-up: plans, prepared statements, the JIT of this process.
for (let run = 0; run < 50; run += 1) {
  await read();
  await readAndRecord();
  await page();
}
const without: number[] = [];
const withEntry: number[] = [];
const requests: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  without.push(await elapsed(read));
  withEntry.push(await elapsed(readAndRecord));
  requests.push(await elapsed(page));
}

// The background step that links the entries to their organization's chain, on a backlog of one
// organization's results pages: ten patients and fillings each, a filter, the request's address,
// browser and id, as the route writes them.
await chainAccessAudit(db);
await runInScope(tenant, () =>
  sql`
    insert into access_audit (organization_id, actor_user_id, actor_role, actor_organization_id, operation,
                              patient_ids, resource_type, resource_ids, details, row_count, ip, user_agent, request_id)
    select ${organizationId}, ${owner.id}, 'ROLE_OWNER', ${organizationId}, 'results.list',
           array(select (entry * 10 + patient) % ${PATIENTS} + 1 from generate_series(0, 9) patient),
           'form_data', array(select (entry * 10 + patient)::text from generate_series(0, 9) patient),
           jsonb_build_object('filter', jsonb_build_array(jsonb_build_object('key', 'formId', 'value', ${formId}::integer))),
           10, '127.0.0.1', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
           'req-' || entry
    from generate_series(1, ${BACKLOG}) entry
  `.execute(db),
);
const linking = await elapsed(async () => {
  if ((await chainAccessAudit(db)) !== BACKLOG) throw new Error('the backlog was not linked whole');
});

const p50 = (values: number[]) => percentile(values, 0.5);
const added = p50(withEntry) - p50(without);
const format = (ms: number) => `${ms.toFixed(3)} ms`;
console.log(`On ${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs each, alternating:`);
console.log(
  `  the results read alone          p50 ${format(p50(without))}, p90 ${format(percentile(without, 0.9))}`,
);
console.log(
  `  the read and its audit entry    p50 ${format(p50(withEntry))}, p90 ${format(percentile(withEntry, 0.9))}`,
);
console.log(`  added by the entry              p50 ${format(added)} (budget ${format(BUDGET_MS)})`);
console.log(
  `  the whole request (audited)     p50 ${format(p50(requests))}, p90 ${format(percentile(requests, 0.9))}`,
);
console.log(
  `  linking ${BACKLOG} entries         ${format(linking)} (${((linking * 1000) / BACKLOG).toFixed(0)} µs an entry)`,
);
await stop();
if (added > BUDGET_MS) process.exitCode = 1;
