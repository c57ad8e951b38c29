import { sql, type Kysely } from 'kysely';

/**
 * Row-level security as a second wall between organizations. The API runs as `formularze_app`
 * (not the owner, no superuser, no BYPASSRLS) and tells the database whose rows it may touch
 * through two settings of its connection (db/scoped-dialect.ts): `app.scope` (`tenant`,
 * `platform`, `system`, or anything else: nothing) and `app.organization_id`. Each setting is read
 * once per statement (a scalar subquery), not once per row.
 */
const SYSTEM = sql`(select current_setting('app.scope', true)) = 'system'`;
const ORGANIZATION = sql`(select nullif(current_setting('app.organization_id', true), '')::int)`;
/** A platform administrator without an organization sees the rows of no organization, and only those. */
const PLATFORM = sql`(select current_setting('app.scope', true)) = 'platform'`;

/** Tables holding an organization's rows in their own `organization_id`. */
export const OWN_ORGANIZATION = [
  'terms',
  'form_groups',
  'forms',
  'saved_fields',
  'form_data',
  'uploaded_files',
  'webhook_deliveries',
  'cart_items',
  'outbox',
] as const;

/**
 * Tables whose rows belong to the organization of a parent row. Reading needs the parent to be
 * visible (its own policy applies inside the EXISTS); writing needs every parent named to be.
 */
export const THROUGH_PARENTS: Record<string, { read: string[]; write: string[] }> = {
  sessions: { read: ['users'], write: ['users'] },
  api_keys: { read: ['users'], write: ['users'] },
  password_resets: { read: ['users'], write: ['users'] },
  terms_acceptances: { read: ['users'], write: ['users', 'terms'] },
  form_allowed_users: { read: ['forms'], write: ['forms', 'users'] },
  form_group_members: { read: ['form_groups'], write: ['form_groups', 'users'] },
  scheduled_forms: { read: ['forms'], write: ['forms', 'users'] },
  form_metadata: { read: ['forms'], write: ['forms', 'users'] },
  slot_reminders: { read: ['scheduled_forms'], write: ['scheduled_forms'] },
};

/** The column of a child table that points at each parent. */
const PARENT_KEYS: Record<string, string> = {
  users: 'user_id',
  terms: 'terms_id',
  forms: 'form_id',
  form_groups: 'group_id',
  scheduled_forms: 'scheduled_form_id',
};

export const parentsVisible = (table: string, parents: string[]) =>
  sql.join(
    parents.map(
      (parent) =>
        sql`exists (select 1 from ${sql.table(parent)} as parent where parent.id = ${sql.ref(`${table}.${PARENT_KEYS[parent]}`)})`,
    ),
    sql` and `,
  );

async function protect(db: Kysely<unknown>, table: string, using: ReturnType<typeof sql>, check = using) {
  await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
  // Also for the owner, should the owner not be a superuser (superusers always bypass it).
  await sql`alter table ${sql.table(table)} force row level security`.execute(db);
  await sql`
    create policy tenant_isolation on ${sql.table(table)} using (${using}) with check (${check})
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Roles belong to the whole server: another schema, or another process, may have made it.
  await sql`
    do $$ begin
      create role formularze_app nologin;
    exception when duplicate_object or unique_violation then null;
    end $$
  `.execute(db);
  // An owner that is not a superuser needs the membership to SET ROLE to it.
  await sql`
    do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user)
        and not pg_has_role(current_user, 'formularze_app', 'member') then
        execute 'grant formularze_app to ' || quote_ident(current_user);
      end if;
    end $$
  `.execute(db);
  await sql`
    do $$ begin
      execute format('grant usage on schema %I to formularze_app', current_schema());
      execute format(
        'grant select, insert, update, delete on all tables in schema %I to formularze_app', current_schema());
      execute format('grant usage, select, update on all sequences in schema %I to formularze_app', current_schema());
      execute format(
        'alter default privileges in schema %I grant select, insert, update, delete on tables to formularze_app',
        current_schema());
      execute format(
        'alter default privileges in schema %I grant usage, select, update on sequences to formularze_app',
        current_schema());
    end $$
  `.execute(db);
  // The migrations' own bookkeeping is the owner's alone.
  await sql`revoke all on kysely_migration, kysely_migration_lock from formularze_app`.execute(db);

  // An outbox message belongs to the organization whose request wrote it (none for the system's).
  await sql`
    alter table outbox add column organization_id integer references organizations(id) on delete cascade
      default nullif(current_setting('app.organization_id', true), '')::int
  `.execute(db);

  // The organization's own comparison first: a tenant's rows, the hot path, pass on it alone.
  for (const table of OWN_ORGANIZATION) {
    await protect(db, table, sql`organization_id = ${ORGANIZATION} or ${SYSTEM}`);
  }
  await protect(
    db,
    'users',
    sql`organization_id = ${ORGANIZATION} or ${SYSTEM} or (organization_id is null and ${PLATFORM})`,
  );
  // The system's check first here: it spares the lookup of the parent.
  for (const [table, { read, write }] of Object.entries(THROUGH_PARENTS)) {
    await protect(
      db,
      table,
      sql`${SYSTEM} or ${parentsVisible(table, read)}`,
      sql`${SYSTEM} or ${parentsVisible(table, write)}`,
    );
  }

  // A view reads its tables as its owner unless told otherwise: as the caller, it is filtered too.
  await sql`alter view form_access set (security_invoker = true)`.execute(db);
}
