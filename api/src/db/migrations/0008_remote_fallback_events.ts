import { sql, type Kysely } from 'kysely';

/**
 * Browsers report when a remote's active version failed to load and the shell fell back to its
 * last known good version, so the super-admin panel can show that a release is broken in the
 * field even though its manifest verified. The report comes from an unauthenticated page: the
 * remote and versions are checked by the route, the user agent is cut to a bounded length here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_fallback_events')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('remote', 'text', (col) => col.notNull())
    .addColumn('from_version', 'text', (col) => col.notNull())
    .addColumn('to_version', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.check(sql`char_length(user_agent) <= 500`))
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // The panel lists the latest; old events are pruned by date.
  await db.schema
    .createIndex('remote_fallback_events_occurred_at_idx')
    .on('remote_fallback_events')
    .column('occurred_at')
    .execute();
}
