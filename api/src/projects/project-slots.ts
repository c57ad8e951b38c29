import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { refreshSlots } from '../forms/scheduled-forms-repository';

/**
 * Re-makes the future slots of the projects' active scheduled forms for the given people, after
 * their project access changed (joined, left, or the project's setting changed).
 */
export async function refreshProjectSlots(
  trx: Transaction<Database>,
  { groupIds, userIds, now }: { groupIds: number[]; userIds: number[]; now: Date },
): Promise<void> {
  if (!groupIds.length || !userIds.length) return;
  const forms = await trx
    .selectFrom('forms')
    .select(['id', 'schedule'])
    .where('group_id', 'in', groupIds)
    .where('status', '=', 'ACTIVE')
    .where('schedule', 'is not', null)
    .execute();
  for (const form of forms) {
    await refreshSlots(trx, { formId: form.id, schedule: form.schedule, now, userIds });
  }
}
