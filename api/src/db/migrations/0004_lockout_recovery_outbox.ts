import { sql, type Kysely } from 'kysely';

/**
 * Login lockout counters, password-reset tokens and the outbox of messages to users.
 *
 * - `login_throttles`: failed logins per subject (`user:<id>` for an account, `login:<email|phone>`
 *   for a login nobody has, so both behave alike and the answers do not reveal which exist).
 * - `password_resets`: SHA-256 of each reset token (the token itself only travels in the link),
 *   single use (`used_at`), expiring.
 * - `outbox`: every mail or SMS to a user is written here in the request's transaction and sent
 *   by the delivery worker, so a failing mail server never fails the request and a message is
 *   never lost or sent twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    .addColumn('subject', 'text', (col) => col.primaryKey())
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz')
    .addColumn('blocked_until', 'timestamptz')
    // How many blocks in a row: each one lasts longer; forgotten after a success or a quiet day.
    .addColumn('block_level', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The door the link leads back to: /login (user) or /login-employee (employee).
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('user', 'employee')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('password_resets_user_id_idx')
    .on('password_resets')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('mail', 'sms')`))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    // When the worker may try next; null once it gave up (or had no way to send, e.g. SMS).
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.defaultTo(sql`now()`))
    .execute();
  // The worker's one query: pending messages that are due.
  await db.schema
    .createIndex('outbox_pending_idx')
    .on('outbox')
    .column('next_attempt_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}
