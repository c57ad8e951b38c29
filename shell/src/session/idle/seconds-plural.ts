import { plural, SECONDS_ACCUSATIVE } from '@formularze/domain/schemas/plural';

/** The word 'sekunda' after 'za', in the accusative. */
export function secondsAccusative(count: number): string {
  return plural(count, SECONDS_ACCUSATIVE);
}

export function idleCountdownText(secondsLeft: number): string {
  return `Automatyczne wylogowanie nastąpi za ${secondsLeft} ${secondsAccusative(secondsLeft)}`;
}
