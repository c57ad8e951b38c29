import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Everything the forms area asks about filled data (`form_data`, the filling area's table), in one
 * place. Nothing else in `forms/` looks at filled data. Removed (deleted draft) rows do not count.
 */

/**
 * Whether editing the form must keep its current edition intact (a new edition in the same bag)
 * because answers were given to it: submitted ones or drafts, whose answers follow its template.
 */
export async function formHasData(db: Kysely<Database>, formId: number): Promise<boolean> {
  const row = await db
    .selectFrom('form_data')
    .select('id')
    .where('form_id', '=', formId)
    .where('removed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The number of submitted filled forms of the form whose id is `formId` (the list's "answers" column). */
export function filledFormCount(formId: Expression<number>) {
  return sql<number>`(select count(*)::int from form_data d where d.form_id = ${formId} and d.state = 'COMPLETED' and d.removed_at is null)`;
}

/** Whether the person submitted the form whose id is `formId` (`all-my-filled-unique-bags`). */
export function filledBy(userId: number, formId: Expression<number>): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from form_data d where d.form_id = ${formId} and d.user_id = ${userId} and d.state = 'COMPLETED' and d.removed_at is null)`;
}

/**
 * The submitted filling of a scheduled slot, if any (`GET /api/v2/forms/scheduled`): who filled it
 * and until when they may change the answers (the latest submission when a slot takes several).
 */
export function slotFilling(slotId: Expression<number>) {
  const latest = sql`from form_data d where d.scheduled_form_id = ${slotId} and d.state = 'COMPLETED' and d.removed_at is null order by d.completed_at desc, d.id desc limit 1`;
  return {
    filledById: sql<number | null>`(select d.user_id ${latest})`,
    editableUntil: sql<Date | null>`(select d.editable_until ${latest})`,
  };
}
