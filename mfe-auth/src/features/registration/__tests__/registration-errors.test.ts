import type { RegistrationMode } from '@formularze/domain/schemas/registration';
import { registrationFailure } from '../registration-errors';

const failure = (statusCode: number, code: string | undefined, message = 'komunikat serwera') => ({
  statusCode,
  code,
  message,
});

describe('registrationFailure', () => {
  it.each<[RegistrationMode, ReturnType<typeof failure> | null, string, boolean]>([
    ['create', failure(409, 'Email is not unique'), 'Email nie jest unikalny.', false],
    ['create', failure(409, 'Organization name is not unique'), 'Nazwa organizacji nie jest unikalna', false],
    [
      'create',
      failure(409, 'Invalid email address'),
      'Błąd rejestracji, niepoprawny format adresu email.',
      false,
    ],
    [
      'join',
      failure(409, 'Invalid organization code'),
      'Błąd rejestracji, nieprawidłowy kod organizacji.',
      false,
    ],
    [
      'join',
      failure(409, 'Invalid email address'),
      'Błąd rejestracji, niepoprawny format adresu email.',
      false,
    ],
    // In join mode a used address is "any other 409".
    [
      'join',
      failure(409, 'Email is not unique'),
      'Błąd rejestracji, email jest już używany w systemie.',
      false,
    ],
    ['join', failure(409, undefined), 'Błąd rejestracji, email jest już używany w systemie.', false],
    [
      'join',
      failure(400, 'terms-not-accepted'),
      'Błąd rejestracji, należy zaakceptować regulamin organizacji.',
      false,
    ],
    [
      'join',
      failure(400, 'accepted-terms-are-not-current'),
      'Błąd rejestracji, zaakceptowany regulamin nie jest aktualny.',
      false,
    ],
    [
      'join',
      failure(400, 'current-terms-are-not-set'),
      'Błąd rejestracji, organizacja nie ma aktualnego regulaminu.',
      false,
    ],
    [
      'create',
      failure(400, 'captcha-invalid'),
      'Nieprawidłowa weryfikacja captcha. Potwierdź ponownie, że nie jesteś robotem.',
      false,
    ],
    [
      'join',
      failure(404, 'not-found', 'Organizacja nie istnieje'),
      'Błąd rejestracji, (Organizacja nie istnieje).',
      true,
    ],
    [
      'create',
      failure(429, 'too-many-requests', 'Zbyt wiele prób'),
      'Błąd rejestracji, (Zbyt wiele prób).',
      true,
    ],
    ['create', null, 'Błąd rejestracji, (Network Error).', true],
  ])('%s %j → %s', (mode, error, message, alert) => {
    expect(registrationFailure(mode, error, 'Network Error')).toEqual({ message, alert });
  });
});
