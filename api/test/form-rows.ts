import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

export interface FormRow {
  organizationId: number;
  name: string;
  status?: 'ACTIVE' | 'DELETED';
  groupId?: number | null;
  /** An edition of the form of this bag (edition 2), instead of a form of its own. */
  bagId?: number;
  schedule?: string | null;
}

/**
 * A form stored as it is, without the form editor: an empty template, no rules, no drafting. For
 * the tests and benchmarks that need a form only for what refers to it (slots, fillings).
 */
export async function insertFormRow(
  db: Kysely<Database>,
  { organizationId, name, status = 'ACTIVE', groupId = null, bagId, schedule = null }: FormRow,
): Promise<number> {
  const { id } = await db
    .insertInto('forms')
    .values({
      organization_id: organizationId,
      group_id: groupId,
      ...(bagId === undefined ? {} : { bag_id: bagId, edition: 2 }),
      name,
      status,
      template: JSON.stringify({ type: 'FORM', children: [] }),
      rules: '[]',
      settings: JSON.stringify({ allowDrafting: false }),
      schedule,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
