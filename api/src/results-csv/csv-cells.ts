import type { AnswerValue } from '@formularze/domain/schemas/filled-data';

/**
 * How values read in the exported file. Polish Excel opens `;`-separated files with a decimal
 * comma, so numbers are written with a comma; every text a person typed is neutralised against
 * formula injection.
 */

/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that would start a formula gets a leading apostrophe, which spreadsheets show as text. */
export const safeText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A number with the Polish decimal comma; never a formula, so never prefixed. */
export const polishNumber = (value: number): string => String(value).replace('.', ',');

/** One stored answer as a cell: yes/no in words, numbers with a comma, texts (dates as sent) neutralised. */
export function answerCell(value: AnswerValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Tak' : 'Nie';
  if (typeof value === 'number') return polishNumber(value);
  return safeText(value);
}

/** The choices of a multiple-answer dictionary. */
export const MULTIPLE_ANSWERS_SEPARATOR = ', ';
/** The rows of a repeating group, kept in place (an empty row stays an empty slot). */
export const REPEATED_ROWS_SEPARATOR = ' | ';

/** Several answers in one cell; each one is neutralised on its own and the whole cell once more. */
export function answersCell(values: readonly AnswerValue[], separator: string): string {
  return safeText(values.map((value) => answerCell(value)).join(separator));
}
