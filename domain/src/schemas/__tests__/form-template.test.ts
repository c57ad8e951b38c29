import { fieldRule, formRule, normalizeSmsPhone } from '../form-template';

describe('SMS phone numbers of rules and projects', () => {
  it.each([
    ['600 100 200', '+48600100200'],
    ['+48 600-100-200', '+48600100200'],
    ['48600100200', '+48600100200'],
    ['+49 151 2345 6789', '+4915123456789'],
    ['', ''],
    // The dial code alone is no number.
    ['+48', ''],
  ])('%j is stored as %j (Poland is the default country)', (typed, stored) => {
    expect(normalizeSmsPhone(typed)).toBe(stored);
  });

  it('a rule keeps the normalised number', () => {
    const rule = formRule.parse({
      operator: 'EQUALS',
      arg1: 1,
      smsMessage: 'Pilne',
      smsPhone: '600 100 200',
    });
    expect(rule.smsPhone).toBe('+48600100200');
  });
});

describe('rule messages', () => {
  it('name the operator as the rule editor does', () => {
    const result = fieldRule.safeParse({ operator: 'BETWEEN', arg1: 1, color: '#ff0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Drugi argument jest wymagany dla operatora „Pomiędzy”',
    ]);
  });
});
