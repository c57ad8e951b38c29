import { sql, type Kysely } from 'kysely';

/**
 * Forms and what hangs on them: projects (form groups, minimal until the projects work extends
 * them), forms with their editions, who may fill a form and when, the slots of scheduled forms, and
 * the dictionaries an organization keeps for reuse.
 *
 * Every edition of a form is its own row; the editions of one form share `bag_id` and are numbered
 * by `edition`. Only the newest edition of a bag has a live status, the older ones are
 * PREVIOUS_VERSION, so the list query needs no "latest per bag" step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_groups')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('form_groups_organization_id_idx')
    .on('form_groups')
    .column('organization_id')
    .execute();

  // A bag is only a number shared by the editions of one form.
  await sql`create sequence form_bag_ids as integer`.execute(db);
  await db.schema
    .createTable('forms')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('bag_id', 'integer', (col) => col.notNull().defaultTo(sql`nextval('form_bag_ids')`))
    .addColumn('edition', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`edition > 0`),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('DRAFT')
        .check(
          sql`status in ('DRAFT', 'ACTIVE', 'PAUSED', 'SENT', 'ARCHIVE', 'DELETED', 'PREVIOUS_VERSION')`,
        ),
    )
    // The FORM → ROW → field tree (@formularze/domain/schemas/form-template.ts `formLayout`).
    .addColumn('template', 'jsonb', (col) => col.notNull())
    // Form rules (`formRule[]`).
    .addColumn('rules', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    // Messages, reminders, drafts, default assignment duration (forms-repository `FormSettings`).
    .addColumn('settings', 'jsonb', (col) => col.notNull())
    .addColumn('schedule', 'jsonb')
    .addColumn('group_id', 'integer', (col) => col.references('form_groups.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .addUniqueConstraint('forms_bag_edition_key', ['bag_id', 'edition'])
    .execute();
  // The organization's form list (current editions, not deleted), sorted by name by default.
  await db.schema
    .createIndex('forms_organization_listed_idx')
    .on('forms')
    .columns(['organization_id', 'name', 'id'])
    .where(sql<boolean>`status not in ('DELETED', 'PREVIOUS_VERSION')`)
    .execute();
  await db.schema.createIndex('forms_group_id_idx').on('forms').column('group_id').execute();

  await db.schema
    .createTable('form_allowed_users')
    .addColumn('form_id', 'integer', (col) => col.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Calendar days, both inclusive; no end: open-ended.
    .addColumn('valid_since', 'date', (col) => col.notNull())
    .addColumn('valid_to', 'date', (col) => col.check(sql`valid_to >= valid_since`))
    .addPrimaryKeyConstraint('form_allowed_users_pkey', ['form_id', 'user_id'])
    .execute();
  // "My forms": a person's assignments.
  await db.schema
    .createIndex('form_allowed_users_user_id_idx')
    .on('form_allowed_users')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('scheduled_forms')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('form_id', 'integer', (col) => col.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull().check(sql`ends_at >= starts_at`))
    // From the schedule's period: how long after a save the answers stay editable.
    .addColumn('edit_minutes_after_save', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Activating again (after a pause) adds only the slots that are missing.
    .addUniqueConstraint('scheduled_forms_form_user_start_key', ['form_id', 'user_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('scheduled_forms_user_starts_at_idx')
    .on('scheduled_forms')
    .columns(['user_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('saved_fields')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('label', 'text', (col) => col.notNull())
    // `dictionary` of @formularze/domain/schemas/form-template.ts.
    .addColumn('dictionary', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Saving a dictionary under a label the organization already has replaces it.
    .addUniqueConstraint('saved_fields_organization_label_key', ['organization_id', 'label'])
    .execute();
}
