import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import { repeatRounds } from '../core/rounds';
import type { Database } from '../db/schema';
import { sendDueReminders } from './fill-reminders';
import { markMissedSlots } from './missed-slots';
import { deliverDueWebhooks, type WebhookOptions } from './webhooks';
import { runAsSystem } from '../db/tenant-scope';
import { archiveAccessAudit, chainAccessAudit } from '../audit/audit-chain';

export interface JobsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** A unit of background work: does what is due at `now`, returns how much it did. */
type Job = (db: Kysely<Database>, now: Date) => Promise<number>;

function yearsBefore(now: Date, years: number): Date {
  const then = new Date(now);
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return then;
}

/**
 * The background jobs of every API process: a round every `intervalMs` (the next starts when the
 * previous ended). Each job claims its rows or inserts under unique constraints, so processes
 * never repeat each other's work; a failing job is logged and the others still run. Returns a
 * function that stops the loop and waits for the round in progress.
 */
export function startBackgroundJobs(
  db: Kysely<Database>,
  {
    clock,
    logger,
    intervalMs = 30_000,
    webhooks,
    auditRetentionYears = 5,
    onRound,
  }: {
    clock: Clock;
    logger: JobsLogger;
    intervalMs?: number;
    webhooks: WebhookOptions;
    /** Entries of the access audit trail older than this move to its archive. */
    auditRetentionYears?: number;
    /** Told after each job's round whether it succeeded (metrics). */
    onRound?: (job: string, ok: boolean) => void;
  },
): () => Promise<void> {
  const jobs: Record<string, Job> = {
    missedSlots: markMissedSlots,
    fillReminders: sendDueReminders,
    webhooks: (database, now) => deliverDueWebhooks(database, now, webhooks),
    auditChain: (database) => chainAccessAudit(database),
    auditArchive: (database, now) => archiveAccessAudit(database, yearsBefore(now, auditRetentionYears)),
  };
  const round = async (stopped: () => boolean) => {
    for (const [job, work] of Object.entries(jobs)) {
      if (stopped()) return;
      try {
        const done = await work(db, clock());
        if (done) logger.info({ job, done }, 'background job: work done');
        onRound?.(job, true);
      } catch (error) {
        logger.warn({ err: error, job }, 'background job failed');
        onRound?.(job, false);
      }
    }
  };
  // Every tenant's work, and the rounds that follow inherit the scope.
  return runAsSystem(() => repeatRounds(round, intervalMs));
}
