import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import type { TenantWorld } from './tenant-fixture';

/**
 * A's rows that no outsider may change: everything of the organization except what its unassigned
 * patient legitimately writes for themselves (their own account and cart).
 */
export async function snapshotOfTenant(db: Kysely<Database>, { a }: TenantWorld) {
  const organization = a.organization;
  const ofA = <
    T extends 'forms' | 'form_groups' | 'form_data' | 'uploaded_files' | 'terms' | 'saved_fields' | 'outbox',
  >(
    table: T,
  ) =>
    db
      .selectFrom(table as 'forms')
      .selectAll()
      .where('organization_id', '=', organization)
      .orderBy('id')
      .execute();
  return {
    organization: await db.selectFrom('organizations').selectAll().where('id', '=', organization).execute(),
    users: await db
      .selectFrom('users')
      .selectAll()
      .where('organization_id', '=', organization)
      .where('id', '!=', a.unassignedPatientId)
      .orderBy('id')
      .execute(),
    forms: await ofA('forms'),
    projects: await ofA('form_groups'),
    filledData: await ofA('form_data'),
    files: await ofA('uploaded_files'),
    terms: await ofA('terms'),
    savedFields: await ofA('saved_fields'),
    outbox: await ofA('outbox'),
    allowedUsers: await db
      .selectFrom('form_allowed_users')
      .selectAll()
      .where('form_id', 'in', a.form)
      .orderBy('form_id')
      .orderBy('user_id')
      .execute(),
    projectMembers: await db
      .selectFrom('form_group_members')
      .selectAll()
      .where('group_id', '=', a.project)
      .orderBy('user_id')
      .execute(),
    slots: await db
      .selectFrom('scheduled_forms')
      .selectAll()
      .where('form_id', 'in', a.form)
      .orderBy('id')
      .execute(),
    cartItem: await db.selectFrom('cart_items').selectAll().where('id', '=', a.cartItem).execute(),
    apiKey: await db.selectFrom('api_keys').selectAll().where('id', '=', a.apiKey).execute(),
  };
}
