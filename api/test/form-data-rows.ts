import type { FilledFormState, ItemScore } from '@formularze/domain/schemas/filled-data';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

export interface FillingRow {
  organizationId: number;
  formId: number;
  userId: number;
  /** When it was started, and sent if it is completed. */
  at: string;
  state?: FilledFormState;
  totalWeight?: number | null;
  data?: Record<string, string | number | boolean | null>;
  arrayData?: Record<string, string[]>;
  itemScores?: Record<string, ItemScore>;
  color?: string | null;
}

/**
 * A filling stored as the filling page would leave it; only a completed one carries its score, its
 * colour and the alert text that comes with a colour.
 */
export async function insertFilling(
  db: Kysely<Database>,
  {
    organizationId,
    formId,
    userId,
    at,
    state = 'COMPLETED',
    totalWeight = null,
    data = {},
    arrayData = {},
    itemScores = {},
    color = null,
  }: FillingRow,
): Promise<number> {
  const { id } = await db
    .insertInto('form_data')
    .values({
      organization_id: organizationId,
      form_id: formId,
      user_id: userId,
      state,
      answers: JSON.stringify({ data, arrayData, noteData: {}, fieldAlternativeAnswer: {} }),
      item_scores: JSON.stringify(itemScores),
      total_weight: state === 'COMPLETED' ? totalWeight : null,
      color: state === 'COMPLETED' ? color : null,
      text: state === 'COMPLETED' && color ? 'Pilny kontakt' : null,
      completed_at: state === 'COMPLETED' ? new Date(at) : null,
      created_at: new Date(at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
