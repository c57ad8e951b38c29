import type { Kysely } from 'kysely';

/**
 * Projects (form groups) get the rest of their fields (§3 "Project (form group)"): an internal
 * description, the SMS sender phone and the welcome messages sent to people added to the project,
 * and whether membership gives access to all of the project's forms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('form_groups')
    .addColumn('internal_description', 'text')
    .addColumn('sms_phone', 'text')
    .addColumn('welcome_sms_message', 'text')
    .addColumn('welcome_email_message', 'text')
    .addColumn('enable_all_form_access', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}
