import type { Kysely } from 'kysely';

/**
 * Whether an outbox body is encrypted (outbox/sealed-bodies.ts). A flag rather than a marker in
 * the text: a body an owner wrote may begin with anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('sealed', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
}
