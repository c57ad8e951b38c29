import type { Kysely } from 'kysely';

/**
 * A save of filled data may name itself with the client's `Idempotency-Key` (a UUID): the row it
 * stored keeps the key, and a retry of the save finds that row instead of storing another. Unique
 * per organization, so two saves with one key can never both be stored, even at the same moment.
 * The row's organization policy covers the column like the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_data').addColumn('idempotency_key', 'uuid').execute();
  await db.schema
    .createIndex('form_data_idempotency_key_idx')
    .on('form_data')
    .columns(['organization_id', 'idempotency_key'])
    .unique()
    .execute();
}
