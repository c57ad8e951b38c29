import type { ApiError } from '@formularze/domain/schemas';
import { attemptsWarning, employeeLoginFailure, patientLoginFailure } from '../login-failures';

const error = (statusCode: number, message: string, code?: string, attemptsLeft?: number): ApiError => ({
  statusCode,
  error: 'x',
  message,
  ...(code ? { code } : {}),
  ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
});

describe('patientLoginFailure', () => {
  it.each([
    [error(401, '4', 'attempts-left', 4), 'Nieprawidłowy login lub hasło', 4, true],
    [error(401, '1', 'attempts-left', 1), 'Nieprawidłowy login lub hasło', 1, true],
    [
      error(423, 'Konto zostało czasowo zablokowane', 'blocked', 0),
      'Konto zostało czasowo zablokowane',
      0,
      false,
    ],
    [error(401, 'x', 'not activated'), 'Użytkownik nie został aktywowany', null, false],
    [error(400, 'x', 'global-tos-not-accepted'), 'Wymagane zaakceptowanie regulaminu serwisu', null, false],
    [
      error(429, 'Zbyt wiele prób. Spróbuj ponownie za chwilę.'),
      'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
      null,
      false,
    ],
    [null, 'Błąd logowania', null, false],
  ])('%j → %s', (input, message, attemptsLeft, wrongCredentials) => {
    expect(patientLoginFailure(input)).toEqual({ message, attemptsLeft, wrongCredentials });
  });
});

describe('employeeLoginFailure', () => {
  it.each([
    [error(401, 'x', 'InvalidEmailError', 4), 'Nieprawidłowy adres email lub hasło', 4],
    [error(401, 'x', 'InvalidEmailError', 2), 'Nieprawidłowy adres email lub hasło', 2],
    [error(423, 'x', 'EmployeeBlockedError', 0), 'Konto tymczasowo zablokowane', 0],
    [error(401, 'x', 'InvalidEmailError', 0), 'Konto tymczasowo zablokowane', 0],
    [error(401, 'x', 'not activated'), 'Użytkownik nie został aktywowany', null],
    [null, 'Błąd logowania', null],
  ])('%j → %s', (input, message, attemptsLeft) => {
    expect(employeeLoginFailure(input)).toMatchObject({ message, attemptsLeft });
  });
});

describe('attemptsWarning', () => {
  it.each([
    [null, null],
    [4, null],
    [3, 'Pozostało prób logowania: 3'],
    [1, 'Pozostało prób logowania: 1'],
    [0, null],
  ])('%p attempts left → %p', (attemptsLeft, warning) => {
    expect(attemptsWarning(attemptsLeft)).toBe(warning);
  });
});
