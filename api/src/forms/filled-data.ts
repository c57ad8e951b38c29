import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Everything the forms area asks about filled data, in one place. Filled data (`form_data`) is the
 * filling area's and does not exist yet, so today no form has any: these answer "none" and the
 * filling work replaces their bodies with queries on its table. Nothing else in `forms/` looks at
 * filled data.
 */

/**
 * Whether editing the form must keep its current edition intact (a new edition in the same bag)
 * because answers were given to it.
 */
export async function formHasData(_db: Kysely<Database>, _formId: number): Promise<boolean> {
  return false;
}

/** The number of filled forms of the form whose id is `_formId` (the list's "answers" column). */
export function filledFormCount(_formId: Expression<number>) {
  return sql<number>`0`;
}

/** Whether the person filled the form whose id is `_formId` (`all-my-filled-unique-bags`). */
export function filledBy(_userId: number, _formId: Expression<number>): Expression<SqlBool> {
  return sql<SqlBool>`false`;
}
