import { sql, type Kysely } from 'kysely';

/**
 * Project members (§2 "Person access dialog", §7 `/api/form_group/{id}/allowed_users`), and the
 * `form_access` view: who may fill each form and from when to when. A form is open to a person
 * assigned to it directly (`form_allowed_users`, with dates) and to every member of its live
 * project when the project gives its members all of its forms (`enable_all_form_access`), from the
 * day they joined, with no end. Everything deciding whether someone may fill a form reads the view,
 * so the project rule lives here only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_group_members')
    .addColumn('group_id', 'integer', (col) => col.notNull().references('form_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The calendar day (in the organization's zone) the person joined: their project access starts then.
    .addColumn('member_since', 'date', (col) => col.notNull())
    .addPrimaryKeyConstraint('form_group_members_pkey', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('form_group_members_user_idx')
    .on('form_group_members')
    .column('user_id')
    .execute();

  // Both kinds of access to one form become one row: the earliest start, and no end when either
  // has none. Project access starts no later than today, so the merge is exact from today on.
  await sql`
    create view form_access as
    select form_id, user_id,
      min(valid_since) as valid_since,
      case when bool_or(valid_to is null) then null else max(valid_to) end as valid_to,
      bool_or(direct) as direct,
      bool_or(not direct) as by_project
    from (
      select form_id, user_id, valid_since, valid_to, true as direct from form_allowed_users
      union all
      select f.id, m.user_id, m.member_since, null, false
      from form_group_members m
      join form_groups g on g.id = m.group_id and g.removed_at is null and g.enable_all_form_access
      join forms f on f.group_id = g.id
    ) as grants
    group by form_id, user_id
  `.execute(db);
}
