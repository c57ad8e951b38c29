import type { ApiError } from '@formularze/domain/schemas';
import { LOGIN_BLOCK_DURATIONS_MS } from '@formularze/domain/schemas/auth';

/** How long the "try again or set a new password" hint stays after the second failure (spec §8). */
export const RETRY_HINT_MS = 7000;
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

/** A duration in the genitive ('po upływie …'): '15 minut', '1 godziny', '24 godzin'. */
function durationGenitive(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 !== 0) return `${minutes} ${minutes === 1 ? 'minuty' : 'minut'}`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? 'godziny' : 'godzin'}`;
}

/** How long a block lasts, as the login pages tell it: the first one, and the longer ones in a row. */
export function blockDurationText(): string {
  const [first, second, further] = LOGIN_BLOCK_DURATIONS_MS.map(durationGenitive);
  return `Logowanie będzie możliwe po upływie ${first} (po kolejnej blokadzie z rzędu: ${second}, po każdej następnej: ${further}).`;
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
