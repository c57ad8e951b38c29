import type { Kysely } from 'kysely';
import type { PersonAddress } from '@formularze/domain/schemas/profile';
import type { Database } from '../db/schema';
import { runAsSystem } from '../db/tenant-scope';

export const EMPTY_ADDRESS: PersonAddress = {
  name: null,
  street: null,
  city: null,
  zipCode: null,
  post: null,
  phone: null,
};

export function findProfileRow(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'phone',
      'authorities',
      'first_name',
      'surname',
      'title',
      'description',
      'gender',
      'year_of_birth',
      'address',
      'hospital_identifier',
      'enable_profile_data_edition',
      'avatar_path',
      'preferred_channel',
      'enable_reminders',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
export type ProfileRow = Awaited<ReturnType<typeof findProfileRow>>;

/** Whether another (not removed) person already signs in with this email or phone. */
export async function loginTakenByOther(
  db: Kysely<Database>,
  userId: number,
  login: { email: string } | { phone: string },
): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('id', '!=', userId);
  query = 'email' in login ? query.where('email', '=', login.email) : query.where('phone', '=', login.phone);
  // Logins are platform-wide: whoever holds it, in any organization.
  return (await runAsSystem(() => query.executeTakeFirst())) !== undefined;
}

export interface ProfileChanges {
  email: string | null;
  phone: string | null;
  firstName: string | null;
  surname: string | null;
  title: string | null;
  description: string | null;
  gender: 'Female' | 'Male' | null;
  yearOfBirth: number | null;
  address: PersonAddress;
  preferredChannel: 'mail' | 'phone' | null;
  enableReminders: boolean;
  /** Undefined: the avatar stays as it is. */
  avatarPath?: string | null;
}

export async function updateProfile(db: Kysely<Database>, userId: number, changes: ProfileChanges) {
  await db
    .updateTable('users')
    .set({
      email: changes.email,
      phone: changes.phone,
      first_name: changes.firstName,
      surname: changes.surname,
      title: changes.title,
      description: changes.description,
      gender: changes.gender,
      year_of_birth: changes.yearOfBirth,
      address: JSON.stringify(changes.address),
      preferred_channel: changes.preferredChannel,
      enable_reminders: changes.enableReminders,
      ...(changes.avatarPath !== undefined && { avatar_path: changes.avatarPath }),
    })
    .where('id', '=', userId)
    .execute();
}
