import type { ApiError } from '@formularze/domain/schemas';
import type { RegistrationMode } from '@formularze/domain/schemas/registration';

export interface RegistrationFailure {
  /** Shown above the form. */
  message: string;
  /** An unexpected failure is also announced by an error alert. */
  alert: boolean;
}

/** The specification's catalogue (§8 Registration), by code. */
const CREATE_MESSAGES: Record<string, string> = {
  'Email is not unique': 'Email nie jest unikalny.',
  'Organization name is not unique': 'Nazwa organizacji nie jest unikalna',
};
const CONFLICT_MESSAGES: Record<string, string> = {
  'Invalid organization code': 'Błąd rejestracji, nieprawidłowy kod organizacji.',
  'Invalid email address': 'Błąd rejestracji, niepoprawny format adresu email.',
};
const OTHER_CONFLICT_MESSAGE = 'Błąd rejestracji, email jest już używany w systemie.';
const BAD_REQUEST_MESSAGES: Record<string, string> = {
  'terms-not-accepted': 'Błąd rejestracji, należy zaakceptować regulamin organizacji.',
  'accepted-terms-are-not-current': 'Błąd rejestracji, zaakceptowany regulamin nie jest aktualny.',
  'current-terms-are-not-set': 'Błąd rejestracji, organizacja nie ma aktualnego regulaminu.',
  'captcha-invalid': 'Nieprawidłowa weryfikacja captcha. Potwierdź ponownie, że nie jesteś robotem.',
};

/**
 * What the registration form says about a failed attempt. `error` is the API's error body, or
 * `null` when the request failed without one (network, timeout of the live channel), in which
 * case `fallback` is the failure's own message.
 */
export function registrationFailure(
  mode: RegistrationMode,
  error: Pick<ApiError, 'statusCode' | 'code' | 'message'> | null,
  fallback: string,
): RegistrationFailure {
  const code = error?.code ?? '';
  const known =
    (mode === 'create' ? CREATE_MESSAGES[code] : undefined) ??
    (error?.statusCode === 409 ? (CONFLICT_MESSAGES[code] ?? OTHER_CONFLICT_MESSAGE) : undefined) ??
    (error?.statusCode === 400 ? BAD_REQUEST_MESSAGES[code] : undefined);
  if (known) return { message: known, alert: false };
  return { message: `Błąd rejestracji, (${error?.message ?? fallback}).`, alert: true };
}
