import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the results tables (api/src/results): pages of one form edition's fillings sorted by
 * when they were sent or by points, the latest filling per person and form edition, and the count
 * of a person's fillings of a form. Drafts never appear in results, so they are left out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const shown = sql<boolean>`removed_at is null and state <> 'SAVED'`;
  await db.schema
    .createIndex('form_data_results_completed_idx')
    .on('form_data')
    .expression(sql`form_id, completed_at desc nulls last, id desc`)
    .where(shown)
    .execute();
  await db.schema
    .createIndex('form_data_results_weight_idx')
    .on('form_data')
    .expression(sql`form_id, total_weight desc nulls last, id desc`)
    .where(shown)
    .execute();
  // The latest filling per person and form edition: DISTINCT ON over this order, read from the
  // index alone (the included columns are what that pass computes and sorts by).
  await sql`
    create index form_data_results_latest_idx on form_data
      (organization_id, form_id, user_id, coalesce(completed_at, created_at) desc, id desc)
      include (state, total_weight, completed_at, created_at)
      where removed_at is null and state <> 'SAVED'
  `.execute(db);
  await db.schema
    .createIndex('form_data_results_sent_count_idx')
    .on('form_data')
    .columns(['form_id', 'user_id'])
    .where(sql<boolean>`removed_at is null and state = 'COMPLETED'`)
    .execute();
}
