import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The organization's forms, every edition, deleted ones left out. */
export function liveFormsOf(db: Kysely<Database>, organizationId: number) {
  return db
    .selectFrom('forms')
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'DELETED');
}
