import {
  ANSWER_REQUIRED_MESSAGE,
  DATE_OUT_OF_RANGE_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  INVALID_PESEL_MESSAGE,
  INVALID_VALUE_MESSAGE,
  isValidPesel,
  MAX_DATE_ANSWER_YEAR,
  MIN_DATE_ANSWER_YEAR,
  numberAnswer,
} from '@formularze/domain/schemas/filled-data';
import type { AttachedFile } from './attached-file';
import type { FillableField } from './fillable-field';

/**
 * The answer rules of the fill page (§5 "Filling"), free of React so that each rule is tested on
 * its own: what a keystroke may leave in a number or PESEL box, when a typed answer is wrong, and
 * when a required field counts as blank. Values are what the inputs hold (see `field-values.ts`).
 */

export const PESEL_LENGTH = 11;
/** How a typed date looks on the page; it is sent as `YYYY/MM/DD`. */
export const TYPED_DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/* ------------------------------------------------------------ what may be typed */

/** PESEL: digits only, at most 11. */
export function sanitizePeselInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, PESEL_LENGTH);
}

/** A negative number may only be typed when the field's minimum allows one. */
const allowsNegative = (field: FillableField) => typeof field.minValue === 'number' && field.minValue < 0;

/**
 * A number box: an integer takes digits only; a decimal takes one comma or dot and at most
 * `decimalDigitNumber` digits after it, and a leading separator gets a 0 in front.
 */
export function sanitizeNumberInput(field: FillableField, typed: string): string {
  const negative = allowsNegative(field) && typed.trimStart().startsWith('-');
  const sign = negative ? '-' : '';
  if (field.numberType !== 'DECIMAL') return sign + typed.replace(/\D/g, '');
  const separatorAt = typed.search(/[.,]/);
  if (separatorAt === -1) return sign + typed.replace(/\D/g, '');
  const whole = typed.slice(0, separatorAt).replace(/\D/g, '') || '0';
  const maxDecimals = field.decimalDigitNumber ?? Number.POSITIVE_INFINITY;
  const decimals = typed
    .slice(separatorAt + 1)
    .replace(/\D/g, '')
    .slice(0, maxDecimals);
  if (maxDecimals === 0) return sign + whole;
  return `${sign}${whole}${typed[separatorAt]}${decimals}`;
}

/* ------------------------------------------------------------ dates */

/** `dd/MM/yyyy` as typed → `YYYY/MM/DD`, or null when it is not a real date. */
export function typedDateToAnswer(typed: string): string | null {
  const match = TYPED_DATE_PATTERN.exec(typed.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? `${match[3]}/${match[2]}/${match[1]}` : null;
}

/** `YYYY/MM/DD` (an answer) or `YYYY-MM-DD` (a date picker) → `dd/MM/yyyy` for the page. */
export function answerDateToTyped(answer: string): string {
  const match = /^(\d{4})[/-](\d{2})[/-](\d{2})/.exec(answer);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

const dateInRange = (answer: string) => {
  const year = Number(answer.slice(0, 4));
  return year >= MIN_DATE_ANSWER_YEAR && year <= MAX_DATE_ANSWER_YEAR;
};

/** A DATETIME field holds its day and its time in two boxes. */
export interface DateTimeValue {
  date: string;
  time: string;
}

/* ------------------------------------------------------------ wrong answers */

/**
 * What is wrong with a typed answer, or null. `blocking` problems stop a save (the server would
 * refuse them); an unreadable date is not blocking: it counts as blank (§5).
 */
export interface AnswerProblem {
  message: string;
  blocking: boolean;
}

function numberProblem(field: FillableField, typed: string): AnswerProblem | null {
  const number = numberAnswer(typed);
  const outOfRange =
    number === null ||
    (field.numberType === 'INTEGER' && !Number.isInteger(number)) ||
    (typeof field.minValue === 'number' && number < field.minValue) ||
    (typeof field.maxValue === 'number' && number > field.maxValue);
  return outOfRange ? { message: INVALID_VALUE_MESSAGE, blocking: true } : null;
}

function dateProblem(typed: string): AnswerProblem | null {
  const answer = typedDateToAnswer(typed);
  if (answer === null) return { message: INVALID_FORMAT_MESSAGE, blocking: false };
  return dateInRange(answer) ? null : { message: DATE_OUT_OF_RANGE_MESSAGE, blocking: true };
}

export function answerProblem(field: FillableField, value: unknown): AnswerProblem | null {
  switch (field.type) {
    case 'NUMBER':
      return typeof value === 'string' && value.trim() !== '' ? numberProblem(field, value) : null;
    case 'PESEL':
      return typeof value === 'string' && value !== '' && !isValidPesel(value)
        ? { message: INVALID_PESEL_MESSAGE, blocking: true }
        : null;
    case 'DATE':
      return typeof value === 'string' && value.trim() !== '' ? dateProblem(value) : null;
    case 'DATETIME': {
      const { date = '' } = (value as DateTimeValue | null) ?? {};
      return date.trim() !== '' ? dateProblem(date) : null;
    }
    default:
      return null;
  }
}

/* ------------------------------------------------------------ required fields */

/** The answer the field's value stands for, or null when it counts as blank. */
export function isBlank(field: FillableField, value: unknown, alternative = ''): boolean {
  switch (field.type) {
    case 'NUMBER':
      // Zero is an answer; NaN and unreadable text are not.
      return typeof value !== 'string' || numberAnswer(value) === null;
    case 'DATE':
      return typeof value !== 'string' || typedDateToAnswer(value) === null;
    case 'DATETIME': {
      const { date = '', time = '' } = (value as DateTimeValue | null) ?? {};
      return typedDateToAnswer(date) === null || time.trim() === '';
    }
    case 'BOOL':
      return typeof value !== 'boolean';
    case 'DICTIONARY': {
      const chosen = Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '';
      const alternativeGiven = !!field.allowAlternativeAnswer && alternative.trim() !== '';
      return !chosen && !alternativeGiven;
    }
    case 'FILE':
    case 'SIGN':
      return !Array.isArray(value) || (value as AttachedFile[]).length === 0;
    default:
      return typeof value !== 'string' || value.trim() === '';
  }
}

/** §5: 'To pole musi zostać wypełnione' for a required field left blank. */
export function requiredProblem(field: FillableField, value: unknown, alternative = ''): string | null {
  return field.required && isBlank(field, value, alternative) ? ANSWER_REQUIRED_MESSAGE : null;
}
