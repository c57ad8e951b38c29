import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The one record of global settings (id 1); it exists after the first save. */
const GLOBAL_CONFIG_ID = 1;

export async function findGlobalConfig(db: Kysely<Database>) {
  return db
    .selectFrom('config_global')
    .select('link_to_results_sharing_terms')
    .where('id', '=', GLOBAL_CONFIG_ID)
    .executeTakeFirst();
}

export async function saveGlobalConfig(
  db: Kysely<Database>,
  { linkToResultsSharingTerms }: { linkToResultsSharingTerms: string },
) {
  return db
    .insertInto('config_global')
    .values({ id: GLOBAL_CONFIG_ID, link_to_results_sharing_terms: linkToResultsSharingTerms })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        link_to_results_sharing_terms: linkToResultsSharingTerms,
        updated_at: sql`now()`,
      }),
    )
    .returning('link_to_results_sharing_terms')
    .executeTakeFirstOrThrow();
}
