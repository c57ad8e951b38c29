/**
 * The word 'sekunda' after 'za', in the accusative. The CLDR categories of Polish match its grammar for
 * whole numbers: one (1), few (2–4, 22–24, … but not 12–14) and many (the rest), so the browser's plural
 * rules do the arithmetic instead of a hand-written copy of them.
 */
const pluralRules = new Intl.PluralRules('pl');

const SECONDS_ACCUSATIVE: Record<Intl.LDMLPluralRule, string> = {
  zero: 'sekund',
  one: 'sekundę',
  two: 'sekundy',
  few: 'sekundy',
  many: 'sekund',
  // Fractions only; the countdown counts whole seconds.
  other: 'sekundy',
};

export function secondsAccusative(count: number): string {
  return SECONDS_ACCUSATIVE[pluralRules.select(count)];
}

export function idleCountdownText(secondsLeft: number): string {
  return `Automatyczne wylogowanie nastąpi za ${secondsLeft} ${secondsAccusative(secondsLeft)}`;
}
