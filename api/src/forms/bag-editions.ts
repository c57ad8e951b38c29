import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The editions (`edition`) of the bag that the organization's form `formId` (`chosen`) belongs to,
 * deleted ones left out; nothing when the chosen form is deleted or another organization's.
 */
export function bagEditions(
  db: Kysely<Database>,
  { organizationId, formId }: { organizationId: number; formId: number },
) {
  return db
    .selectFrom('forms as edition')
    .innerJoin('forms as chosen', 'chosen.bag_id', 'edition.bag_id')
    .where('chosen.id', '=', formId)
    .where('chosen.organization_id', '=', organizationId)
    .where('chosen.status', '!=', 'DELETED')
    .where('edition.organization_id', '=', organizationId)
    .where('edition.status', '!=', 'DELETED');
}
