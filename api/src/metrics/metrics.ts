import { sql, type Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/schema';
import { onStatement, poolStates } from '../db/database-activity';
import { runAsSystem } from '../db/tenant-scope';

/** The prefix of every metric the product defines itself (process metrics keep prom-client's names). */
const PREFIX = 'formularze_';

/** Seconds; from a cached read (~1 ms) to a large CSV export. */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/** How a login route's answer reads: its statuses are the login routes' own (auth/login-routes.ts). */
export function loginOutcome(statusCode: number): 'success' | 'failure' | 'locked' | 'rate-limited' {
  if (statusCode < 300) return 'success';
  if (statusCode === 423) return 'locked';
  if (statusCode === 429) return 'rate-limited';
  return 'failure';
}

/** `200` → `2xx`: a label with a handful of values, whatever the routes answer. */
export const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

// Process metrics (CPU, memory, event loop, handles) are the process's, whatever number of apps it
// builds (tests build many): collected once, into a registry of their own.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The API's metrics, one set per app. Counters and histograms are counted in this process (the
 * Prometheus server sums the processes); what the database holds for all processes (outbox depth,
 * job lag, locked accounts) is read from it when scraped.
 */
export function createMetrics(db: Kysely<Database>) {
  const registry = new Registry();
  const registers = [registry];

  const requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const queryDuration = new Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: 'Time of one database statement, from sending it to its result',
    buckets: QUERY_BUCKETS,
    registers,
  });
  const loginAttempts = new Counter({
    name: `${PREFIX}login_attempts_total`,
    help: 'Login attempts by door and outcome (success, failure, locked, rate-limited)',
    labelNames: ['door', 'outcome'] as const,
    registers,
  });
  const remoteFallbacks = new Counter({
    name: `${PREFIX}remote_fallback_events_total`,
    help: "Pages that fell back to a remote's last known good version, by remote",
    labelNames: ['remote'] as const,
    registers,
  });
  const jobLastRound = new Gauge({
    name: `${PREFIX}job_last_round_timestamp_seconds`,
    help: "When this process last finished a background job's round, by job and result",
    labelNames: ['job', 'result'] as const,
    registers,
  });

  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database connections of this process by pool and state (in_use, idle, waiting requests)',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const [pool, { total, idle, waiting }] of poolStates()) {
        this.set({ pool, state: 'in_use' }, total - idle);
        this.set({ pool, state: 'idle' }, idle);
        this.set({ pool, state: 'waiting' }, waiting);
      }
    },
  });

  // Read from the database at scrape time: every process sees the same figures.
  const now = sql<Date>`now()`;
  const outboxDepth = new Gauge({
    name: `${PREFIX}outbox_pending_messages`,
    help: 'Messages waiting to be sent, by channel',
    labelNames: ['channel'] as const,
    registers,
  });
  const outboxOldest = new Gauge({
    name: `${PREFIX}outbox_oldest_pending_age_seconds`,
    help: 'Age of the oldest message waiting to be sent, by channel',
    labelNames: ['channel'] as const,
    registers,
  });
  const jobLag = new Gauge({
    name: `${PREFIX}job_lag_seconds`,
    help: 'How long the oldest due work of a background job has waited (missed slots, webhooks)',
    labelNames: ['job'] as const,
    registers,
  });
  const lockedAccounts = new Gauge({
    name: `${PREFIX}locked_login_subjects`,
    help: 'Accounts (or typed logins) blocked by the login lockout now',
    registers,
  });

  async function readDatabaseGauges(): Promise<void> {
    const [outbox, missed, webhooks, locked] = await runAsSystem(() =>
      Promise.all([
        db
          .selectFrom('outbox')
          .select(['channel'])
          .select((eb) => [
            eb.fn.countAll<string>().as('pending'),
            sql<number>`extract(epoch from ${now} - min(created_at))`.as('oldest'),
          ])
          .where('sent_at', 'is', null)
          .where('next_attempt_at', 'is not', null)
          .groupBy('channel')
          .execute(),
        db
          .selectFrom('scheduled_forms')
          .select(sql<number | null>`extract(epoch from ${now} - min(ends_at))`.as('lag'))
          .where('settled_at', 'is', null)
          .where('ends_at', '<=', now)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('webhook_deliveries')
          .select(sql<number | null>`extract(epoch from ${now} - min(next_attempt_at))`.as('lag'))
          .where('next_attempt_at', '<=', now)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('login_throttles')
          .select((eb) => eb.fn.countAll<string>().as('locked'))
          .where('blocked_until', '>', now)
          .executeTakeFirstOrThrow(),
      ]),
    );
    outboxDepth.reset();
    outboxOldest.reset();
    for (const channel of ['mail', 'sms'] as const) {
      const row = outbox.find((pending) => pending.channel === channel);
      outboxDepth.set({ channel }, Number(row?.pending ?? 0));
      outboxOldest.set({ channel }, Number(row?.oldest ?? 0));
    }
    jobLag.set({ job: 'missedSlots' }, Number(missed.lag ?? 0));
    jobLag.set({ job: 'webhooks' }, Number(webhooks.lag ?? 0));
    lockedAccounts.set(Number(locked.locked));
  }

  const stopTimingStatements = onStatement((seconds) => queryDuration.observe(seconds));

  return {
    requestDuration,
    loginAttempts,
    remoteFallbacks,
    /** Called by the background jobs' runner after each job's round. */
    jobRound(job: string, ok: boolean) {
      jobLastRound.set({ job, result: ok ? 'ok' : 'failed' }, Date.now() / 1000);
    },
    /** Stops observing this process's statements (the app closes). */
    close: stopTimingStatements,
    contentType: registry.contentType,
    /** The Prometheus text of every metric, the database's figures read now. */
    async scrape(): Promise<string> {
      await readDatabaseGauges();
      const texts = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return texts.join('\n');
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
