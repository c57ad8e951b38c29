import { sql, type Kysely } from 'kysely';

/**
 * The first-login flag, and organizations' terms of service with who accepted which. Terms are
 * never deleted once in use, only marked removed; an acceptance is revoked, not deleted, so the
 * history of who accepted what stays. Future terms (active_since later than now) are accepted the
 * same way as current ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('first_login', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('terms')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    // The PDF, relative to the media folder: served at /org-media/files/<file_path>.
    .addColumn('file_path', 'text', (col) =>
      col.notNull().check(sql`file_path like 'terms/%' and file_path not like '%..%'`),
    )
    .addColumn('active_since', 'timestamptz', (col) => col.notNull())
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Two live terms of one organization never start at the same moment (the spec refuses it on
  // upload), so "the latest active_since not after now" is always one document.
  await db.schema
    .createIndex('terms_organization_active_since_key')
    .on('terms')
    .columns(['organization_id', 'active_since'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('terms_id', 'integer', (col) => col.notNull().references('terms.id'))
    .addColumn('accepted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // One live acceptance per person and document; accepting again after a revocation adds a row.
  await db.schema
    .createIndex('terms_acceptances_user_terms_key')
    .on('terms_acceptances')
    .columns(['user_id', 'terms_id'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('terms_acceptances_terms_id_idx')
    .on('terms_acceptances')
    .column('terms_id')
    .execute();
}
