import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What `GET /api/persons/my` shows of a person and their organization. */
export function findPerson(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .select([
      'u.id',
      'u.first_name',
      'u.surname',
      'u.email',
      'u.phone',
      'u.avatar_path',
      'u.first_login',
      'u.organization_id',
      'o.name as organization_name',
      'o.editors_can_manage_forms',
      'o.editors_can_manage_users',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function markFirstLoginDone(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ first_login: false }).where('id', '=', userId).execute();
}
