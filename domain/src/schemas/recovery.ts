import * as z from 'zod/mini';
import { employeeLoginForm, patientLoginForm, REQUIRED_MESSAGE, toPatientLoginBody } from './auth';
import { newPassword, PASSWORD_MISMATCH_MESSAGE, WEAK_PASSWORD_MESSAGE } from './passwords';

/** Recovery messages are written in Polish only (spec: language fixed to pl). */
const lang = z.optional(z.literal('pl'));
const email = z.string().check(z.trim(), z.minLength(1), z.maxLength(320));

/** `POST /api/auth/recover_password`: a patient's login, an e-mail or a phone in international form. */
export const patientRecoveryBody = z
  .object({
    email: z.optional(email),
    phone: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(20))),
    lang,
  })
  .check(z.refine((body) => !!body.email || !!body.phone, 'Podaj adres e-mail lub numer telefonu'));
export type PatientRecoveryBody = z.infer<typeof patientRecoveryBody>;

/** `POST /employees/v1/password/reset/ask`. */
export const employeeRecoveryBody = z.object({ email, lang });
export type EmployeeRecoveryBody = z.infer<typeof employeeRecoveryBody>;

/** Which login page a reset link leads back to: /login (`user`) or /login-employee (`employee`). */
export const RESET_LINK_ROLES = ['user', 'employee'] as const;
export const resetLinkRole = z.enum(RESET_LINK_ROLES);
export type ResetLinkRole = z.infer<typeof resetLinkRole>;

/** `GET /api/auth/reset-link/{token}`: a live link (an unknown, used or expired one is a 404). */
export const resetLinkInfo = z.object({
  /** ISO date-time; the page judges the link by it. */
  validUntil: z.string(),
  role: resetLinkRole,
  /** The account's e-mail (or phone), sent back as `email` with the new password. */
  login: z.string(),
});
export type ResetLinkInfo = z.infer<typeof resetLinkInfo>;

/**
 * `POST /api/auth/change_password` and `POST /employees/v1/password/reset`: `resetId` is the
 * link's token; `email`, when given, must be the account's login.
 */
export const resetPasswordBody = z.object({
  email: z.optional(z.string().check(z.maxLength(320))),
  resetId: z.string().check(z.minLength(1), z.maxLength(200)),
  newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const INVALID_OLD_PASSWORD_MESSAGE = 'Wprowadzone aktualne hasło jest niepoprawne.';
export const NEW_PASSWORD_MISMATCH_MESSAGE =
  'Nie wprowadzono nowego hasła lub wprowadzone nowe hasło nie zgadza się z powtórzonym hasłem.';

/** `PUT /api/auth/change_password` (signed in). */
export const changePasswordBody = z.object({
  oldPassword: z.string().check(z.minLength(1), z.maxLength(200)),
  newPassword,
  /** Delete the account's API keys too ('Unieważnić klucze API?'); omitted: yes. */
  revokeApiKeys: z.optional(z.boolean()),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The patient recovery form: the same login rule (and normalisation) as the login form. */
export const patientRecoveryForm = z.object({ login: patientLoginForm.shape.login });
export type PatientRecoveryForm = z.infer<typeof patientRecoveryForm>;

export function toPatientRecoveryBody({ login }: PatientRecoveryForm): PatientRecoveryBody {
  const body = toPatientLoginBody({ login, password: '' });
  return 'username' in body ? { email: body.username, lang: 'pl' } : { phone: body.phone, lang: 'pl' };
}

export const employeeRecoveryForm = z.object({ email: employeeLoginForm.shape.email });
export type EmployeeRecoveryForm = z.infer<typeof employeeRecoveryForm>;

/** `/password-set-new/{token}`: a new password and its repetition. */
export const setNewPasswordForm = z.object({ newPassword, repeatPassword: z.string() }).check(
  z.refine((value) => value.newPassword === value.repeatPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['repeatPassword'],
  }),
);
export type SetNewPasswordForm = z.infer<typeof setNewPasswordForm>;

/** `/password-change`: the current password, and the new one twice. */
export const changePasswordForm = z
  .object({
    oldPassword: z.string().check(z.minLength(1, REQUIRED_MESSAGE)),
    newPassword: z.string(),
    repeatPassword: z.string(),
  })
  .check(
    z.refine((value) => value.newPassword !== '' && value.newPassword === value.repeatPassword, {
      message: NEW_PASSWORD_MISMATCH_MESSAGE,
      path: ['repeatPassword'],
    }),
    z.refine((value) => value.newPassword === '' || newPassword.safeParse(value.newPassword).success, {
      message: WEAK_PASSWORD_MESSAGE,
      path: ['newPassword'],
    }),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
