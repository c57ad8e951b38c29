import * as z from 'zod/mini';
import { REQUIRED_MESSAGE } from './auth';
import { newPassword, PASSWORD_MISMATCH_MESSAGE } from './passwords';
import { ORG_CODE_MESSAGE, ORG_CODE_MIN_LENGTH } from './profile';

/**
 * Self-registration: founding an organization (`create`, the registrant becomes its owner) or
 * joining one as a patient (`join`, the default). One source of truth for the form and the API.
 */
export const REGISTRATION_MODES = ['join', 'create'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const REGISTRATION_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = 'Nieprawidłowy adres email';
export const CAPTCHA_REQUIRED_MESSAGE = 'Potwierdź, że nie jesteś robotem.';
export const TERMS_REQUIRED_MESSAGE = 'Zaakceptuj regulamin organizacji.';
export const REGISTRATION_SUCCESS_MESSAGE = 'Rejestracja przebiegła pomyślnie.';

/** The message the live registration channel sends when the organization of `email` exists. */
export const TENANT_CREATED = 'TENANT_CREATED';
export const tenantCreatedMessage = z.object({ type: z.literal(TENANT_CREATED), email: z.string() });
export type TenantCreatedMessage = z.infer<typeof tenantCreatedMessage>;
/**
 * `GET` (WebSocket upgrade) `?token=`: opened before `POST /api/organizations/register`, which
 * carries the same one-time token as `channelToken`. Keyed by that token, not the address, so
 * nobody else can listen for an address founding an organization.
 */
export const REGISTRATION_CHANNEL_PATH = '/tenants/v1/ws/registration';

/** 128 to 384 random bits, base64url. */
export const CHANNEL_TOKEN_PATTERN = /^[\w-]{22,64}$/;

/** A new one-time token of the live channel: 256 random bits, base64url. */
export function newChannelToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The address of the live channel of `channelToken`, on the page's own origin. */
export function registrationChannelUrl(origin: string, channelToken: string): string {
  const url = new URL(REGISTRATION_CHANNEL_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', channelToken);
  return url.toString();
}

/** The terms a joining patient must accept: `link` opens the PDF. */
export const joinableTerms = z.object({ id: z.number(), name: z.string(), link: z.string() });
export type JoinableTerms = z.infer<typeof joinableTerms>;

/**
 * `GET /api/organizations/names`: organizations that accept self-registration. Besides the
 * specification's fields, `currentTerms` (null when none are in force) lets the join form ask for
 * their acceptance.
 */
export const organizationName = z.object({
  id: z.number(),
  orgName: z.string(),
  enableCodeRegistration: z.boolean(),
  currentTerms: z.nullable(joinableTerms),
});
export type OrganizationName = z.infer<typeof organizationName>;
export const organizationNames = z.array(organizationName);

/**
 * `GET /api/captcha/challenge`: an ALTCHA (v2 proof of work) challenge, handed to the widget as
 * it is. Loose objects: the signature covers every parameter, so none may be dropped on the way.
 */
export const captchaChallenge = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.optional(z.number()),
  }),
  signature: z.optional(z.string()),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** The widget's solution (base64 JSON); the server verifies it once. */
const captcha = z.string().check(z.minLength(1, CAPTCHA_REQUIRED_MESSAGE), z.maxLength(8_000));

/**
 * Addresses are checked by the route, not here: the specification answers a malformed one with
 * 409 `Invalid email address`, which the form maps to its own message.
 */
const mail = z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(320));

/** `POST /api/organizations/register`. */
export const registerOrganizationBody = z.object({
  orgName: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200)),
  mail,
  password: newPassword,
  captcha,
  /** The token of the live channel the browser opened first; absent: nobody is told. */
  channelToken: z.optional(z.string().check(z.regex(CHANNEL_TOKEN_PATTERN))),
});
export type RegisterOrganizationBody = z.infer<typeof registerOrganizationBody>;
export const registerOrganizationResponse = z.object({ organizationId: z.number() });

/** `POST /api/organizations/{org}/join`; `acceptedTerms` is the id of the accepted terms. */
export const joinOrganizationBody = z.object({
  mail,
  password: newPassword,
  orgCode: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  acceptedTerms: z.optional(z.nullable(z.int())),
  captcha,
});
export type JoinOrganizationBody = z.infer<typeof joinOrganizationBody>;
/** `activated: false` when the organization activates new patients itself. */
export const joinOrganizationResponse = z.object({ activated: z.boolean() });
export type JoinOrganizationResponse = z.infer<typeof joinOrganizationResponse>;

const formMail = z.string().check(
  z.trim(),
  z.minLength(1, REQUIRED_MESSAGE),
  z.refine((value) => value === '' || REGISTRATION_EMAIL_PATTERN.test(value), INVALID_EMAIL_MESSAGE),
);
const repeatMatches = z.refine<{ password: string; repeatPassword: string }>(
  (value) => value.password === value.repeatPassword,
  { message: PASSWORD_MISMATCH_MESSAGE, path: ['repeatPassword'] },
);

/** The create form: 'Imię i nazwisko' is sent as the organization's name. */
export const createRegistrationForm = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200)),
    mail: formMail,
    password: newPassword,
    repeatPassword: z.string(),
    captcha,
  })
  .check(repeatMatches);
export type CreateRegistrationForm = z.infer<typeof createRegistrationForm>;

/** The join form; what it requires besides the basics depends on the chosen organization. */
export function joinRegistrationForm(organization: OrganizationName | undefined) {
  return z
    .object({
      organizationId: z.string().check(z.minLength(1, REQUIRED_MESSAGE)),
      mail: formMail,
      password: newPassword,
      repeatPassword: z.string(),
      orgCode: z.string().check(
        z.trim(),
        z.refine((code) => !organization?.enableCodeRegistration || code !== '', REQUIRED_MESSAGE),
        z.refine(
          (code) =>
            !organization?.enableCodeRegistration || code === '' || code.length >= ORG_CODE_MIN_LENGTH,
          ORG_CODE_MESSAGE,
        ),
      ),
      acceptedTerms: z
        .boolean()
        .check(z.refine((accepted) => accepted || !organization?.currentTerms, TERMS_REQUIRED_MESSAGE)),
      captcha,
    })
    .check(repeatMatches);
}
export type JoinRegistrationForm = z.infer<ReturnType<typeof joinRegistrationForm>>;

export function toRegisterOrganizationBody(form: CreateRegistrationForm): RegisterOrganizationBody {
  return {
    orgName: form.name.trim(),
    mail: form.mail.trim().toLowerCase(),
    password: form.password,
    captcha: form.captcha,
  };
}

export function toJoinOrganizationBody(
  form: JoinRegistrationForm,
  organization: OrganizationName,
): JoinOrganizationBody {
  return {
    mail: form.mail.trim().toLowerCase(),
    password: form.password,
    orgCode: organization.enableCodeRegistration ? form.orgCode.trim() : null,
    acceptedTerms: organization.currentTerms && form.acceptedTerms ? organization.currentTerms.id : null,
    captcha: form.captcha,
  };
}
