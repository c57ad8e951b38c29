import type { Kysely } from 'kysely';
import { mediaUrl } from '@formularze/domain/schemas';
import {
  normalizePhone,
  PHONE_OR_MAIL_MESSAGE,
  PROFILE_ERROR_MESSAGES,
  type MyProfile,
  type PersonAddress,
  type UpdateMyProfileBody,
} from '@formularze/domain/schemas/profile';
import { isPatient } from '../accounts/effective-authorities';
import { normalizeEmail } from '../accounts/users-repository';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import {
  EMPTY_ADDRESS,
  findProfileRow,
  loginTakenByOther,
  updateProfile,
  type ProfileChanges,
  type ProfileRow,
} from './profile-repository';
import { isUniqueViolation } from '../db/unique-violation';

/** The patients' rule; ROLE_USER_NO_ACCEPTED_TERMS is still a patient. */
function isPatientRow(row: Pick<ProfileRow, 'authorities'>): boolean {
  return isPatient(row.authorities);
}

/** What a person's own profile and an organization's record of its member both show of them. */
export function personDetails(
  row: Pick<
    ProfileRow,
    | 'first_name'
    | 'surname'
    | 'email'
    | 'phone'
    | 'title'
    | 'description'
    | 'gender'
    | 'year_of_birth'
    | 'address'
    | 'hospital_identifier'
  >,
) {
  return {
    firstName: row.first_name,
    surname: row.surname,
    mail: row.email,
    phone: row.phone,
    title: row.title,
    description: row.description,
    gender: row.gender,
    yearOfBirth: row.year_of_birth,
    address: { ...EMPTY_ADDRESS, ...row.address } as PersonAddress,
    hospitalIdentifier: row.hospital_identifier,
  };
}

export function toMyProfile(row: ProfileRow): MyProfile {
  const patient = isPatientRow(row);
  return {
    id: row.id,
    username: row.email ?? row.phone,
    ...personDetails(row),
    enableProfileDataEdition: patient ? row.enable_profile_data_edition : true,
    avatarPath: row.avatar_path ? mediaUrl(row.avatar_path) : null,
    preferredChannel: row.preferred_channel,
    enableReminders: row.enable_reminders,
    isPatient: patient,
  };
}

/** Empty text is no value: one spelling of "not set". */
const orNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function normalizedAddress(address: PersonAddress): PersonAddress {
  return {
    name: orNull(address.name),
    street: orNull(address.street),
    city: orNull(address.city),
    zipCode: orNull(address.zipCode),
    post: orNull(address.post),
    phone: normalizePhone(address.phone),
  };
}

/** What the body asks for, normalised, with the rules of who may change what (specification §5, §6). */
function plannedChanges(row: ProfileRow, body: UpdateMyProfileBody): ProfileChanges {
  const patient = isPatientRow(row);
  const email = body.mail ? normalizeEmail(body.mail) : null;
  const phone = normalizePhone(body.phone);
  if (email === null && phone === null)
    throw new AppError(400, PHONE_OR_MAIL_MESSAGE, 'phone-or-mail-required');
  if (!patient && email !== row.email) {
    throw new AppError(403, 'Adres email może zmienić tylko pacjent.', 'email-change-forbidden');
  }
  // The channel must be one the person can be reached on (the page switches it the same way).
  let preferredChannel = body.preferredChannel;
  if (preferredChannel === 'mail' && !email) preferredChannel = 'phone';
  if (preferredChannel === 'phone' && !phone) preferredChannel = 'mail';
  return {
    email,
    phone,
    firstName: orNull(body.firstName),
    surname: orNull(body.surname),
    title: body.title === undefined ? row.title : orNull(body.title),
    description: body.description === undefined ? row.description : orNull(body.description),
    gender: body.gender,
    yearOfBirth: body.yearOfBirth,
    address: normalizedAddress(body.address),
    preferredChannel,
    enableReminders: body.enableReminders,
  };
}

const PERSONAL_DATA = [
  ['email', (row) => row.email],
  ['phone', (row) => row.phone],
  ['firstName', (row) => row.first_name],
  ['surname', (row) => row.surname],
  ['title', (row) => row.title],
  ['description', (row) => row.description],
  ['gender', (row) => row.gender],
  ['yearOfBirth', (row) => row.year_of_birth],
  ['address', (row) => JSON.stringify({ ...EMPTY_ADDRESS, ...row.address })],
] as const satisfies readonly (readonly [keyof ProfileChanges, (row: ProfileRow) => unknown])[];

/** The fields of `PERSONAL_DATA` the update would change. */
function changedPersonalData(row: ProfileRow, changes: ProfileChanges): string[] {
  return PERSONAL_DATA.filter(([field, stored]) => {
    const next = field === 'address' ? JSON.stringify(changes.address) : changes[field];
    return next !== stored(row);
  }).map(([field]) => field);
}

const notUnique = (code: keyof typeof PROFILE_ERROR_MESSAGES) =>
  new AppError(409, PROFILE_ERROR_MESSAGES[code] ?? code, code);

/**
 * Saves the signed-in person's profile. `avatarPath` undefined keeps the avatar. Returns the saved
 * profile and the avatar the update replaced (for the caller to delete its file).
 */
export async function saveMyProfile(
  db: Kysely<Database>,
  userId: number,
  body: UpdateMyProfileBody,
  avatarPath?: string | null,
): Promise<{ profile: MyProfile; replacedAvatar: string | null }> {
  const row = await findProfileRow(db, userId);
  const changes: ProfileChanges = { ...plannedChanges(row, body), avatarPath };
  if (isPatientRow(row) && !row.enable_profile_data_edition && changedPersonalData(row, changes).length) {
    throw new AppError(
      403,
      'Organizacja nie pozwala na zmianę Twoich danych osobowych.',
      'profile-data-edition-disabled',
    );
  }
  if (
    changes.email &&
    changes.email !== row.email &&
    (await loginTakenByOther(db, userId, { email: changes.email }))
  ) {
    throw notUnique('Email is not unique');
  }
  if (
    changes.phone &&
    changes.phone !== row.phone &&
    (await loginTakenByOther(db, userId, { phone: changes.phone }))
  ) {
    throw notUnique('Phone is not unique');
  }
  try {
    await updateProfile(db, userId, changes);
  } catch (error) {
    // Two saves racing for one login: the index decides.
    if (isUniqueViolation(error, 'users_email_key')) throw notUnique('Email is not unique');
    if (isUniqueViolation(error, 'users_phone_key')) throw notUnique('Phone is not unique');
    throw error;
  }
  const replacedAvatar = avatarPath !== undefined && row.avatar_path !== avatarPath ? row.avatar_path : null;
  return { profile: toMyProfile(await findProfileRow(db, userId)), replacedAvatar };
}
