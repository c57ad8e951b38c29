import * as z from 'zod/mini';

/**
 * The profile of the signed-in person (`/profile`, `GET/PUT /api/persons/my/profile`,
 * `PUT /api/persons/my`, `PUT /api/persons/ext`) and of their organization
 * (`GET /api/organizations/my`, `PUT /api/organizations`). The pure validators below run in the
 * form as the user types and again in the API, so both give the same Polish messages.
 */

export const PROFILE_FORMAT_MESSAGE = 'Nieprawidłowy format';
export const ZIP_FORMAT_MESSAGE = 'Nieprawidłowy format.';
export const BIRTH_YEAR_MESSAGE = 'Błędny rok urodzenia';
export const DESCRIPTION_MAX_LENGTH = 100;
export const DESCRIPTION_TOO_LONG_MESSAGE = `Opis może mieć najwyżej ${DESCRIPTION_MAX_LENGTH} znaków.`;
export const PHONE_OR_MAIL_MESSAGE = 'Podaj numer telefonu lub adres email.';
export const ORG_CODE_MIN_LENGTH = 8;
export const ORG_CODE_MESSAGE = 'Kod musi zawierać co najmniej 8 znaków.';
export const STREET_HINT = 'Przykład: Jasna 1A/3';
export const DEFAULT_DIAL_CODE = '48';

const ZIP_PATTERN = /^\d{2}-\d{3}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** International form after normalisation: + and 6 to 15 digits (E.164 allows at most 15). */
const NORMALISED_PHONE_PATTERN = /^\+\d{6,15}$/;

/** NN-NNN as the user types: digits only, at most five, the dash after the second. */
export function formatZipCode(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 5);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/** Null when the zip code is empty or NN-NNN, else the message to show. */
export function zipCodeIssue(zipCode: string | null | undefined): string | null {
  if (!zipCode) return null;
  return ZIP_PATTERN.test(zipCode) ? null : ZIP_FORMAT_MESSAGE;
}

/** Null when the year is empty or four digits after 1899 and not in the future, else the message. */
export function birthYearIssue(year: string | number | null | undefined, now = new Date()): string | null {
  if (year === null || year === undefined || year === '') return null;
  const text = String(year).trim();
  if (!/^\d{4}$/.test(text)) return PROFILE_FORMAT_MESSAGE;
  const value = Number(text);
  return value > 1899 && value <= now.getFullYear() ? null : BIRTH_YEAR_MESSAGE;
}

/**
 * A phone as stored: characters other than digits and + removed, the default dial code (+48)
 * added to a national number; empty, or the dial code alone, is no phone at all (null).
 */
export function normalizePhone(typed: string | null | undefined): string | null {
  const cleaned = (typed ?? '').replace(/[^\d+]/g, '');
  if (!cleaned || cleaned === '+' || cleaned === `+${DEFAULT_DIAL_CODE}`) return null;
  if (cleaned.startsWith('+')) return `+${cleaned.slice(1).replace(/\+/g, '')}`;
  const digits = cleaned.replace(/\+/g, '');
  if (digits.length === 11 && digits.startsWith(DEFAULT_DIAL_CODE)) return `+${digits}`;
  return `+${DEFAULT_DIAL_CODE}${digits}`;
}

/** Null when the phone is empty or normalises to an international number, else the message. */
export function phoneIssue(typed: string | null | undefined): string | null {
  const phone = normalizePhone(typed);
  return phone === null || NORMALISED_PHONE_PATTERN.test(phone) ? null : PROFILE_FORMAT_MESSAGE;
}

export function emailIssue(mail: string | null | undefined): string | null {
  if (!mail) return null;
  return EMAIL_PATTERN.test(mail) ? null : PROFILE_FORMAT_MESSAGE;
}

/** `refine` wrappers: the same checks as zod rules. */
const checked = (issue: (value: string) => string | null, message: string) =>
  z.refine<string>((value) => issue(value) === null, message);

const text = (max: number) => z.nullable(z.string().check(z.trim(), z.maxLength(max)));

export const GENDERS = ['Female', 'Male'] as const;
export const personGender = z.enum(GENDERS);
export type Gender = z.infer<typeof personGender>;
export const GENDER_LABELS: Record<Gender, string> = { Female: 'Kobieta', Male: 'Mężczyzna' };

export const CHANNELS = ['mail', 'phone'] as const;
export const contactChannel = z.enum(CHANNELS);
export type PreferredChannel = z.infer<typeof contactChannel>;

export const personAddress = z.object({
  name: text(200),
  street: text(200),
  city: text(100),
  zipCode: z.nullable(z.string().check(z.maxLength(6), checked(zipCodeIssue, ZIP_FORMAT_MESSAGE))),
  post: text(100),
  phone: z.nullable(z.string().check(z.maxLength(30), checked(phoneIssue, PROFILE_FORMAT_MESSAGE))),
});
export type PersonAddress = z.infer<typeof personAddress>;

/** A person's data as read back: the own profile and a member's page show the same fields. */
export const PERSON_DATA_FIELDS = {
  firstName: z.nullable(z.string()),
  surname: z.nullable(z.string()),
  mail: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  title: z.nullable(z.string()),
  description: z.nullable(z.string()),
  gender: z.nullable(personGender),
  yearOfBirth: z.nullable(z.number()),
  address: personAddress,
  hospitalIdentifier: z.nullable(z.string()),
  /** Whether the person may change their personal data; always true for staff. */
  enableProfileDataEdition: z.boolean(),
};

/** `GET /api/persons/my/profile` (and the answer of every profile save): what the profile page edits. */
export const myProfile = z.object({
  id: z.number(),
  /** The login shown read-only: the email, or the phone of a patient without one. */
  username: z.nullable(z.string()),
  ...PERSON_DATA_FIELDS,
  /** `/org-media/files/avatars/...`, or null. */
  avatarPath: z.nullable(z.string()),
  preferredChannel: z.nullable(contactChannel),
  enableReminders: z.boolean(),
  /** True for a patient: only patients change their email, and only they see reminders. */
  isPatient: z.boolean(),
});
export type MyProfile = z.infer<typeof myProfile>;

const profileFields = {
  firstName: text(100),
  surname: text(100),
  mail: z.nullable(z.string().check(z.trim(), z.maxLength(320), checked(emailIssue, PROFILE_FORMAT_MESSAGE))),
  phone: z.nullable(z.string().check(z.maxLength(30), checked(phoneIssue, PROFILE_FORMAT_MESSAGE))),
  title: z.optional(text(100)),
  description: z.optional(
    z.nullable(z.string().check(z.maxLength(DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG_MESSAGE))),
  ),
  gender: z.nullable(personGender),
  yearOfBirth: z.nullable(
    z.number().check(z.refine((year) => birthYearIssue(year) === null, BIRTH_YEAR_MESSAGE)),
  ),
  address: personAddress,
  preferredChannel: z.nullable(contactChannel),
  enableReminders: z.boolean(),
};

/** Nobody saves a profile without a way to reach them (and to sign in). */
const phoneOrMail = z.refine<{ phone: string | null; mail: string | null }>(
  (body) => normalizePhone(body.phone) !== null || Boolean(body.mail),
  { message: PHONE_OR_MAIL_MESSAGE, path: ['phone'] },
);

/** `PUT /api/persons/my`: the editable part of the profile. Phones are normalised by the API. */
export const updateMyProfileBody = z.object(profileFields).check(phoneOrMail);
export type UpdateMyProfileBody = z.infer<typeof updateMyProfileBody>;

/** `PUT /api/persons/ext`: the `properties` part, plus the avatar's removal when no file is sent. */
export const updateMyProfileProperties = z
  .object({ ...profileFields, removeAvatar: z.optional(z.boolean()) })
  .check(phoneOrMail);
export type UpdateMyProfileProperties = z.infer<typeof updateMyProfileProperties>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE_MESSAGE = 'Plik jest za duży (maksymalnie 2 MB).';
export const AVATAR_TYPE_MESSAGE = 'Dozwolone są tylko obrazy PNG, JPEG lub WebP.';

/** Error codes of profile saves (specification §8), and what the page shows for them. */
export const PROFILE_ERROR_MESSAGES: Record<string, string> = {
  'Phone is not unique': 'Nie udało się dokonać edycji. Podany numer telefonu istnieje już w systemie.',
  'Email is not unique': 'Nie udało się dokonać edycji. Podany adres email istnieje już w systemie.',
};
export const PROFILE_ERROR_FALLBACK = 'Błąd aktualizacji profilu';
export const PROFILE_SAVED_MESSAGE = 'Zaktualizowano profil';

// --- Organization profile -------------------------------------------------------------------

export const billingInfo = z.object({
  name: text(200),
  street: text(200),
  zipCode: z.nullable(z.string().check(z.maxLength(6), checked(zipCodeIssue, ZIP_FORMAT_MESSAGE))),
  city: text(100),
  taxId: text(30),
  post: text(100),
});
export type BillingInfo = z.infer<typeof billingInfo>;

const HTTPS_URL_MESSAGE = 'Adres musi zaczynać się od https://';
export function httpsUrlIssue(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? null : HTTPS_URL_MESSAGE;
  } catch {
    return HTTPS_URL_MESSAGE;
  }
}

/** A code, when given or needed for code registration, has at least 8 characters. */
export function orgCodeIssue(code: string | null | undefined, codeRegistration: boolean): string | null {
  const value = (code ?? '').trim();
  if (!value && !codeRegistration) return null;
  return value.length >= ORG_CODE_MIN_LENGTH ? null : ORG_CODE_MESSAGE;
}

const organizationFields = {
  orgName: z.string().check(z.trim(), z.minLength(1, 'To pole jest wymagane'), z.maxLength(200)),
  customFooter: text(500),
  orgMessage: text(2000),
  orgCodeRegistration: z.nullable(z.string().check(z.trim(), z.maxLength(100))),
  enableUserActivation: z.boolean(),
  enableSelfRegistration: z.boolean(),
  enableCodeRegistration: z.boolean(),
  editorsCanManageForms: z.boolean(),
  editorsCanManageUsers: z.boolean(),
  billingInfo,
  /** Only with the `webhooks` permission: absent from the answer without it, refused in a save without it. */
  formDataCreatedWebhookUrl: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(2000), checked(httpsUrlIssue, HTTPS_URL_MESSAGE))),
  ),
};

/** `GET /api/organizations/my`: the organization as stored (older rows may predate the rules below). */
export const organizationProfile = z.object({
  id: z.number(),
  ...organizationFields,
  /**
   * Only with the `webhooks` permission: the key of the HMAC-SHA256 each webhook call carries as
   * `X-Formularze-Signature: sha256=<hex>`, so the receiver can check the call came from here.
   */
  formDataCreatedWebhookSecret: z.optional(z.string()),
});
export type OrganizationProfile = z.infer<typeof organizationProfile>;

/** `PUT /api/organizations`: the organization profile, its registration switches coherent. */
export const updateOrganizationBody = z.object(organizationFields).check(
  z.refine((org) => orgCodeIssue(org.orgCodeRegistration, org.enableCodeRegistration) === null, {
    message: ORG_CODE_MESSAGE,
    path: ['orgCodeRegistration'],
  }),
  z.refine((org) => !org.enableCodeRegistration || org.enableSelfRegistration, {
    message: 'Rejestracja z kodem wymaga samodzielnej rejestracji.',
    path: ['enableCodeRegistration'],
  }),
  z.refine((org) => org.enableSelfRegistration || org.enableUserActivation, {
    message: 'Bez samodzielnej rejestracji aktywacja użytkowników jest wymagana.',
    path: ['enableUserActivation'],
  }),
);
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;

/**
 * The coupling of the organization's registration switches (specification §4): without
 * self-registration, users must be activated and there is no code registration.
 */
export function coupleRegistrationFlags<
  T extends Pick<
    OrganizationProfile,
    'enableSelfRegistration' | 'enableUserActivation' | 'enableCodeRegistration'
  >,
>(org: T): T {
  return org.enableSelfRegistration
    ? org
    : { ...org, enableUserActivation: true, enableCodeRegistration: false };
}

export const ORGANIZATION_SAVED_MESSAGE = 'Zaktualizowano dane organizacji';
export const ORGANIZATION_ERROR_MESSAGE = 'Błąd aktualizacji danych organizacji';

// --- The profile form (what the page edits, as typed) ----------------------------------------

const typed = (issue: (value: string) => string | null) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const message = issue(value);
      if (message) ctx.issues.push({ code: 'custom', message, input: value });
    }),
  );

export const profileFormValues = z
  .object({
    firstName: z.string().check(z.maxLength(100)),
    surname: z.string().check(z.maxLength(100)),
    mail: typed(emailIssue),
    phone: typed(phoneIssue),
    title: z.string().check(z.maxLength(100)),
    description: z.string().check(z.maxLength(DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG_MESSAGE)),
    gender: z.enum(['', ...GENDERS]),
    yearOfBirth: typed((value) => birthYearIssue(value)),
    address: z.object({
      name: z.string(),
      street: z.string(),
      city: z.string(),
      zipCode: typed(zipCodeIssue),
      post: z.string(),
      phone: typed(phoneIssue),
    }),
    preferredChannel: contactChannel,
    enableReminders: z.boolean(),
  })
  .check(
    z.refine((values) => normalizePhone(values.phone) !== null || values.mail.trim() !== '', {
      message: PHONE_OR_MAIL_MESSAGE,
      path: ['phone'],
    }),
  );
export type ProfileFormValues = z.infer<typeof profileFormValues>;

export function profileFormFrom(profile: MyProfile): ProfileFormValues {
  const address = profile.address;
  return {
    firstName: profile.firstName ?? '',
    surname: profile.surname ?? '',
    mail: profile.mail ?? '',
    phone: profile.phone ?? '',
    title: profile.title ?? '',
    description: profile.description ?? '',
    gender: profile.gender ?? '',
    yearOfBirth: profile.yearOfBirth === null ? '' : String(profile.yearOfBirth),
    address: addressFormValues(address),
    preferredChannel: profile.preferredChannel ?? (profile.mail ? 'mail' : 'phone'),
    enableReminders: profile.enableReminders,
  };
}

/** A text box's value as sent: trimmed, and null when nothing is left. */
export const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** An address as the profile and member forms hold it: empty text for what is not set. */
export const addressFormValues = (address: PersonAddress) => ({
  name: address.name ?? '',
  street: address.street ?? '',
  city: address.city ?? '',
  zipCode: address.zipCode ?? '',
  post: address.post ?? '',
  phone: address.phone ?? '',
});

/** The address those forms send: blanks as null, the phone normalised. */
export const addressBody = (address: ReturnType<typeof addressFormValues>): PersonAddress => ({
  name: blankToNull(address.name),
  street: blankToNull(address.street),
  city: blankToNull(address.city),
  zipCode: blankToNull(address.zipCode),
  post: blankToNull(address.post),
  phone: normalizePhone(address.phone),
});

export function toUpdateMyProfileBody(values: ProfileFormValues): UpdateMyProfileBody {
  return {
    firstName: blankToNull(values.firstName),
    surname: blankToNull(values.surname),
    mail: blankToNull(values.mail)?.toLowerCase() ?? null,
    phone: normalizePhone(values.phone),
    title: blankToNull(values.title),
    description: blankToNull(values.description),
    gender: values.gender === '' ? null : values.gender,
    yearOfBirth: values.yearOfBirth.trim() === '' ? null : Number(values.yearOfBirth),
    address: addressBody(values.address),
    preferredChannel: values.preferredChannel,
    enableReminders: values.enableReminders,
  };
}
