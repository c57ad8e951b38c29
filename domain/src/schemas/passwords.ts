import * as z from 'zod/mini';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
export const PASSWORD_SPECIAL_CHARACTERS = '@#$%^&+=';

export const SPACE_NOT_ALLOWED_MESSAGE = 'Spacja nie jest dozwolona.';
export const PASSWORD_MISMATCH_MESSAGE = 'Powtórzone hasło nie jest zgodne';
export const WEAK_PASSWORD_MESSAGE = 'Hasło nie spełnia wszystkich wymagań.';
export const REQUIRED_FIELDS_NOTE = '* Pola wymagane';

export interface PasswordRule {
  id: 'length' | 'lower' | 'upper' | 'digit' | 'special';
  message: string;
  test(password: string): boolean;
}

/** The five rules of a new password; its strength score is how many of them it satisfies. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    message: 'Długość znaków między 8, a 32.',
    test: (password) => password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
  },
  { id: 'lower', message: 'Co najmniej jedna mała litera.', test: (password) => /\p{Ll}/u.test(password) },
  { id: 'upper', message: 'Co najmniej jedna wielka litera.', test: (password) => /\p{Lu}/u.test(password) },
  { id: 'digit', message: 'Co najmniej jedna cyfra.', test: (password) => /\d/.test(password) },
  {
    id: 'special',
    message: `Co najmniej jeden ze znaków: ${[...PASSWORD_SPECIAL_CHARACTERS].join(' ')}`,
    test: (password) => [...PASSWORD_SPECIAL_CHARACTERS].some((character) => password.includes(character)),
  },
];

export const MAX_PASSWORD_SCORE = PASSWORD_RULES.length;

export function passwordScore(password: string): number {
  return PASSWORD_RULES.filter((rule) => rule.test(password)).length;
}

export function missingPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

/** Spaces are never part of a password: they are removed as the user types. */
export function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

/** A new password: every rule satisfied (a score above 4). The same check runs in the form and the API. */
export const newPassword = z
  .string()
  .check(z.refine((password) => passwordScore(password) === MAX_PASSWORD_SCORE, WEAK_PASSWORD_MESSAGE));

/** A new password with its repetition, as the registration, reset and super-admin forms ask for it. */
export const newPasswordWithRepeat = z.object({ password: newPassword, repeatPassword: z.string() }).check(
  z.refine((value) => value.password === value.repeatPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['repeatPassword'],
  }),
);
