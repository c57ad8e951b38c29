import { sql, type Kysely } from 'kysely';

/**
 * Submissions from a device's queue that the server refused (issue 30, ADR 622): one row per
 * queued submission (its idempotency key, unique per organization, so a retry records nothing
 * twice), with the refusal's code and Polish reason, the device's queueing time and the server's
 * receipt. An organization's rows, under the same row-level policy as its filled forms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refused_submissions')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('organization_id', 'integer', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('form_id', 'integer', (column) => column.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('scheduled_form_id', 'integer')
    .addColumn('form_data_id', 'integer')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'uuid', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('queued_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('refused_submissions_key_idx')
    .on('refused_submissions')
    .columns(['organization_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('refused_submissions_form_idx')
    .on('refused_submissions')
    .columns(['form_id', 'user_id'])
    .execute();

  const organization = sql`(select formularze_scope_organization(current_user))`;
  const system = sql`(select formularze_scope(current_user)) = 'system'`;
  await sql`alter table refused_submissions enable row level security`.execute(db);
  await sql`alter table refused_submissions force row level security`.execute(db);
  await sql`
    create policy tenant_isolation on refused_submissions
    using (organization_id = ${organization} or ${system})
  `.execute(db);
}
