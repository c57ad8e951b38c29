import * as z from 'zod/mini';
import { REQUIRED_MESSAGE } from './auth';
import { pagedResponse } from './paging';
import type { PermissionKey } from './permissions';
import { termsDocument } from './persons';
import {
  addressBody,
  addressFormValues,
  blankToNull,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_TOO_LONG_MESSAGE,
  emailIssue,
  normalizePhone,
  PERSON_DATA_FIELDS,
  personAddress,
  personGender,
  PHONE_OR_MAIL_MESSAGE,
  PROFILE_FORMAT_MESSAGE,
  profileFormValues,
  updateMyProfileBody,
  type PersonAddress,
} from './profile';

/**
 * Members of an organization (`/persons`, `/persons/{personId}`, `/person/add`): the paged lists
 * `GET /api/v2/persons` and `/with_terms`, one person, adding, editing, activating, removing,
 * password reset, the welcome message and the duplicate lookup. The rules below run in the person
 * form and again in the API.
 */

export const MEMBER_ROLES = ['ROLE_OWNER', 'ROLE_EDITOR', 'ROLE_USER'] as const;
export const memberRole = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof memberRole>;
export const ROLE_LABELS: Record<MemberRole, string> = {
  ROLE_OWNER: 'Administrator',
  ROLE_EDITOR: 'Lekarz',
  ROLE_USER: 'Pacjent',
};

/** The role a member is shown with: the strongest one in `user.authorities`. */
export function memberRoleOf(authorities: string): MemberRole {
  const roles = authorities.split(',').map((part) => part.trim());
  return MEMBER_ROLES.find((role) => roles.includes(role)) ?? 'ROLE_USER';
}

/**
 * The roles a user may give a new member (§5: owner and editor options only for permitted users):
 * administrators only with `admin:setAdminRole`, doctors with `editor:editPerson` (owners, and
 * editors while the organization lets them manage users), patients always.
 */
export function assignableRoles(has: (key: PermissionKey) => boolean): MemberRole[] {
  return MEMBER_ROLES.filter(
    (role) =>
      role === 'ROLE_USER' ||
      (role === 'ROLE_EDITOR' && has('editor:editPerson')) ||
      (role === 'ROLE_OWNER' && has('admin:setAdminRole')),
  );
}

/** Only those who may appoint administrators manage them (an editor never touches an owner). */
export function mayManageMember(has: (key: PermissionKey) => boolean, authorities: string): boolean {
  return memberRoleOf(authorities) !== 'ROLE_OWNER' || has('admin:setAdminRole');
}

// --- Paged list -------------------------------------------------------------------------------

export const MEMBERS_PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_MEMBERS_PAGE_SIZE = 5;
export const MEMBERS_SORT_KEYS = ['user.authorities', 'createdAt', 'surname', 'firstName', 'mail'] as const;
export type MembersSortKey = (typeof MEMBERS_SORT_KEYS)[number];
/** Administrators, then doctors, then patients; the newest first within a role. */
export const DEFAULT_MEMBERS_SORT = 'user.authorities,-createdAt';
/** How long the name filter waits for the user to stop typing (§9). */
export const NAME_FILTER_DEBOUNCE_MS = 1500;

export interface MembersSort {
  key: MembersSortKey;
  descending: boolean;
}

/** `user.authorities,-createdAt` → its keys; null when any part is not a sortable key. */
export function parseMembersSort(sortBy: string): MembersSort[] | null {
  const parts = sortBy.split(',').map((part) => part.trim());
  const sorts = parts.map((part) => {
    const descending = part.startsWith('-');
    const key = descending ? part.slice(1) : part;
    return (MEMBERS_SORT_KEYS as readonly string[]).includes(key)
      ? { key: key as MembersSortKey, descending }
      : null;
  });
  return sorts.every((sort) => sort !== null) ? sorts : null;
}

/**
 * The query of both lists. `page` counts from 0 (as every paged list of the product); the page
 * shows it from 1.
 */
export const membersQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
  pageSize: z._default(
    z.coerce
      .number()
      .check(
        z.refine(
          (size) => (MEMBERS_PAGE_SIZES as readonly number[]).includes(size),
          `Dozwolone rozmiary strony: ${MEMBERS_PAGE_SIZES.join(', ')}.`,
        ),
      ),
    DEFAULT_MEMBERS_PAGE_SIZE,
  ),
  sortBy: z._default(
    z.string().check(
      z.maxLength(200),
      z.refine((sortBy) => parseMembersSort(sortBy) !== null, {
        message: `Sortowanie tylko według: ${MEMBERS_SORT_KEYS.join(', ')}.`,
      }),
    ),
    DEFAULT_MEMBERS_SORT,
  ),
  filterRole: z.optional(memberRole),
  /** Part of the first name, surname, email, phone or hospital identifier, in any letter case. */
  filterProperty: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type MembersQuery = z.input<typeof membersQuery>;
/** `GET /api/persons`: the same filters and sort as the lists, every member at once. */
export const allMembersQuery = z.omit(membersQuery, { page: true, pageSize: true });

export const acceptedTerms = z.object({ terms: termsDocument, revokedAt: z.nullable(z.string()) });
export type AcceptedTerms = z.infer<typeof acceptedTerms>;

/** A member as the list and the edit page show them (specification §3, Person). */
export const member = z.object({
  id: z.number(),
  ...PERSON_DATA_FIELDS,
  createdAt: z.string(),
  user: z.object({
    id: z.number(),
    username: z.nullable(z.string()),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    authorities: z.string(),
    activated: z.boolean(),
    removedAt: z.nullable(z.string()),
  }),
});
export type Member = z.infer<typeof member>;

/** The owners' list: whether each accepted the current terms, and their live acceptances. */
export const memberWithTerms = z.extend(member, {
  currentTermsAccepted: z.boolean(),
  acceptedTerms: z.array(acceptedTerms),
});
export type MemberWithTerms = z.infer<typeof memberWithTerms>;

export const membersPage = pagedResponse(member);
export type MembersPage = z.infer<typeof membersPage>;
/** `GET /api/persons`: the members of the caller's organization (none for the platform administrator). */
export const memberList = z.array(member);
export const membersWithTermsPage = z.extend(membersPage, { content: z.array(memberWithTerms) });
export type MembersWithTermsPage = z.infer<typeof membersWithTermsPage>;

// --- Adding and editing -----------------------------------------------------------------------

export const HOSPITAL_IDENTIFIER_MAX_LENGTH = 100;
/** On person add, a phone of 3 characters or fewer (the typed dial code) is not sent (§5). */
export const PHONE_MIN_LENGTH = 3;
export const ROLE_REQUIRED_MESSAGE = 'Wybierz rolę';

const profileShape = updateMyProfileBody.def.shape;
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

const personFields = {
  firstName: z.optional(profileShape.firstName),
  surname: z.optional(profileShape.surname),
  mail: z.optional(profileShape.mail),
  phone: z.optional(profileShape.phone),
  hospitalIdentifier: optionalText(HOSPITAL_IDENTIFIER_MAX_LENGTH),
  title: optionalText(100),
  description: z.optional(
    z.nullable(z.string().check(z.maxLength(DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG_MESSAGE))),
  ),
  gender: z.optional(z.nullable(personGender)),
  address: z.optional(personAddress),
  /** Only owners set it; left out, a new person may edit their data and an edited one keeps theirs. */
  enableProfileDataEdition: z.optional(z.boolean()),
};

/** `PUT /api/persons/{id}/update`: a full replacement of the person's data; the role stays. */
export const updatePersonBody = z.object(personFields);
export type UpdatePersonBody = z.infer<typeof updatePersonBody>;

/** `POST /api/organizations/{orgId}/add_user`. */
export const addPersonBody = z.object({ role: memberRole, ...personFields });
export type AddPersonBody = z.infer<typeof addPersonBody>;

export interface PersonIssue {
  field: 'firstName' | 'surname' | 'mail' | 'phone';
  message: string;
}

/**
 * What a person of `role` must have (§5): staff a first name, surname and valid email (they sign
 * in with it); a patient a phone or a valid email. Null when nothing is missing.
 */
export function personContactIssue(
  role: MemberRole,
  person: Pick<UpdatePersonBody, 'firstName' | 'surname' | 'mail' | 'phone'>,
): PersonIssue | null {
  const mail = person.mail?.trim() ?? '';
  if (mail && emailIssue(mail)) return { field: 'mail', message: PROFILE_FORMAT_MESSAGE };
  if (role === 'ROLE_USER') {
    return mail || normalizePhone(person.phone) ? null : { field: 'phone', message: PHONE_OR_MAIL_MESSAGE };
  }
  if (!person.firstName?.trim()) return { field: 'firstName', message: REQUIRED_MESSAGE };
  if (!person.surname?.trim()) return { field: 'surname', message: REQUIRED_MESSAGE };
  if (!mail) return { field: 'mail', message: REQUIRED_MESSAGE };
  return null;
}

export const PERSON_ADDED_MESSAGE = 'Dodano użytkownika';
export const PERSON_UPDATED_MESSAGE = 'Edycja użytkownika przebiegła pomyślnie.';
export const EXISTING_PERSON_MESSAGE = 'Taki użytkownik już istnieje. Czy edytować jego dane?';

export const addPersonResponse = z.object({ id: z.number(), message: z.string() });
export type AddPersonResponse = z.infer<typeof addPersonResponse>;
export const updatePersonResponse = z.object({ message: z.string() });

// --- Duplicates (409) ---------------------------------------------------------------------------

/** Which of the person's identifiers someone else already has: logins platform-wide, identifiers per organization. */
export const DUPLICATE_FLAGS = ['phone-exists', 'email-exists', 'hospital-identifier-exists'] as const;
export const duplicateFlag = z.enum(DUPLICATE_FLAGS);
export type DuplicateFlag = z.infer<typeof duplicateFlag>;
export const DUPLICATE_FLAG_FIELDS: Record<DuplicateFlag, 'phone' | 'mail' | 'hospitalIdentifier'> = {
  'phone-exists': 'phone',
  'email-exists': 'mail',
  'hospital-identifier-exists': 'hospitalIdentifier',
};

/** The 409 of add, edit and lookup: `code` is the first flag, `duplicates` all of them. */
export const personConflict = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: duplicateFlag,
  duplicates: z.array(duplicateFlag),
});
export type PersonConflict = z.infer<typeof personConflict>;

/** Under a field already used by someone else (§8). */
export const DUPLICATE_FIELD_MESSAGE = 'Zmień wprowadzone dane';

/** §8, person add. */
export const ADD_DUPLICATE_MESSAGES: Record<DuplicateFlag, string> = {
  'phone-exists': 'Numer telefonu jest już używany w systemie.',
  'email-exists': 'Adres email jest już używany w systemie.',
  'hospital-identifier-exists': 'Identyfikator jest już używany w systemie.',
};

/** §8, person edit (the email message follows the phone one). */
export const EDIT_DUPLICATE_MESSAGES: Record<DuplicateFlag, string> = {
  'phone-exists': 'Nie udało się dokonać edycji użytkownika. Podany numer telefonu istnieje już w systemie.',
  'email-exists': 'Nie udało się dokonać edycji użytkownika. Podany adres email istnieje już w systemie.',
  'hospital-identifier-exists': 'Wprowadzony identyfikator już istnieje',
};

/** An identifier once given cannot be cleared on edit (400 `hospital-identifier-empty`). */
export const HOSPITAL_IDENTIFIER_EMPTY_MESSAGE = 'Wprowadzony identyfikator jest pusty';

/** §8: any other failure of person add (the specification's wording, typo included). */
export const addPersonErrorMessage = (error: string) => `Błąd podczas dodwania użytkownika, (${error})`;
export const EDIT_PERSON_ERROR_MESSAGE = 'Błąd edycji użytkownika';

/** `POST /api/organizations/fetch_matching_users`: at least one identifier to look for. */
export const matchingUsersBody = z.object({
  phone: optionalText(30),
  email: optionalText(320),
  hospitalIdentifier: optionalText(HOSPITAL_IDENTIFIER_MAX_LENGTH),
});
export type MatchingUsersBody = z.infer<typeof matchingUsersBody>;
export const matchingUsers = z.array(member);

// --- Other actions ---------------------------------------------------------------------------

export const PASSWORD_RESET_MESSAGE = 'Hasło zostało zresetowane';
export const PASSWORD_RESET_ERROR_MESSAGE = 'Błąd resetu hasła';
export const WELCOME_SENT_MESSAGE = 'Wysłano ponownie wiadomość powitalną';
export const PERSON_ACTIVATED_MESSAGE = 'Użytkownik został aktywowany';
export const PERSON_REMOVED_MESSAGE = 'Użytkownik został usunięty';

/** `GET /api/persons/{id}/active_forms`: the active forms a person is assigned to (today or later). */
export const memberActiveForms = z.array(z.object({ id: z.number(), name: z.string() }));
export type MemberActiveForms = z.infer<typeof memberActiveForms>;

/** The removal dialog's warning for a patient still assigned to active forms (§6). */
export const activeFormsWarning = (names: string[]) =>
  `Pacjent należy do aktywnych formularzy: ${names.join(', ')}. Po usunięciu nie będzie mógł ich wypełniać.`;

// --- The person form (values as typed) ---------------------------------------------------------

const formShape = profileFormValues.def.shape;

export const personFormValues = z
  .object({
    role: z.enum(['', ...MEMBER_ROLES]),
    firstName: formShape.firstName,
    surname: formShape.surname,
    mail: formShape.mail,
    phone: formShape.phone,
    hospitalIdentifier: z.string().check(z.maxLength(HOSPITAL_IDENTIFIER_MAX_LENGTH)),
    title: formShape.title,
    description: formShape.description,
    gender: formShape.gender,
    address: formShape.address,
    enableProfileDataEdition: z.boolean(),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.role === '') {
        ctx.issues.push({
          code: 'custom',
          message: ROLE_REQUIRED_MESSAGE,
          path: ['role'],
          input: values.role,
        });
        return;
      }
      const issue = personContactIssue(values.role, { ...values, phone: sentPhone(values.phone) });
      if (issue)
        ctx.issues.push({ code: 'custom', message: issue.message, path: [issue.field], input: values });
    }),
  );
export type PersonFormValues = z.infer<typeof personFormValues>;

/** What the phone field starts with: the default dial code. */
export const PHONE_PREFIX = '+48';

/** Digits and + only, as the phone is typed. */
export const typedPhone = (typed: string) => typed.replace(/[^\d+]/g, '');

/** The phone to send: nothing for the dial code alone (3 characters or fewer), else normalised. */
export function sentPhone(typed: string): string | null {
  return typed.trim().length > PHONE_MIN_LENGTH ? normalizePhone(typed) : null;
}

export function emptyPersonForm(): PersonFormValues {
  return {
    role: '',
    firstName: '',
    surname: '',
    mail: '',
    phone: PHONE_PREFIX,
    hospitalIdentifier: '',
    title: '',
    description: '',
    gender: '',
    address: { name: '', street: '', city: '', zipCode: '', post: '', phone: '' },
    enableProfileDataEdition: true,
  };
}

export function personFormFrom(person: Member): PersonFormValues {
  const address: PersonAddress = person.address;
  return {
    role: memberRoleOf(person.user.authorities),
    firstName: person.firstName ?? '',
    surname: person.surname ?? '',
    mail: person.mail ?? '',
    phone: person.phone ?? PHONE_PREFIX,
    hospitalIdentifier: person.hospitalIdentifier ?? '',
    title: person.title ?? '',
    description: person.description ?? '',
    gender: person.gender ?? '',
    address: addressFormValues(address),
    enableProfileDataEdition: person.enableProfileDataEdition,
  };
}

/** The body of add and edit; `enableProfileDataEdition` only when the user may set it. */
export function toUpdatePersonBody(values: PersonFormValues, canSetDataEdition: boolean): UpdatePersonBody {
  return {
    firstName: blankToNull(values.firstName),
    surname: blankToNull(values.surname),
    mail: blankToNull(values.mail)?.toLowerCase() ?? null,
    phone: sentPhone(values.phone),
    hospitalIdentifier: blankToNull(values.hospitalIdentifier),
    title: blankToNull(values.title),
    description: blankToNull(values.description),
    gender: values.gender === '' ? null : values.gender,
    address: addressBody(values.address),
    ...(canSetDataEdition && { enableProfileDataEdition: values.enableProfileDataEdition }),
  };
}

export function toAddPersonBody(values: PersonFormValues, canSetDataEdition: boolean): AddPersonBody {
  if (values.role === '') throw new Error('the form resolver requires a role');
  return { role: values.role, ...toUpdatePersonBody(values, canSetDataEdition) };
}
