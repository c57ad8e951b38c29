import { missingPasswordRules, newPasswordWithRepeat, passwordScore } from '../passwords';

describe('password rules', () => {
  it.each([
    ['', 0],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['Abcdef1@', 5],
    ['Zażółć1#', 5],
    [`Aa1@${'x'.repeat(29)}`, 4],
  ])('%s scores %i', (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });

  it('names what is missing', () => {
    expect(missingPasswordRules('abcdefg1').map((rule) => rule.id)).toEqual(['upper', 'special']);
  });

  it('accepts only a password meeting every rule, repeated exactly', () => {
    expect(
      newPasswordWithRepeat.safeParse({ password: 'Abcdef1@', repeatPassword: 'Abcdef1@' }).success,
    ).toBe(true);
    const mismatch = newPasswordWithRepeat.safeParse({ password: 'Abcdef1@', repeatPassword: 'Abcdef1#' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['repeatPassword'],
      message: 'Powtórzone hasło nie jest zgodne',
    });
    expect(
      newPasswordWithRepeat.safeParse({ password: 'Abcdefg1', repeatPassword: 'Abcdefg1' }).success,
    ).toBe(false);
  });
});
