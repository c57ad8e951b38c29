import { LOGIN_FORMAT_MESSAGE, patientLoginForm, toPatientLoginBody } from '../index';

describe('patient login', () => {
  it.each([
    ['600100200', { phone: '+48600100200' }],
    ['48600100200', { phone: '+48600100200' }],
    ['+48600100200', { phone: '+48600100200' }],
    ['Pacjent@Demo.local', { username: 'pacjent@demo.local' }],
  ])('sends %s as %j', (login, expected) => {
    expect(toPatientLoginBody({ login, password: 'x' })).toEqual({ ...expected, password: 'x' });
  });

  it.each(['12345', '6001002001', 'pacjent@', '+49600100200'])(
    'refuses %s with the format message',
    (login) => {
      const result = patientLoginForm.safeParse({ login, password: 'x' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LOGIN_FORMAT_MESSAGE);
    },
  );
});
