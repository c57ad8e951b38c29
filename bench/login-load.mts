// Do logins starve other requests? Password checks are argon2id (19 MiB, 2 passes): CPU-heavy by
// design (the argon2 package runs them on libuv's thread pool, off the event loop). This measures
// GET /api/persons/my (the demo patient, autocannon -c 10, a session per connection) alone, then
// again while 8 patient logins a second run against the same API process, and prints p50/p99 of
// both side by side with the logins' own times. Each login comes from its own client address
// (X-Forwarded-For, honoured through TRUST_PROXY as behind nginx), as real logins would, so the
// per-address rate limit of the login route does not turn them away.
// Usage: npm run bench:login-load -- [--duration 15] [--connections 10] [--logins 8]
//   [--target postgres|pglite]
// DATABASE_URL: the PostgreSQL database to create afresh, dropped after
// (default postgres://postgres@127.0.0.1:5432/bench_scale).
import { parseArgs } from 'node:util';
import { AUTH_TOKEN_HEADER, toPatientLoginBody } from '@formularze/domain/schemas/auth';
import { DEMO, DEMO_PASSWORD } from '../e2e/src/session.ts';
import { signInPatient } from './fill/product-api.mts';
import { percentile } from './fill/submissions.mts';
import { runLoad, warmUp, type LoadResult } from './scale/load.mts';
import { demoSessions } from './scale/sessions.mts';
import { DEFAULT_BENCH_DATABASE_URL, startPglite, startPostgres } from './scale/targets.mts';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
    logins: { type: 'string', default: '8' },
    target: { type: 'string', default: 'postgres' },
  },
});
const DURATION_S = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const LOGINS_PER_S = Number(options.logins);
const DATABASE_URL = process.env.DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;

interface Logins {
  ms: number[];
  failures: Map<string, number>;
}

/** Starts `perSecond` logins a second, each from its own address, until stop() (which waits for them). */
function loginsInBackground(baseUrl: string, perSecond: number) {
  const logins: Logins = { ms: [], failures: new Map() };
  const inFlight = new Set<Promise<void>>();
  const body = JSON.stringify(toPatientLoginBody({ login: DEMO.patient.login, password: DEMO_PASSWORD }));
  let sent = 0;
  const loginOnce = async () => {
    sent += 1;
    const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body,
      });
      await response.arrayBuffer();
      if (response.status === 200) logins.ms.push(performance.now() - started);
      else
        logins.failures.set(
          `HTTP ${response.status}`,
          (logins.failures.get(`HTTP ${response.status}`) ?? 0) + 1,
        );
    } catch (error) {
      const what = (error as Error).message;
      logins.failures.set(what, (logins.failures.get(what) ?? 0) + 1);
    }
  };
  const timer = setInterval(() => {
    const login = loginOnce();
    inFlight.add(login);
    void login.finally(() => inFlight.delete(login));
  }, 1000 / perSecond);
  return {
    logins,
    sent: () => sent,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

const target = options.target === 'pglite' ? await startPglite() : await startPostgres(DATABASE_URL);
try {
  await signInPatient(target.url);
  const sessions = await demoSessions(target.url, 'patient', CONNECTIONS);
  const reads = {
    url: `${target.url}/api/persons/my`,
    headersPerConnection: sessions.map((token) => ({ [AUTH_TOKEN_HEADER]: token })),
    connections: CONNECTIONS,
    durationS: DURATION_S,
  };
  await warmUp(reads);
  const alone = await runLoad(reads);
  const background = loginsInBackground(target.url, LOGINS_PER_S);
  const started = performance.now();
  const withLogins = await runLoad(reads);
  await background.stop();
  const elapsedS = (performance.now() - started) / 1000;

  const line = (label: string, result: LoadResult) =>
    `  ${label.padEnd(40)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms   errors ${result.errors}`;
  const sorted = [...background.logins.ms].sort((a, b) => a - b);
  const failures = [...background.logins.failures.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `\nGET /api/persons/my, autocannon -c ${CONNECTIONS} for ${DURATION_S} s, ${target.label}; load generator on the same machine:`,
  );
  console.log(line('alone', alone));
  console.log(line(`while ${LOGINS_PER_S} logins/s run`, withLogins));
  console.log(
    `  p99 with logins / alone: ${(withLogins.p99 / alone.p99).toFixed(2)} ×, p50: ${(withLogins.p50 / Math.max(alone.p50, 1)).toFixed(2)} ×`,
  );
  console.log(
    `  logins: ${background.sent()} sent (${(background.sent() / elapsedS).toFixed(1)}/s), ${sorted.length} succeeded, ` +
      `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms, failed ${failures}`,
  );
  for (const [what, count] of background.logins.failures) console.log(`    ${count} × ${what}`);
  if (failures > 0 || alone.errors > 0 || withLogins.errors > 0) process.exitCode = 1;
} finally {
  await target.stop();
}
