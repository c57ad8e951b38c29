import { sql, type Kysely } from 'kysely';

/**
 * Files attached to the answers of FILE and SIGN fields. A file is uploaded on its own first (it
 * then belongs to its uploader only) and is attached to a filled form when the form is saved
 * naming it; `position` keeps the order the save listed a field's files in. The bytes live on disk
 * under `storage_key`; `extension` is what the content was recognised as (null: none of the listed
 * types), which decides the field types the file fits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploaded_files')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('organization_id', 'integer', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('uploaded_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('extension', 'text')
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('form_data_id', 'integer', (col) => col.references('form_data.id').onDelete('cascade'))
    .addColumn('field_id', 'text')
    .addColumn('position', 'integer')
    .addCheckConstraint(
      'uploaded_files_attached',
      sql`(form_data_id is null) = (field_id is null) and (form_data_id is null) = (position is null)`,
    )
    .execute();
  // The files of a filled form, in order.
  await db.schema
    .createIndex('uploaded_files_form_data_idx')
    .on('uploaded_files')
    .columns(['form_data_id', 'field_id', 'position'])
    .where(sql<boolean>`form_data_id is not null`)
    .execute();
  // Uploads never attached, swept after a day.
  await db.schema
    .createIndex('uploaded_files_unattached_idx')
    .on('uploaded_files')
    .column('created_at')
    .where(sql<boolean>`form_data_id is null`)
    .execute();
}
