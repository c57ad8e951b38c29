// Losing an API process under load: two API processes behind nginx (deploy/) on PostgreSQL, patients
// sending completed forms (bench/fill-load's loop: form_metadata, then form_data) for 60 s, and one
// process killed with SIGKILL at 20 s. It prints the errors the patients saw (when, and what), how
// nginx spread the requests, and checks that every submission answered 201 is in the database,
// complete (COMPLETED, scored, its metadata row, every answer). Any missing one fails the run.
// Usage: npm run bench:failover -- [--duration 60] [--kill-at 20] [--connections 50] [--fields 30]
// DATABASE_URL: the database to create afresh (default postgres://postgres@127.0.0.1:5432/bench_scale).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { activeFormForPatient, signInPatient } from './fill/product-api.mts';
import { questionnaire } from './fill/questionnaire.mts';
import { errorCount, latencyLine, newTally, submitUntil, unsavedSubmissions } from './fill/submissions.mts';
import { DEFAULT_BENCH_DATABASE_URL, startBehindNginx } from './scale/targets.mts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    'kill-at': { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    fields: { type: 'string', default: '30' },
  },
});
const DURATION_S = Number(options.duration);
const KILL_AT_S = Number(options['kill-at']);
const CONNECTIONS = Number(options.connections);
const FIELDS = Number(options.fields);
const DATABASE_URL = process.env.DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;

/** Requests per API process and answer status, from nginx's access log (upstream=…, upstream_status=…). */
function upstreamCounts(accessLog: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of accessLog.split('\n')) {
    // A request nginx passed on to the other process lists both: `upstream=a, b upstream_status=502, 201`.
    const match = / (\d{3}) \d+ \S+ upstream=(.+) upstream_status=(.+)$/.exec(line);
    if (!match) continue;
    const key = `answered ${match[1]} via ${match[2]} (${match[3]})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const target = await startBehindNginx(DATABASE_URL, 2);
try {
  const formId = await activeFormForPatient(
    target.url,
    questionnaire(FIELDS),
    `Awaria procesu ${new Date().toISOString()}`,
  );
  const token = await signInPatient(target.url);
  const tally = newTally();
  const victim = target.apis![0]!;
  const started = performance.now();
  let killedAt = NaN;
  const killer = setTimeout(() => {
    killedAt = performance.now();
    victim.process.kill('SIGKILL');
  }, KILL_AT_S * 1000);
  await submitUntil(
    { baseUrl: target.url, token, formId, fields: FIELDS, endsAt: started + DURATION_S * 1000 },
    { connections: CONNECTIONS, tally },
  );
  clearTimeout(killer);
  const elapsedS = (performance.now() - started) / 1000;
  const problems = await unsavedSubmissions(target.databaseUrl!, tally.acknowledged);

  const errors = errorCount(tally);
  const sinceKill = tally.errorTimes.map((time) => (time - killedAt) / 1000);
  console.log(
    `\nSubmissions of a ${FIELDS}-field form by ${CONNECTIONS} patients for ${DURATION_S} s through nginx to 2 API ` +
      `processes on PostgreSQL; ${victim.name} (port ${victim.port}) killed with SIGKILL at ${KILL_AT_S} s:`,
  );
  console.log(
    `  ${tally.submissionMs.length} submissions answered 201 in ${elapsedS.toFixed(1)} s ` +
      `(${(tally.submissionMs.length / elapsedS).toFixed(1)}/s)`,
  );
  console.log(latencyLine('whole submission (both calls)', tally.submissionMs));
  console.log(
    `  errors seen by patients: ${errors} (before the kill ${sinceKill.filter((s) => s < 0).length}, ` +
      `within 5 s after it ${sinceKill.filter((s) => s >= 0 && s < 5).length}, later ${sinceKill.filter((s) => s >= 5).length})`,
  );
  for (const [what, count] of tally.errors) console.log(`    ${count} × ${what}`);
  console.log('  nginx access log:');
  const counts = upstreamCounts(readFileSync(target.deployment!.nginx.accessLog, 'utf8'));
  for (const [what, count] of [...counts].sort()) console.log(`    ${String(count).padStart(7)} ${what}`);
  console.log(
    `  acknowledged submissions in the database, complete: ${tally.acknowledged.length - problems.length} of ${tally.acknowledged.length}`,
  );
  for (const problem of problems.slice(0, 20)) console.log(`    ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  await target.stop();
}
