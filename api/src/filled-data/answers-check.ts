import {
  ALTERNATIVE_NOT_ALLOWED_MESSAGE,
  ANSWER_REQUIRED_MESSAGE,
  DATE_ANSWER_PATTERN,
  DATE_OUT_OF_RANGE_MESSAGE,
  FILL_ALL_REQUIRED_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  INVALID_PESEL_MESSAGE,
  INVALID_VALUE_MESSAGE,
  invalidAnswersMessage,
  isValidPesel,
  MAX_DATE_ANSWER_YEAR,
  MIN_DATE_ANSWER_YEAR,
  NOTE_NOT_ENABLED_MESSAGE,
  numberAnswer,
  textTooLongMessage,
  TIME_ANSWER_PATTERN,
  UNKNOWN_FIELD_MESSAGE,
  type AnswerValue,
  type FilledAnswers,
  type FilledDataPayload,
} from '@formularze/domain/schemas/filled-data';
import { INVALID_COORDINATES_MESSAGE, parseCoordinates } from '@formularze/domain/schemas/coordinates';
import type { FieldDataType, FormLayout, TemplateField } from '@formularze/domain/schemas/form-template';

/**
 * The server's check of a save payload against the form's template (§5 "Filling"), with the
 * filling page's messages. It answers the answers to store (numbers as numbers, empty notes and
 * alternative answers dropped) or the problems, each at the payload path of its field
 * (`data.<fieldId>`, `arrayData.<fieldId>`, ...). A draft skips the required-field check only.
 */

type Field = Omit<TemplateField, 'children'>;

/** Where a field's answer travels in the payload. */
type Slot = 'data' | 'arrayData' | 'files' | 'none';

interface Placed {
  field: Field;
  slot: Slot;
  /** A field of a repeating group: one answer per row. */
  repeated: boolean;
}

const STRUCTURAL: readonly FieldDataType[] = ['LABEL', 'GROUP', 'REPEATING_GROUP'];
const FILE_TYPES: readonly FieldDataType[] = ['FILE', 'SIGN'];

function placeFields(layout: FormLayout): Map<string, Placed> {
  const placed = new Map<string, Placed>();
  const place = (field: Field, repeated: boolean) => {
    const slot: Slot = STRUCTURAL.includes(field.type)
      ? 'none'
      : FILE_TYPES.includes(field.type)
        ? 'files'
        : repeated || (field.type === 'DICTIONARY' && field.allowMultipleAnswers)
          ? 'arrayData'
          : 'data';
    placed.set(field.id, { field, slot, repeated });
  };
  for (const row of layout.children) {
    for (const field of row.children) {
      place(field, false);
      for (const groupRow of field.children ?? []) {
        for (const member of groupRow.children) place(member, field.type === 'REPEATING_GROUP');
      }
    }
  }
  return placed;
}

const isEmpty = (value: AnswerValue | undefined) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function decimalsOf(value: AnswerValue): number {
  const text = typeof value === 'number' ? String(value) : String(value).trim().replace(',', '.');
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

function validDate(value: string): { ok: boolean; inRange: boolean } {
  const match = DATE_ANSWER_PATTERN.exec(value);
  if (!match) return { ok: false, inRange: false };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const ok = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return { ok, inRange: year >= MIN_DATE_ANSWER_YEAR && year <= MAX_DATE_ANSWER_YEAR };
}

function validDateTime(value: string): { ok: boolean; inRange: boolean } {
  const local = /^(\d{4}\/\d{2}\/\d{2})[ T](\d{2}:\d{2})$/.exec(value);
  if (local) {
    const date = validDate(local[1]!);
    return { ok: date.ok && TIME_ANSWER_PATTERN.test(local[2]!), inRange: date.inRange };
  }
  const iso = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!iso || Number.isNaN(Date.parse(value))) return { ok: false, inRange: false };
  const year = Number(iso[1]);
  return { ok: true, inRange: year >= MIN_DATE_ANSWER_YEAR && year <= MAX_DATE_ANSWER_YEAR };
}

/** One non-empty answer of `field`: the value to store, or the problem's message. */
function checkValue(field: Field, value: AnswerValue): { value: AnswerValue } | { problem: string } {
  const text = typeof value === 'string' ? value.trim() : null;
  switch (field.type) {
    case 'TEXT':
    case 'TEXTAREA':
      if (typeof value !== 'string') return { problem: INVALID_VALUE_MESSAGE };
      if (typeof field.size === 'number' && value.length > field.size) {
        return { problem: textTooLongMessage(field.size) };
      }
      return { value };
    case 'NUMBER': {
      const number = numberAnswer(value);
      if (number === null) return { problem: INVALID_VALUE_MESSAGE };
      if (field.numberType === 'INTEGER' && !Number.isInteger(number))
        return { problem: INVALID_VALUE_MESSAGE };
      if (
        field.numberType === 'DECIMAL' &&
        typeof field.decimalDigitNumber === 'number' &&
        decimalsOf(value) > field.decimalDigitNumber
      ) {
        return { problem: INVALID_VALUE_MESSAGE };
      }
      if (typeof field.minValue === 'number' && number < field.minValue)
        return { problem: INVALID_VALUE_MESSAGE };
      if (typeof field.maxValue === 'number' && number > field.maxValue)
        return { problem: INVALID_VALUE_MESSAGE };
      return { value: number };
    }
    case 'DATE': {
      if (text === null) return { problem: INVALID_FORMAT_MESSAGE };
      const date = validDate(text);
      if (!date.ok) return { problem: INVALID_FORMAT_MESSAGE };
      return date.inRange ? { value: text } : { problem: DATE_OUT_OF_RANGE_MESSAGE };
    }
    case 'DATETIME': {
      if (text === null) return { problem: INVALID_FORMAT_MESSAGE };
      const date = validDateTime(text);
      if (!date.ok) return { problem: INVALID_FORMAT_MESSAGE };
      return date.inRange ? { value: text } : { problem: DATE_OUT_OF_RANGE_MESSAGE };
    }
    case 'TIME':
      return text !== null && TIME_ANSWER_PATTERN.test(text)
        ? { value: text }
        : { problem: INVALID_FORMAT_MESSAGE };
    case 'BOOL':
      return typeof value === 'boolean' ? { value } : { problem: INVALID_VALUE_MESSAGE };
    case 'PESEL':
      return text !== null && isValidPesel(text) ? { value: text } : { problem: INVALID_PESEL_MESSAGE };
    case 'DICTIONARY': {
      const dictionary = field.dictionary;
      if (!dictionary) return { problem: INVALID_VALUE_MESSAGE };
      if (dictionary.type === 'string') {
        const found = dictionary.dictionaryValues.some((entry) => entry.stringValue === value);
        return found ? { value } : { problem: INVALID_VALUE_MESSAGE };
      }
      const number = numberAnswer(value);
      const found = number !== null && dictionary.dictionaryValues.some((entry) => entry.intValue === number);
      return found ? { value: number } : { problem: INVALID_VALUE_MESSAGE };
    }
    case 'LOCATION':
      // The same rule the fill page's location field shows: a point on Earth, as typed.
      return text !== null && parseCoordinates(text) !== null
        ? { value: text }
        : { problem: INVALID_COORDINATES_MESSAGE };
    case 'QRCODE':
      return typeof value === 'string' ? { value } : { problem: INVALID_VALUE_MESSAGE };
    default:
      return { problem: UNKNOWN_FIELD_MESSAGE };
  }
}

export type AnswersCheck =
  { ok: true; answers: FilledAnswers } | { ok: false; message: string; fields: Record<string, string> };

export function checkAnswers(
  layout: FormLayout,
  payload: Pick<
    FilledDataPayload,
    'data' | 'arrayData' | 'noteData' | 'fieldAlternativeAnswer' | 'filesDataUUID'
  >,
  { draft }: { draft: boolean },
): AnswersCheck {
  const placed = placeFields(layout);
  const problems: Record<string, string> = {};
  let onlyRequired = true;
  const problem = (path: string, message: string) => {
    problems[path] ??= message;
    if (message !== ANSWER_REQUIRED_MESSAGE) onlyRequired = false;
  };
  const answers: FilledAnswers = { data: {}, arrayData: {}, noteData: {}, fieldAlternativeAnswer: {} };

  for (const [id, text] of Object.entries(payload.fieldAlternativeAnswer ?? {})) {
    const field = placed.get(id)?.field;
    if (!text?.trim()) continue;
    if (field?.type !== 'DICTIONARY' || !field.allowAlternativeAnswer || field.allowMultipleAnswers) {
      problem(`fieldAlternativeAnswer.${id}`, ALTERNATIVE_NOT_ALLOWED_MESSAGE);
    } else {
      answers.fieldAlternativeAnswer[id] = text;
    }
  }

  for (const [id, value] of Object.entries(payload.data ?? {})) {
    const where = placed.get(id);
    if (where?.slot !== 'data') {
      problem(`data.${id}`, UNKNOWN_FIELD_MESSAGE);
      continue;
    }
    if (isEmpty(value)) continue;
    const checked = checkValue(where.field, value);
    if ('problem' in checked) problem(`data.${id}`, checked.problem);
    else answers.data[id] = checked.value;
  }

  for (const [id, values] of Object.entries(payload.arrayData ?? {})) {
    const where = placed.get(id);
    if (where?.slot !== 'arrayData') {
      problem(`arrayData.${id}`, UNKNOWN_FIELD_MESSAGE);
      continue;
    }
    // Choices: the empty ones mean nothing; rows of a repeating group keep their places.
    const kept = where.repeated ? values : values.filter((value) => !isEmpty(value));
    const stored: AnswerValue[] = [];
    for (const value of kept) {
      if (isEmpty(value)) {
        stored.push(null);
        continue;
      }
      const checked = checkValue(where.field, value);
      if ('problem' in checked) problem(`arrayData.${id}`, checked.problem);
      else stored.push(checked.value);
    }
    if (stored.length) answers.arrayData[id] = stored;
  }

  // Only where files may go; whether the ids are the caller's uploads of the right type is checked
  // when they are attached (uploaded-files-repository.ts).
  for (const id of Object.keys(payload.filesDataUUID ?? {})) {
    if (placed.get(id)?.slot !== 'files') problem(`filesDataUUID.${id}`, UNKNOWN_FIELD_MESSAGE);
  }

  for (const [id, note] of Object.entries(payload.noteData ?? {})) {
    if (!note.trim()) continue;
    const field = placed.get(id)?.field;
    if (!field?.noteEnabled) problem(`noteData.${id}`, NOTE_NOT_ENABLED_MESSAGE);
    else answers.noteData[id] = note;
  }

  if (!draft) {
    for (const [id, { field, slot, repeated }] of placed) {
      if (!field.required || slot === 'none') continue;
      const path = `${slot === 'files' ? 'filesDataUUID' : slot}.${id}`;
      if (problems[path]) continue;
      const missing =
        slot === 'files'
          ? !payload.filesDataUUID?.[id]?.length
          : slot === 'arrayData'
            ? !answers.arrayData[id]?.length ||
              (repeated && answers.arrayData[id]!.some((value) => value === null))
            : answers.data[id] === undefined && !answers.fieldAlternativeAnswer[id];
      if (missing) problem(path, ANSWER_REQUIRED_MESSAGE);
    }
  }

  if (Object.keys(problems).length) {
    return {
      ok: false,
      message: onlyRequired ? FILL_ALL_REQUIRED_MESSAGE : invalidAnswersMessage,
      fields: problems,
    };
  }
  return { ok: true, answers };
}
