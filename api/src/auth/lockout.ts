import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LOGIN_BLOCK_DURATIONS_MS } from '@formularze/domain/schemas/auth';
import { resolveApiKeyEncryptionKey } from '../core/encryption-key';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import type { Clock } from '../core/clock';

/** Failed logins allowed in one window before the subject is blocked. */
export const MAX_FAILED_ATTEMPTS = 5;
/** Failures count for 15 minutes from the first one. */
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
/** The first block lasts 15 minutes, the next one in a row an hour, any further one a day. */
export const BLOCK_DURATIONS_MS = LOGIN_BLOCK_DURATIONS_MS;
/** A day without a block forgets the earlier ones, so an old block does not lengthen a new one. */
export const BLOCK_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * Whose failures are counted: an account whatever login it used (email or phone, any door), and a
 * login nobody has (`unknownLoginSubject`), so an unknown login loses attempts and gets blocked
 * exactly like an existing one and the answers do not tell them apart.
 */
export function accountSubject(userId: number): string {
  return `user:${userId}`;
}

/**
 * A login nobody has, as a keyed hash (HMAC-SHA256 with `loginHashKey`): the table never holds
 * what people typed (mistyped addresses, passwords typed into the login field), and without the
 * server's key a copy of it cannot be checked against a list of addresses.
 */
export function unknownLoginSubject(login: string, loginHashKey: Buffer): string {
  return `login:${createHmac('sha256', loginHashKey).update(login).digest('hex')}`;
}

/** The key of `unknownLoginSubject`, derived from the server's API key encryption key (shared by its processes). */
export async function resolveLoginHashKey(
  config: Pick<Config, 'dataDir' | 'apiKeyEncryptionKey'>,
): Promise<Buffer> {
  const serverKey = await resolveApiKeyEncryptionKey(config);
  return createHmac('sha256', serverKey).update('login_throttles').digest();
}

/** `started`: this failure is the one that blocked the subject (the access audit trail records it). */
export type FailureOutcome = { blocked: false; attemptsLeft: number } | { blocked: true; started: boolean };

type Throttle = Awaited<ReturnType<typeof readThrottle>>;

function readThrottle(db: Kysely<Database>, subject: string) {
  return db.selectFrom('login_throttles').selectAll().where('subject', '=', subject).executeTakeFirst();
}

export function isBlocked(throttle: Throttle, now: Date): boolean {
  return !!throttle?.blocked_until && new Date(throttle.blocked_until) > now;
}

/** True while `subject` is blocked: it is refused whatever the password. */
export async function isSubjectBlocked(db: Kysely<Database>, subject: string, clock: Clock) {
  return isBlocked(await readThrottle(db, subject), clock());
}

/**
 * Counts one failure and says what is left. The row is locked for the update, so two attempts at
 * the same moment cannot both spend the last try.
 */
export async function recordFailure(
  db: Kysely<Database>,
  subject: string,
  clock: Clock,
): Promise<FailureOutcome> {
  const now = clock();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_throttles')
      .values({ subject, failed_attempts: 0, block_level: 0 })
      .onConflict((conflict) => conflict.column('subject').doNothing())
      .execute();
    const row = await trx
      .selectFrom('login_throttles')
      .selectAll()
      .where('subject', '=', subject)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (isBlocked(row, now)) return { blocked: true, started: false };

    const windowOpen =
      row.window_started_at !== null &&
      now.getTime() - new Date(row.window_started_at).getTime() < ATTEMPT_WINDOW_MS;
    const failures = windowOpen ? row.failed_attempts + 1 : 1;
    const windowStartedAt = windowOpen ? row.window_started_at : now;

    if (failures < MAX_FAILED_ATTEMPTS) {
      await trx
        .updateTable('login_throttles')
        .set({ failed_attempts: failures, window_started_at: windowStartedAt })
        .where('subject', '=', subject)
        .execute();
      return { blocked: false, attemptsLeft: MAX_FAILED_ATTEMPTS - failures };
    }

    const lastBlockEnded = row.blocked_until ? new Date(row.blocked_until).getTime() : null;
    const level =
      lastBlockEnded !== null && now.getTime() - lastBlockEnded < BLOCK_MEMORY_MS ? row.block_level : 0;
    const duration = BLOCK_DURATIONS_MS[Math.min(level, BLOCK_DURATIONS_MS.length - 1)] ?? ATTEMPT_WINDOW_MS;
    // After the block the count starts over: a full set of attempts, then a longer block.
    await trx
      .updateTable('login_throttles')
      .set({
        failed_attempts: 0,
        window_started_at: null,
        blocked_until: new Date(now.getTime() + duration),
        block_level: level + 1,
      })
      .where('subject', '=', subject)
      .execute();
    return { blocked: true, started: true };
  });
}

/** A proven password (a login, or a reset by link) forgets the failures and earlier blocks. */
export async function clearFailures(db: Kysely<Database>, subject: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('subject', '=', subject).execute();
}
