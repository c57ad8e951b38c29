import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` in a transaction in which the database refuses every write. It says so in its first
 * statement rather than through Kysely's `setAccessMode`, which the PGlite driver does not pass on.
 */
export function inReadOnlyTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    return work(trx);
  });
}
