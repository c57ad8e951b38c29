import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';

/** Whether the slot whose id is `slotId` has submitted answers (a draft does not count). */
export function slotSubmitted(slotId: Expression<number>): Expression<SqlBool> {
  const { exists, selectFrom } = expressionBuilder<Database, never>();
  return exists(
    selectFrom('form_data as d')
      .select('d.id')
      .where('d.scheduled_form_id', '=', slotId)
      .where('d.state', '=', 'COMPLETED')
      .where('d.removed_at', 'is', null),
  );
}
