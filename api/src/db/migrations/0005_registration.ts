import { sql, type Kysely } from 'kysely';

/**
 * Captcha solutions already spent: each ALTCHA challenge (by its signed nonce) buys one
 * registration. Rows are kept until the challenge expires (after that its signature check refuses
 * it anyway) and are then deleted. In the database, so several API processes share the memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captcha_solutions')
    .addColumn('challenge_id', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('captcha_solutions_expires_at_idx')
    .on('captcha_solutions')
    .column('expires_at')
    .execute();
}
