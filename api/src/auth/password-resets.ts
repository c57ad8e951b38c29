import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ResetRole } from '../db/schema';
import type { Clock } from '../core/clock';

/** A reset link works for a day: long enough to find the mail, short enough to go stale. */
export const RESET_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token (256 random bits) for `userId`; only its hash is stored. */
export async function createResetToken(
  db: Kysely<Database> | Transaction<Database>,
  { userId, role, clock }: { userId: number; role: ResetRole; clock: Clock },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = clock();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashResetToken(token),
      user_id: userId,
      role,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The unused, unexpired reset behind `token`, with its account's logins, if that account may still
 * sign in. `forUpdate` locks it, so two requests cannot both use one link.
 */
export function findLiveReset(
  db: Kysely<Database> | Transaction<Database>,
  token: string,
  { clock, forUpdate = false }: { clock: Clock; forUpdate?: boolean },
) {
  let query = db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.role', 'r.expires_at as expiresAt', 'u.id as userId', 'u.email', 'u.phone'])
    .where('r.token_hash', '=', hashResetToken(token))
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', clock())
    .where('u.removed_at', 'is', null);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Uses up every open link of the user: after a new password, older mails must not work either. */
export async function consumeUserResets(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  clock: Clock,
): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: clock() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
