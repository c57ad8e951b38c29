import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { slotSubmitted } from './slot-submission';

/** Slots settled per transaction: the claimed rows stay locked only briefly. */
const BATCH_SIZE = 500;

/**
 * §4 "MISSED: a scheduled fill that was not done". Slots are made ahead (when a form is activated
 * or people are assigned), so every slot that has ended exists: each one not yet settled is claimed
 * (`FOR UPDATE SKIP LOCKED`, so concurrent runs share the work), gets a MISSED form data when it
 * has no submitted answers, and is marked settled. A draft of the slot stays as it was (its owner
 * may still delete it). Slots of deleted forms and of removed people settle without a mark.
 * Returns how many MISSED rows were written.
 */
export async function markMissedSlots(db: Kysely<Database>, now: Date): Promise<number> {
  let marked = 0;
  for (;;) {
    const round = await db.transaction().execute(async (trx) => {
      const ended = await trx
        .selectFrom('scheduled_forms')
        .select('id')
        .where('settled_at', 'is', null)
        .where('ends_at', '<=', now)
        .orderBy('ends_at')
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked()
        .execute();
      if (!ended.length) return { claimed: 0, missed: 0 };
      const slotIds = ended.map((slot) => slot.id);
      const written = sql<Date>`cast(${now} as timestamptz)`;
      const inserted = await trx
        .insertInto('form_data')
        .columns([
          'organization_id',
          'form_id',
          'user_id',
          'scheduled_form_id',
          'state',
          'created_at',
          'updated_at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('scheduled_forms as s')
            .innerJoin('forms as f', 'f.id', 's.form_id')
            .innerJoin('users as u', 'u.id', 's.user_id')
            .select([
              'f.organization_id',
              's.form_id',
              's.user_id',
              's.id',
              sql.lit('MISSED').as('state'),
              written.as('created_at'),
              written.as('updated_at'),
            ])
            .where('s.id', 'in', slotIds)
            .where('f.status', '!=', 'DELETED')
            .where('u.removed_at', 'is', null)
            .where(({ not, ref }) => not(slotSubmitted(ref('s.id')))),
        )
        // A slot is marked once, whatever else runs at the same time.
        .onConflict((conflict) =>
          conflict.column('scheduled_form_id').where('state', '=', 'MISSED').doNothing(),
        )
        .executeTakeFirst();
      await trx.updateTable('scheduled_forms').set({ settled_at: now }).where('id', 'in', slotIds).execute();
      return { claimed: slotIds.length, missed: Number(inserted.numInsertedOrUpdatedRows ?? 0) };
    });
    marked += round.missed;
    if (round.claimed < BATCH_SIZE) return marked;
  }
}
