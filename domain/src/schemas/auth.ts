import * as z from 'zod/mini';

export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_OWNER',
  'ROLE_EDITOR',
  'ROLE_USER',
  'ROLE_USER_NO_ACCEPTED_TERMS',
  'GUEST',
] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

/** The super-admin signs in with an email; its own message is the only error the panel shows. */
export const ownerLoginBody = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type OwnerLoginBody = z.infer<typeof ownerLoginBody>;

export const loginResponse = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const ownerCheck = z.object({ email: z.string() });
export type OwnerCheck = z.infer<typeof ownerCheck>;

export { AUTH_TOKEN_HEADER } from './auth-header';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^(?:\+48|48)?\d{9}$/;

/**
 * How long a login stays blocked after too many failed attempts: the first block 15 minutes, the
 * next one in a row an hour, any further one a day. The API blocks by it; the login pages tell it.
 */
export const LOGIN_BLOCK_DURATIONS_MS = [15 * 60 * 1000, 60 * 60 * 1000, 24 * 60 * 60 * 1000] as const;

export const LOGIN_FORMAT_MESSAGE = 'Nieprawidłowy format wprowadzonego loginu';
export const REQUIRED_MESSAGE = 'To pole jest wymagane';

/** A patient's login as typed: an email, or a phone of 9 digits, +48 and 9 digits, or 48 and 9 digits. */
export const patientLoginForm = z.object({
  login: z.string().check(
    z.trim(),
    z.minLength(1, REQUIRED_MESSAGE),
    z.refine(
      (value) => value === '' || EMAIL_PATTERN.test(value) || PHONE_PATTERN.test(value),
      LOGIN_FORMAT_MESSAGE,
    ),
  ),
  password: z.string().check(z.minLength(1, REQUIRED_MESSAGE)),
});
export type PatientLoginForm = z.infer<typeof patientLoginForm>;

/** `POST /api/auth/login`: an email goes as `username`, a phone in international form as `phone`. */
const loginPassword = z.string().check(z.maxLength(200));
const globalTosAccepted = z.optional(z.boolean());
export const patientLoginBody = z.union([
  z.object({ username: z.string().check(z.maxLength(320)), password: loginPassword, globalTosAccepted }),
  z.object({ phone: z.string().check(z.maxLength(20)), password: loginPassword, globalTosAccepted }),
]);
export type PatientLoginBody = z.infer<typeof patientLoginBody>;

/** 9 digits get +48, 11 digits (48…) get +, 12 characters (+48…) go as they are. */
export function toPatientLoginBody({ login, password }: PatientLoginForm): PatientLoginBody {
  const value = login.trim();
  if (EMAIL_PATTERN.test(value)) return { username: value.toLowerCase(), password };
  if (value.length === 9) return { phone: `+48${value}`, password };
  if (value.length === 11) return { phone: `+${value}`, password };
  return { phone: value, password };
}

/** `POST /employees/v1/login`: staff sign in with an email. */
export const employeeLoginBody = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  password: loginPassword,
});
export type EmployeeLoginBody = z.infer<typeof employeeLoginBody>;

/** The staff login form: an e-mail address is required. */
export const employeeLoginForm = z.object({
  email: z.string().check(
    z.trim(),
    z.minLength(1, REQUIRED_MESSAGE),
    z.refine((value) => value === '' || EMAIL_PATTERN.test(value), 'Nieprawidłowy adres email'),
  ),
  password: z.string().check(z.minLength(1, REQUIRED_MESSAGE)),
});
export type EmployeeLoginForm = z.infer<typeof employeeLoginForm>;

/** Which door a session came through: it decides the logout call and where a signed-out user lands. */
export const SESSION_KINDS = ['patient', 'employee'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** The super-admin panel's login form: a user name (the e-mail) and a password. */
export const ownerLoginForm = z.object({
  email: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE)),
  password: z.string().check(z.minLength(1, REQUIRED_MESSAGE)),
});
export type OwnerLoginForm = z.infer<typeof ownerLoginForm>;
