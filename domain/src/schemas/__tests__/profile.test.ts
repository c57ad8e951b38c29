import {
  birthYearIssue,
  coupleRegistrationFlags,
  formatZipCode,
  normalizePhone,
  orgCodeIssue,
  phoneIssue,
  profileFormValues,
  updateMyProfileBody,
  zipCodeIssue,
} from '../profile';

describe('profile validators', () => {
  it.each([
    ['', ''],
    ['3', '3'],
    ['30', '30'],
    ['300', '30-0'],
    ['30001', '30-001'],
    ['30-0012', '30-001'],
    ['ab30x001', '30-001'],
  ])('formats the zip code %j as %j while typing', (typed, formatted) => {
    expect(formatZipCode(typed)).toBe(formatted);
  });

  it.each([
    ['', null],
    ['30-001', null],
    ['30001', 'Nieprawidłowy format.'],
    ['3-0001', 'Nieprawidłowy format.'],
    ['30-01', 'Nieprawidłowy format.'],
  ])('zip %j → %j', (zip, issue) => expect(zipCodeIssue(zip)).toBe(issue));

  const now = new Date('2026-05-01T12:00:00Z');
  it.each([
    ['', null],
    ['1900', null],
    ['2026', null],
    ['1899', 'Błędny rok urodzenia'],
    ['2027', 'Błędny rok urodzenia'],
    ['199', 'Nieprawidłowy format'],
    ['19x0', 'Nieprawidłowy format'],
    ['19800', 'Nieprawidłowy format'],
  ])('year of birth %j → %j', (year, issue) => expect(birthYearIssue(year, now)).toBe(issue));

  it.each([
    ['', null],
    ['+48', null],
    ['48', '+4848'],
    ['600100200', '+48600100200'],
    ['600-100-200', '+48600100200'],
    ['(600) 100 200', '+48600100200'],
    ['48600100200', '+48600100200'],
    ['+48 600 100 200', '+48600100200'],
    ['+44 20 7946 0958', '+442079460958'],
    ['tel. 600100200', '+48600100200'],
  ])('phone %j is stored as %j', (typed, stored) => expect(normalizePhone(typed)).toBe(stored));

  it('a phone too short to be one is a format error', () => {
    expect(phoneIssue('12')).toBe('Nieprawidłowy format');
    expect(phoneIssue('600100200')).toBeNull();
  });

  it('an organization code has at least 8 characters when given or needed', () => {
    expect(orgCodeIssue('', false)).toBeNull();
    expect(orgCodeIssue('', true)).toBe('Kod musi zawierać co najmniej 8 znaków.');
    expect(orgCodeIssue('1234567', false)).toBe('Kod musi zawierać co najmniej 8 znaków.');
    expect(orgCodeIssue('12345678', true)).toBeNull();
  });

  it('turning self-registration off forces activation on and code registration off', () => {
    expect(
      coupleRegistrationFlags({
        enableSelfRegistration: false,
        enableUserActivation: false,
        enableCodeRegistration: true,
      }),
    ).toEqual({ enableSelfRegistration: false, enableUserActivation: true, enableCodeRegistration: false });
  });
});

describe('profile schemas', () => {
  const address = { name: null, street: null, city: null, zipCode: null, post: null, phone: null };
  const body = {
    firstName: 'Anna',
    surname: null,
    mail: null,
    phone: '+48600100200',
    gender: null,
    yearOfBirth: null,
    address,
    preferredChannel: 'phone' as const,
    enableReminders: true,
  };

  it('needs a phone or an email', () => {
    expect(updateMyProfileBody.safeParse(body).success).toBe(true);
    const result = updateMyProfileBody.safeParse({ ...body, phone: '+48' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Podaj numer telefonu lub adres email.');
  });

  it('limits the description to 100 characters', () => {
    expect(updateMyProfileBody.safeParse({ ...body, description: 'x'.repeat(100) }).success).toBe(true);
    expect(
      updateMyProfileBody.safeParse({ ...body, description: 'x'.repeat(101) }).error?.issues[0]?.message,
    ).toBe('Opis może mieć najwyżej 100 znaków.');
  });

  it('checks the form as typed with the same messages', () => {
    const result = profileFormValues.safeParse({
      firstName: '',
      surname: '',
      mail: 'zły',
      phone: '',
      title: '',
      description: '',
      gender: '',
      yearOfBirth: '1850',
      address: { name: '', street: '', city: '', zipCode: '300', post: '', phone: '' },
      preferredChannel: 'mail',
      enableReminders: false,
    });
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      mail: 'Nieprawidłowy format',
      yearOfBirth: 'Błędny rok urodzenia',
      'address.zipCode': 'Nieprawidłowy format.',
    });
  });
});
