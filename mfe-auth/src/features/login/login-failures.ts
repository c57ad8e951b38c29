import type { ApiError } from 'shared-ui/schemas';

/** How long the "try again or set a new password" hint stays after the second failure (spec §8). */
export const RETRY_HINT_MS = 7000;
export const RETRY_HINT = 'Spróbuj poprawnie wpisać hasło lub Ustaw nowe hasło';
/** The warning about attempts left appears at this many or fewer (spec §4). */
export const ATTEMPTS_WARNING_THRESHOLD = 3;

const NOT_ACTIVATED = 'Użytkownik nie został aktywowany';
const WRONG_LOGIN = 'Nieprawidłowy login lub hasło';

export interface LoginFailureView {
  /** The error above the form. */
  message: string;
  /** Attempts left after this one, when the server said so (a wrong password). */
  attemptsLeft: number | null;
  /** A wrong login or password: the kind of failure the retry hint is about. */
  wrongCredentials: boolean;
}

/** 'Pozostało prób logowania: n' when few attempts remain, otherwise nothing. */
export function attemptsWarning(attemptsLeft: number | null): string | null {
  return attemptsLeft !== null && attemptsLeft > 0 && attemptsLeft <= ATTEMPTS_WARNING_THRESHOLD
    ? `Pozostało prób logowania: ${attemptsLeft}`
    : null;
}

/** The patients' login (spec §8): a numeric message is the number of attempts left. */
export function patientLoginFailure(error: ApiError | null): LoginFailureView {
  const view = (message: string, attemptsLeft: number | null = null, wrongCredentials = false) => ({
    message,
    attemptsLeft,
    wrongCredentials,
  });
  if (!error) return view('Błąd logowania');
  switch (error.code) {
    case 'not activated':
      return view(NOT_ACTIVATED);
    case 'global-tos-not-accepted':
      return view('Wymagane zaakceptowanie regulaminu serwisu');
    case 'blocked':
      return view('Konto zostało czasowo zablokowane', 0);
  }
  if (/^\d+$/.test(error.message)) return view(WRONG_LOGIN, Number(error.message), true);
  return view(error.message || 'Błąd logowania');
}

/** The staff login (spec §8): a block is told by its code or by no attempts left. */
export function employeeLoginFailure(error: ApiError | null): LoginFailureView {
  if (!error) return { message: 'Błąd logowania', attemptsLeft: null, wrongCredentials: false };
  const attemptsLeft = error.attemptsLeft ?? null;
  if (error.code === 'EmployeeBlockedError' || attemptsLeft === 0) {
    return { message: 'Konto tymczasowo zablokowane', attemptsLeft: 0, wrongCredentials: false };
  }
  if (error.code === 'not activated') {
    return { message: NOT_ACTIVATED, attemptsLeft: null, wrongCredentials: false };
  }
  if (error.code === 'InvalidEmailError') {
    return { message: 'Nieprawidłowy adres email lub hasło', attemptsLeft, wrongCredentials: true };
  }
  return { message: error.message || 'Błąd logowania', attemptsLeft: null, wrongCredentials: false };
}
