import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { idempotencyKeyTaken } from './filled-data-errors';
import { findIdempotencyKeyHolder, type FilledDataCaller } from './filled-data-repository';

/**
 * Runs a save once per `Idempotency-Key` (ADR 223). A key already on the caller's filled form (the
 * one `target` names, for a save of an existing one) means the save was stored before: nothing
 * runs again and `replay` answers for that filled form, given its id. A save that fails while its
 * twin with the same key commits (the unique index refuses the second row, a slot lock makes it
 * wait and find the slot filled) is answered the same way, its own writes rolled back. A key held
 * by anyone else's filled form, or by another of the caller's, is refused without naming it.
 */
export async function saveOnce<T>(
  db: Kysely<Database>,
  {
    caller,
    key,
    target,
    log,
  }: { caller: FilledDataCaller; key: string | undefined; target?: number; log: FastifyBaseLogger },
  save: () => Promise<T>,
  replay: (id: number) => T | Promise<T>,
): Promise<T> {
  if (key === undefined) return save();
  const storedBefore = async () => {
    const holder = await findIdempotencyKeyHolder(db, { organizationId: caller.organizationId, key });
    if (!holder) return null;
    if (holder.user_id !== caller.userId || (target !== undefined && holder.id !== target)) {
      throw idempotencyKeyTaken();
    }
    log.info({ userId: caller.userId, formDataId: holder.id }, 'form data save repeated');
    return replay(holder.id);
  };
  const earlier = await storedBefore();
  if (earlier !== null) return earlier;
  try {
    return await save();
  } catch (error) {
    const twin = await storedBefore();
    if (twin === null) throw error;
    return twin;
  }
}
