import { sql, type Kysely } from 'kysely';

/**
 * A remote taken from a developer's machine in one browser (remotes/dev-overrides.ts): the browser
 * holds the token in a cookie, and the grant ends with the super-admin session that made it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dev_remote_overrides')
    .addColumn('token_hash', 'text', (column) => column.notNull())
    .addColumn('remote', 'text', (column) => column.notNull())
    .addColumn('entry_url', 'text', (column) => column.notNull())
    .addColumn('session_token_hash', 'text', (column) =>
      column.notNull().references('sessions.token_hash').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('dev_remote_overrides_pkey', ['token_hash', 'remote'])
    .execute();
  await db.schema
    .createIndex('dev_remote_overrides_session')
    .on('dev_remote_overrides')
    .column('session_token_hash')
    .execute();
}
