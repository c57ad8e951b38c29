import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ADD_DUPLICATE_MESSAGES,
  DUPLICATE_FLAGS,
  EDIT_DUPLICATE_MESSAGES,
  HOSPITAL_IDENTIFIER_EMPTY_MESSAGE,
  assignableRoles,
  mayManageMember,
  memberRoleOf,
  personContactIssue,
  type AcceptedTerms,
  type AddPersonBody,
  type DuplicateFlag,
  type Member,
  type MemberRole,
  type PersonConflict,
  type UpdatePersonBody,
} from '@formularze/domain/schemas/members';
import { normalizePhone } from '@formularze/domain/schemas/profile';
import { normalizeEmail } from '../accounts/users-repository';
import { hashPassword } from '../accounts/passwords';
import type { SignedInPerson } from '../auth/session-guard';
import type { Database } from '../db/schema';
import { errorBody } from '../core/http/error-handler';
import { AppError } from '../core/errors';
import { EMPTY_ADDRESS } from '../persons/profile-repository';
import { personDetails } from '../persons/profile-service';
import { isUniqueViolation } from '../db/unique-violation';
import { termsLink } from '../terms/terms-routes';
import {
  identifierHolders,
  type Identifiers,
  type MemberData,
  type MemberRow,
  type liveAcceptances,
} from './members-repository';

/** A 409 naming every identifier someone else already has (`personConflict` of @formularze/domain). */
export class PersonConflictError extends Error {
  readonly body: PersonConflict;

  constructor(duplicates: DuplicateFlag[], messages: Record<DuplicateFlag, string>) {
    const [first] = duplicates as [DuplicateFlag, ...DuplicateFlag[]];
    super(messages[first]);
    this.body = { ...errorBody(409, messages[first]), code: first, duplicates };
  }
}

export const memberNotFound = () => new AppError(404, 'Nie znaleziono użytkownika', 'not-found');
const ownerProtected = () =>
  new AppError(403, 'Tylko administrator może zmieniać dane administratora.', 'owner-protected');

const has = (caller: SignedInPerson) => (key: Parameters<SignedInPerson['permissions']['has']>[0]) =>
  caller.permissions.has(key);

/** 403 when the caller may not act on this member (an editor on an owner). */
export function checkMayManage(caller: SignedInPerson, target: Pick<MemberRow, 'authorities'>): void {
  if (!mayManageMember(has(caller), target.authorities)) throw ownerProtected();
}

export function toMember(row: MemberRow): Member {
  const owner = memberRoleOf(row.authorities) === 'ROLE_OWNER';
  return {
    id: row.id,
    ...personDetails(row),
    enableProfileDataEdition: owner || row.enable_profile_data_edition,
    createdAt: row.created_at.toISOString(),
    user: {
      id: row.id,
      username: row.email ?? row.phone,
      email: row.email,
      phone: row.phone,
      authorities: row.authorities,
      activated: row.activated,
      removedAt: row.removed_at?.toISOString() ?? null,
    },
  };
}

type AcceptanceRow = Awaited<ReturnType<typeof liveAcceptances>>[number];

export function toAcceptedTerms(row: AcceptanceRow): AcceptedTerms {
  return {
    terms: {
      id: row.id,
      name: row.name,
      link: termsLink(row.file_path),
      activeSince: row.active_since.toISOString(),
      removedAt: row.removed_at?.toISOString() ?? null,
    },
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/** The body's identifiers as stored: lower-cased email, international phone. */
export function normalizedIdentifiers(body: {
  mail?: string | null;
  email?: string | null;
  phone?: string | null;
  hospitalIdentifier?: string | null;
}): Required<Identifiers> {
  const email = body.mail ?? body.email;
  return {
    email: email?.trim() ? normalizeEmail(email) : null,
    phone: normalizePhone(body.phone),
    hospitalIdentifier: body.hospitalIdentifier?.trim() || null,
  };
}

/** Which of `wanted` the holders found by `identifierHolders` already use, in the flags' order. */
export function duplicateFlags(
  wanted: Identifiers,
  holders: Pick<MemberRow, 'email' | 'phone' | 'hospital_identifier'>[],
): DuplicateFlag[] {
  const taken: Record<DuplicateFlag, boolean> = {
    'phone-exists': Boolean(wanted.phone) && holders.some((holder) => holder.phone === wanted.phone),
    'email-exists': Boolean(wanted.email) && holders.some((holder) => holder.email === wanted.email),
    'hospital-identifier-exists':
      Boolean(wanted.hospitalIdentifier) &&
      holders.some((holder) => holder.hospital_identifier === wanted.hospitalIdentifier),
  };
  return DUPLICATE_FLAGS.filter((flag) => taken[flag]);
}

const UNIQUE_INDEX_FLAGS: [string, DuplicateFlag][] = [
  ['users_phone_key', 'phone-exists'],
  ['users_email_key', 'email-exists'],
  ['users_organization_hospital_identifier_key', 'hospital-identifier-exists'],
];

/** Two saves racing past the check for one identifier: the unique index decides, with the same 409. */
function raceConflict(error: unknown, messages: Record<DuplicateFlag, string>): unknown {
  const hit = UNIQUE_INDEX_FLAGS.find(([index]) => isUniqueViolation(error, index));
  return hit ? new PersonConflictError([hit[1]], messages) : error;
}

async function checkDuplicates(
  db: Kysely<Database>,
  organizationId: number,
  identifiers: Identifiers,
  messages: Record<DuplicateFlag, string>,
  exceptUserId?: number,
): Promise<void> {
  const holders = await identifierHolders(db, organizationId, identifiers, exceptUserId);
  const duplicates = duplicateFlags(identifiers, holders);
  if (duplicates.length) throw new PersonConflictError(duplicates, messages);
}

function checkContact(role: MemberRole, body: UpdatePersonBody): void {
  const issue = personContactIssue(role, body);
  if (issue) throw new AppError(400, issue.message, 'person-data-invalid');
}

const dataEditionForbidden = () =>
  new AppError(
    403,
    'Tylko administrator może zmienić możliwość edycji danych przez użytkownika.',
    'profile-data-edition-forbidden',
  );

/**
 * The stored `enable_profile_data_edition`: always on for owners; only a caller with
 * `admin:setAdminRole` may set it, anyone else keeps `current`.
 */
function dataEdition(
  caller: SignedInPerson,
  role: MemberRole,
  requested: boolean | undefined,
  current: boolean,
) {
  if (requested !== undefined && requested !== current && !caller.permissions.has('admin:setAdminRole')) {
    throw dataEditionForbidden();
  }
  return role === 'ROLE_OWNER' || (requested ?? current);
}

function memberData(
  body: UpdatePersonBody,
  identifiers: Required<Identifiers>,
  enableProfileDataEdition: boolean,
): MemberData {
  const orNull = (value: string | null | undefined) => value?.trim() || null;
  return {
    firstName: orNull(body.firstName),
    surname: orNull(body.surname),
    email: identifiers.email,
    phone: identifiers.phone,
    hospitalIdentifier: identifiers.hospitalIdentifier,
    title: orNull(body.title),
    description: orNull(body.description),
    gender: body.gender ?? null,
    address: {
      ...EMPTY_ADDRESS,
      ...Object.fromEntries(Object.entries(body.address ?? {}).map(([key, value]) => [key, orNull(value)])),
      phone: normalizePhone(body.address?.phone),
    },
    enableProfileDataEdition,
  };
}

/**
 * Checks a new member of the caller's organization and returns what to insert: the role must be
 * one the caller may give, the contact data complete, no identifier taken. The password is a
 * random one nobody knows: the member sets their own through the welcome message.
 */
export async function plannedNewMember(
  db: Kysely<Database>,
  caller: SignedInPerson & { organizationId: number },
  body: AddPersonBody,
): Promise<MemberData & { role: MemberRole; passwordHash: string }> {
  if (!assignableRoles(has(caller)).includes(body.role)) {
    throw new AppError(403, 'Nie możesz nadać tej roli.', 'role-forbidden');
  }
  checkContact(body.role, body);
  const identifiers = normalizedIdentifiers(body);
  await checkDuplicates(db, caller.organizationId, identifiers, ADD_DUPLICATE_MESSAGES);
  return {
    ...memberData(body, identifiers, dataEdition(caller, body.role, body.enableProfileDataEdition, true)),
    role: body.role,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
  };
}

/** Checks an edit of `target` and returns what to store. */
export async function plannedMemberUpdate(
  db: Kysely<Database>,
  caller: SignedInPerson & { organizationId: number },
  target: MemberRow,
  body: UpdatePersonBody,
): Promise<MemberData> {
  checkMayManage(caller, target);
  const role = memberRoleOf(target.authorities);
  checkContact(role, body);
  const identifiers = normalizedIdentifiers(body);
  if (target.hospital_identifier && !identifiers.hospitalIdentifier) {
    throw new AppError(400, HOSPITAL_IDENTIFIER_EMPTY_MESSAGE, 'hospital-identifier-empty');
  }
  await checkDuplicates(db, caller.organizationId, identifiers, EDIT_DUPLICATE_MESSAGES, target.id);
  return memberData(
    body,
    identifiers,
    dataEdition(caller, role, body.enableProfileDataEdition, target.enable_profile_data_edition),
  );
}

/** Runs a write that the unique indexes may refuse, turning their refusal into the 409 of a duplicate. */
export async function withDuplicateGuard<T>(
  messages: Record<DuplicateFlag, string>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw raceConflict(error, messages);
  }
}
