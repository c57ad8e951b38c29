import type { Kysely } from 'kysely';

/**
 * An upload may name itself with the client's `Idempotency-Key` (a UUID), as a save does (0060):
 * the row keeps the key, and a retry of an upload whose answer was lost finds that row instead of
 * storing the file again. Unique per organization, so two uploads with one key never both stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploaded_files').addColumn('idempotency_key', 'uuid').execute();
  await db.schema
    .createIndex('uploaded_files_idempotency_key_idx')
    .on('uploaded_files')
    .columns(['organization_id', 'idempotency_key'])
    .unique()
    .execute();
}
