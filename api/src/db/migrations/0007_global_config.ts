import { sql, type Kysely } from 'kysely';

/**
 * The platform's global settings (`/settings`): at most one record, id 1, written by the first
 * save (until then every setting reads as unset).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('config_global')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('link_to_results_sharing_terms', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
