/**
 * SMS texts of the editor (§5 "Rules": placeholders and length; §9: one SMS is about 140
 * characters). The length shown is an estimate of the message as sent: each placeholder counts
 * as the longest value it is expected to be replaced with, so a message shown within 140
 * characters stays one SMS for nearly every recipient.
 */

export const SMS_LENGTH = 140;

export interface SmsPlaceholder {
  /** What the person types or inserts, braces included. */
  token: string;
  /** What the placeholder is replaced with, for the insert button's description. */
  description: string;
  /** The length it counts as. */
  maxLength: number;
}

/** The spec names the placeholders, not their lengths; these are the lengths the counter assumes. */
export const SMS_PLACEHOLDERS: readonly SmsPlaceholder[] = [
  { token: '{imie}', description: 'imię', maxLength: 20 },
  { token: '{nazwisko}', description: 'nazwisko', maxLength: 30 },
  { token: '{identyfikator}', description: 'identyfikator', maxLength: 20 },
  // +48 and nine digits.
  { token: '{telefon}', description: 'numer telefonu', maxLength: 12 },
  // Points are shown rounded to 2 decimals (§9): up to 7 digits before the comma.
  { token: '{suma_punktow}', description: 'suma punktów', maxLength: 10 },
];

/** The placeholders a message sent before anything is filled (welcome) can use: no points yet. */
export const WELCOME_SMS_PLACEHOLDERS = SMS_PLACEHOLDERS.filter((p) => p.token !== '{suma_punktow}');

const LENGTHS = new Map(SMS_PLACEHOLDERS.map((p) => [p.token, p.maxLength]));
const PLACEHOLDER_PATTERN = /\{[a-z_]+\}/g;

/** The estimated length of `text` once sent: placeholders at their longest (unknown `{…}` as typed). */
export function smsLength(text: string): number {
  let length = text.length;
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const expanded = LENGTHS.get(match[0]);
    if (expanded !== undefined) length += expanded - match[0].length;
  }
  return length;
}

export const isLongerThanOneSms = (text: string) => smsLength(text) > SMS_LENGTH;

/**
 * `text` with `insert` put in place of the selection `[start, end)` (the caret when equal), and
 * where the caret goes after it. A selection outside the text counts as its end.
 */
export function insertIntoText(
  text: string,
  insert: string,
  start: number = text.length,
  end: number = start,
): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
