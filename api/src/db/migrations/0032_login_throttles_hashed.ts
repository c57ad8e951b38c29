import { sql, type Kysely } from 'kysely';

/**
 * Unknown logins are now counted under a keyed hash (auth/lockout.ts), not their text: the rows
 * that still name what someone typed go. They held at most a day's blocks of logins nobody has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from login_throttles where subject like 'login:%'`.execute(db);
}
