import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { runAsSystem } from './tenant-scope';

/**
 * Brings the schema up to date; safe to call on every start (applied migrations are skipped).
 * Give it the owner's database (`openDatabases().owner`): the runtime role may not change the schema.
 */
export function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return runAsSystem(async () => {
    // Named, so that another schema's bookkeeping on the same server is never taken for this one's.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      migrationTableSchema: rows[0]!.schema,
      // Numbers are handed out in ranges, so a migration may arrive after a higher-numbered one has
      // run (0020 after 0030): it still runs, once, instead of the server refusing to start.
      allowUnorderedMigrations: true,
    });
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw error;
    return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
  });
}
