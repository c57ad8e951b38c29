import { sql, type Kysely, type Transaction } from 'kysely';
import { scheduleFillMode, type Schedule } from '@formularze/domain/schemas/forms';
import type { Database } from '../db/schema';
import { answeredWindowsOfOtherEditions } from './filled-data';
import { scheduleSlots } from './schedule-slots';

/** Whether the stored schedule of form `f` asks for windows (fill mode 'one' or 'multi'). */
export const scheduled = sql<boolean>`coalesce((f.schedule->>'one')::boolean or (f.schedule->>'multi')::boolean, false)`;

/** Rows per insert: well under PostgreSQL's 65 535 parameters (6 per slot). */
const INSERT_CHUNK = 1000;

/**
 * Makes the not-yet-started slots of a form match its schedule and its assignments: those of the
 * given people (all assigned people when omitted) are dropped and made again from now on. Started
 * and past slots stay, as answers may belong to them. A null schedule only drops them (the form is
 * not active, or its assignments ended).
 */
export async function refreshSlots(
  trx: Transaction<Database> | Kysely<Database>,
  {
    formId,
    schedule,
    now,
    userIds,
  }: { formId: number; schedule: Schedule | null; now: Date; userIds?: number[] },
): Promise<void> {
  if (userIds?.length === 0) return;
  await trx
    .deleteFrom('scheduled_forms')
    .where('form_id', '=', formId)
    .where('starts_at', '>', now)
    .$if(userIds !== undefined, (query) => query.where('user_id', 'in', userIds!))
    .execute();
  if (!schedule) return;

  // Direct assignments and project members alike (the `form_access` view).
  const assignments = await trx
    .selectFrom('form_access')
    .select([
      'user_id',
      sql<string>`valid_since::text`.as('valid_since'),
      sql<string | null>`valid_to::text`.as('valid_to'),
    ])
    .where('form_id', '=', formId)
    .$if(userIds !== undefined, (query) => query.where('user_id', 'in', userIds!))
    .execute();
  // A window filled once (fill mode 'one') stays answered in the form's later editions.
  const answered = new Set(
    scheduleFillMode(schedule) === 'one'
      ? (await answeredWindowsOfOtherEditions(trx, { formId, now })).map(
          (window) => `${window.user_id}@${window.starts_at.getTime()}`,
        )
      : [],
  );
  const rows = assignments.flatMap((assignment) =>
    scheduleSlots(schedule, {
      validSince: assignment.valid_since,
      validTo: assignment.valid_to,
      notEndedBy: now,
    })
      .filter((slot) => !answered.has(`${assignment.user_id}@${slot.startsAt.getTime()}`))
      .map((slot) => ({
        form_id: formId,
        user_id: assignment.user_id,
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        edit_minutes_after_save: slot.editMinutesAfterSave,
      })),
  );
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('scheduled_forms')
      .values(rows.slice(start, start + INSERT_CHUNK))
      // A slot that has started is kept as it was.
      .onConflict((conflict) => conflict.columns(['form_id', 'user_id', 'starts_at']).doNothing())
      .execute();
  }
}
