import { sql, type Kysely } from 'kysely';

/**
 * Reminders staff send from an adherence grid (ADR 309): who reminded which patient, when, by
 * which channel, about which forms. At most one a patient a day: the unique index on the
 * patient and the Polish calendar day is the rate limit, so two staff members (or two processes)
 * reminding the same patient at once queue one message. An organization's rows, under the same
 * row-level policy as its filled forms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('adherence_reminders')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('organization_id', 'integer', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('sent_on', 'date', (column) => column.notNull())
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull())
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('bag_ids', sql`integer[]`, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('adherence_reminders_day_idx')
    .on('adherence_reminders')
    .columns(['organization_id', 'user_id', 'sent_on'])
    .unique()
    .execute();

  const organization = sql`(select formularze_scope_organization(current_user))`;
  const system = sql`(select formularze_scope(current_user)) = 'system'`;
  await sql`alter table adherence_reminders enable row level security`.execute(db);
  await sql`alter table adherence_reminders force row level security`.execute(db);
  await sql`
    create policy tenant_isolation on adherence_reminders
    using (organization_id = ${organization} or ${system})
  `.execute(db);
}
