import { sql, type Kysely } from 'kysely';

/**
 * What the background jobs (api/src/jobs) remember so that several API processes never repeat
 * their work:
 * - `scheduled_forms.settled_at`: a slot whose end has been dealt with (marked MISSED or found
 *   filled); a partial index keeps the job's scan to the slots still waiting.
 * - one MISSED form data per slot at most (a partial unique index).
 * - `slot_reminders`: a fill reminder sent for a slot at a moment (inserted with its message).
 * - `webhook_deliveries`: the "form data created" calls to an organization's webhook, with their
 *   retries; `organizations.webhook_secret` signs them (every organization has one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheduled_forms').addColumn('settled_at', 'timestamptz').execute();
  await db.schema
    .createIndex('scheduled_forms_unsettled_idx')
    .on('scheduled_forms')
    .column('ends_at')
    .where(sql<boolean>`settled_at is null`)
    .execute();

  await db.schema
    .createIndex('form_data_missed_once_idx')
    .on('form_data')
    .column('scheduled_form_id')
    .unique()
    .where(sql<boolean>`state = 'MISSED'`)
    .execute();

  await db.schema
    .createTable('slot_reminders')
    .addColumn('scheduled_form_id', 'integer', (col) =>
      col.notNull().references('scheduled_forms.id').onDelete('cascade'),
    )
    .addColumn('remind_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('slot_reminders_pkey', ['scheduled_form_id', 'remind_at'])
    .execute();

  // 256 random bits as 64 hex digits, made by the database for existing and new organizations.
  await db.schema
    .alterTable('organizations')
    .addColumn('webhook_secret', 'text', (col) =>
      col.notNull().defaultTo(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    )
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('event', 'text', (col) => col.notNull())
    // The JSON sent, fixed when the event happened: every attempt signs and sends the same bytes.
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // Null once delivered or given up; a claimed delivery is pushed ahead while it is being sent.
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where(sql<boolean>`next_attempt_at is not null`)
    .execute();
}
