/**
 * Polish plural forms of a word after a number. The CLDR categories of Polish follow its grammar for
 * whole numbers: one (1), few (2–4, 22–24, 102–104…, but not 12–14) and many (0, 5–21, 25–31…), so
 * the browser's (and Node's) plural rules do the arithmetic instead of a hand-written copy of them.
 */
export interface PolishPluralForms {
  /** 1 formularz */
  one: string;
  /** 2 formularze */
  few: string;
  /** 5 formularzy */
  many: string;
}

const pluralRules = new Intl.PluralRules('pl');

/**
 * The form of the word for `count`. The product counts whole things; a fraction (CLDR 'other') gets
 * the "few" form, which is also the genitive singular of feminine nouns such as 'sekundy'.
 */
export function plural(count: number, forms: PolishPluralForms): string {
  const category = pluralRules.select(count);
  if (category === 'one') return forms.one;
  if (category === 'many') return forms.many;
  return forms.few;
}

/** The number with its word: "22 formularze". */
export function countOf(count: number, forms: PolishPluralForms): string {
  return `${count} ${plural(count, forms)}`;
}

/** Words the product counts in more than one place. */
export const CHARACTERS: PolishPluralForms = { one: 'znak', few: 'znaki', many: 'znaków' };
export const SECONDS_ACCUSATIVE: PolishPluralForms = { one: 'sekundę', few: 'sekundy', many: 'sekund' };
