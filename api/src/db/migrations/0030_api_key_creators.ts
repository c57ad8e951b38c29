import { sql, type Kysely } from 'kysely';

/**
 * Who created each API key: the list names them and shows the key itself to them alone. Keys
 * created so far were all created by their owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('created_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .execute();
  await sql`update api_keys set created_by = user_id`.execute(db);
}
