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

/**
 * The number of submitted filled forms of every edition of the form whose bag is `bagId` (the
 * list's "answers" column): a new edition is the same form, its earlier answers still its own.
 */
export function filledFormCount(bagId: Expression<number>) {
  return sql<number>`(select count(*)::int from form_data d join forms edition on edition.id = d.form_id where edition.bag_id = ${bagId} and d.state = 'COMPLETED' and d.removed_at is null)`;
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

/** Whether anything was saved for the slot whose id is `slotId` (a draft or a submission). */
export function slotHasData(slotId: Expression<number>): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from form_data d where d.scheduled_form_id = ${slotId} and d.removed_at is null)`;
}

/**
 * The windows (person and start) of the form's other editions that were submitted and have not
 * ended by `now`: a new edition does not ask again for a window already answered (§4 "Schedule
 * fill modes": one fill per window).
 */
export async function answeredWindowsOfOtherEditions(
  db: Kysely<Database>,
  { formId, now }: { formId: number; now: Date },
): Promise<{ user_id: number; starts_at: Date }[]> {
  return db
    .selectFrom('scheduled_forms as s')
    .innerJoin('forms as edition', 'edition.id', 's.form_id')
    .innerJoin('forms as f', 'f.bag_id', 'edition.bag_id')
    .select(['s.user_id', 's.starts_at'])
    .where('f.id', '=', formId)
    .where('edition.id', '!=', formId)
    .where('s.ends_at', '>', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('form_data as d')
          .select('d.id')
          .whereRef('d.scheduled_form_id', '=', 's.id')
          .where('d.state', '=', 'COMPLETED')
          .where('d.removed_at', 'is', null),
      ),
    )
    .execute();
}
