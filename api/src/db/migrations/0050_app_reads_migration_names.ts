import { sql, type Kysely } from 'kysely';

/**
 * The runtime role may read which migrations ran (readiness: is this process's schema in place?);
 * changing them stays the owner's alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`grant select on kysely_migration to formularze_app`.execute(db);
}
