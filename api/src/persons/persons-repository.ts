import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function markFirstLoginDone(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ first_login: false }).where('id', '=', userId).execute();
}
