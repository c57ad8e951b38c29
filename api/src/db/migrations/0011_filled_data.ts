import { sql, type Kysely } from 'kysely';

/**
 * Filled forms (form data): one row per filling of a form edition by a person, its state (§4:
 * MISSED, SAVED draft, COMPLETED), the answers as given (jsonb, keyed by the template's field ids),
 * and the score computed at submit. `form_metadata` is the record a filling starts with
 * (`POST /api/form_metadata/`); a save may point at it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_metadata')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('form_id', 'integer', (col) => col.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('form_data')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    // The edition that was filled: its template gives the answers their meaning.
    .addColumn('form_id', 'integer', (col) => col.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scheduled_form_id', 'integer', (col) =>
      col.references('scheduled_forms.id').onDelete('set null'),
    )
    .addColumn('form_metadata_id', 'integer', (col) =>
      col.references('form_metadata.id').onDelete('set null'),
    )
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('MISSED', 'SAVED', 'COMPLETED')`))
    // `filledAnswers` of @formularze/domain/schemas/filled-data.ts: data, arrayData, noteData, fieldAlternativeAnswer.
    .addColumn('answers', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    // Field id → { color, text, weight } of each scored answer.
    .addColumn('item_scores', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('total_weight', 'double precision')
    .addColumn('color', 'text')
    .addColumn('text', 'text')
    .addColumn('editable_until', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .addCheckConstraint('form_data_completed_at', sql`(state = 'COMPLETED') = (completed_at is not null)`)
    .execute();
  // Answers of a form (counts, editions, results).
  await db.schema
    .createIndex('form_data_form_state_idx')
    .on('form_data')
    .columns(['form_id', 'state'])
    .where(sql<boolean>`removed_at is null`)
    .execute();
  // A person's own filled forms and drafts.
  await db.schema
    .createIndex('form_data_user_state_idx')
    .on('form_data')
    .columns(['user_id', 'state', 'created_at'])
    .where(sql<boolean>`removed_at is null`)
    .execute();
  await db.schema
    .createIndex('form_data_scheduled_form_idx')
    .on('form_data')
    .column('scheduled_form_id')
    .where(sql<boolean>`removed_at is null`)
    .execute();
}
