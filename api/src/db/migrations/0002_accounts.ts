import { sql, type Kysely } from 'kysely';

/** Organizations, every kind of user (patients, staff, super-admins) and their sessions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('enable_self_registration', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('enable_code_registration', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('org_code', 'text')
    .addColumn('enable_user_activation', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('editors_can_manage_forms', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('editors_can_manage_users', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'integer', (col) => col.references('organizations.id'))
    .addColumn('email', 'text', (col) => col.unique())
    .addColumn('phone', 'text', (col) => col.unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('authorities', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text')
    .addColumn('surname', 'text')
    .addColumn('activated', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Patients may sign up with a phone only, staff with an email only; nobody with neither.
    .addCheckConstraint('users_login_present', sql`email is not null or phone is not null`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('patient', 'employee', 'owner')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
}
