import { countOf, plural, type PolishPluralForms } from '../plural';

const FORMS: PolishPluralForms = { one: 'formularz', few: 'formularze', many: 'formularzy' };

describe('plural', () => {
  it.each([
    [0, 'formularzy'],
    [1, 'formularz'],
    [2, 'formularze'],
    [5, 'formularzy'],
    [12, 'formularzy'],
    [22, 'formularze'],
    [25, 'formularzy'],
    [101, 'formularzy'],
  ])('%i → %s', (count, word) => {
    expect(plural(count, FORMS)).toBe(word);
  });

  it('gives a fraction the "few" form', () => {
    expect(plural(2.5, { one: 'sekundę', few: 'sekundy', many: 'sekund' })).toBe('sekundy');
  });

  it('writes the number before the word', () => {
    expect(countOf(104, FORMS)).toBe('104 formularze');
    expect(countOf(114, FORMS)).toBe('114 formularzy');
  });
});
