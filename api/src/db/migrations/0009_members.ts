import { sql, type Kysely } from 'kysely';

/**
 * Removing a member keeps their row (filled data points at it) but frees what would stop the
 * organization from adding the same person again: the email and phone are global logins with
 * unique constraints that every sign-in, registration and profile check reads, so they move to
 * `removed_email` / `removed_phone`; the hospital identifier stays on the row and its per-organization
 * index ignores removed members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('removed_email', 'text')
    .addColumn('removed_phone', 'text')
    .execute();
  await db.schema.alterTable('users').dropConstraint('users_login_present').execute();
  await db.schema
    .alterTable('users')
    .addCheckConstraint(
      'users_login_present',
      sql`removed_at is not null or email is not null or phone is not null`,
    )
    .execute();

  await db.schema.dropIndex('users_organization_hospital_identifier_key').execute();
  await db.schema
    .createIndex('users_organization_hospital_identifier_key')
    .on('users')
    .columns(['organization_id', 'hospital_identifier'])
    .unique()
    .where(sql.ref('hospital_identifier'), 'is not', null)
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
  // The members list filters by organization and leaves removed members out.
  await db.schema
    .createIndex('users_organization_members_idx')
    .on('users')
    .column('organization_id')
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
}
