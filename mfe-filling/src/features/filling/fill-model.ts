import type { AnswerValue, FilledDataPayload, FilledForm } from '@formularze/domain/schemas/filled-data';
import type { FormLayout } from '@formularze/domain/schemas/form-template';
import type { UploadedFile } from '@formularze/domain/schemas/uploads';
import type { AttachedFile } from './attached-file';
import {
  answerDateToTyped,
  answerProblem,
  isBlank,
  requiredProblem,
  typedDateToAnswer,
  type DateTimeValue,
} from './field-validation';
import type { FillableField } from './fillable-field';

/**
 * The template as the fill page holds it. Field ids are the editor's free text (dots, digits...),
 * so form values are never keyed by them: every field gets a key from its position (`f0`, `f1`...)
 * and the ids come back only when the payload is built.
 */

export interface ModelField {
  key: string;
  field: FillableField;
  /** GROUP and REPEATING_GROUP: their rows of member fields. */
  rows: ModelField[][];
  /** The repeating group a member belongs to: its answers live in the group's rows. */
  repeatedIn: string | null;
}

export interface FillModel {
  rows: ModelField[][];
  /** Every field with its own value: top-level fields and members of plain groups. */
  answered: ModelField[];
  /** Every field by its template id, members of repeating groups included. */
  byId: Map<string, ModelField>;
}

/** One row of a repeating group: member key → value. */
export type RepeatedRow = Record<string, unknown>;
export type FormValues = Record<string, unknown>;

export const noteKey = (key: string) => `${key}_note`;
export const alternativeKey = (key: string) => `${key}_alt`;

const HOLDS_NO_ANSWER = new Set(['LABEL', 'GROUP', 'REPEATING_GROUP']);
const FILE_FIELDS = new Set(['FILE', 'SIGN']);
export const isFileField = (field: FillableField) => FILE_FIELDS.has(field.type);

export function buildFillModel(layout: FormLayout): FillModel {
  let next = 0;
  const answered: ModelField[] = [];
  const byId = new Map<string, ModelField>();
  const place = (field: FillableField, repeatedIn: string | null, memberRows: ModelField[][]) => {
    const entry: ModelField = { key: `f${next++}`, field, rows: memberRows, repeatedIn };
    byId.set(field.id, entry);
    if (repeatedIn === null && field.type !== 'REPEATING_GROUP') answered.push(entry);
    return entry;
  };
  const rows = layout.children.map((row) =>
    row.children.map(({ children, ...field }) => {
      const group = place(field, null, []);
      const repeatedIn = field.type === 'REPEATING_GROUP' ? group.key : null;
      group.rows = (children ?? []).map((memberRow) =>
        memberRow.children.map((member) => place(member, repeatedIn, [])),
      );
      if (field.type === 'REPEATING_GROUP') answered.push(group);
      return group;
    }),
  );
  return { rows, answered, byId };
}

/** The members of a repeating group answered in each row (labels and files are not repeated). */
export const repeatedMembers = (group: ModelField) =>
  group.rows.flat().filter(({ field }) => !HOLDS_NO_ANSWER.has(field.type) && !isFileField(field));

/* ------------------------------------------------------------ values in and out */

/** What a field's input holds before anything is answered. */
export function emptyValue(field: FillableField): unknown {
  switch (field.type) {
    case 'BOOL':
      return null;
    case 'DATETIME':
      return { date: '', time: '' } satisfies DateTimeValue;
    case 'DICTIONARY':
      return field.allowMultipleAnswers ? [] : '';
    case 'FILE':
    case 'SIGN':
      return [];
    default:
      return '';
  }
}

/** The dictionary choice (its index, as the inputs hold it) an answer names. */
function choiceOf(field: FillableField, answer: AnswerValue): string {
  const values = field.dictionary?.dictionaryValues ?? [];
  const index = values.findIndex((entry) =>
    field.dictionary?.type === 'number' ? entry.intValue === Number(answer) : entry.stringValue === answer,
  );
  return index === -1 ? '' : String(index);
}

/** A stored answer → what the field's input holds. */
function valueOfAnswer(field: FillableField, answer: AnswerValue | undefined): unknown {
  if (answer === undefined || answer === null) return emptyValue(field);
  switch (field.type) {
    case 'BOOL':
      return typeof answer === 'boolean' ? answer : null;
    case 'DATE':
      return answerDateToTyped(String(answer));
    case 'DATETIME': {
      const [date = '', time = ''] = String(answer).split(/[ T]/);
      return { date: answerDateToTyped(date), time: time.slice(0, 5) } satisfies DateTimeValue;
    }
    case 'DICTIONARY':
      return choiceOf(field, answer);
    case 'NUMBER':
      return String(answer);
    default:
      return String(answer);
  }
}

const uploaded = (files: UploadedFile[]): AttachedFile[] =>
  files.map((file) => ({ key: file.id, status: 'uploaded', uploaded: file }));

/** What the page starts with: blanks, or the answers of the draft or filled form being edited. */
export function initialValues(model: FillModel, filled: FilledForm | null): FormValues {
  const values: FormValues = {};
  for (const entry of model.answered) {
    const { key, field } = entry;
    const id = field.id;
    if (field.type === 'REPEATING_GROUP') {
      const members = repeatedMembers(entry);
      const rowCount = Math.max(
        1,
        ...members.map((member) => filled?.arrayData[member.field.id]?.length ?? 0),
      );
      values[key] = Array.from({ length: rowCount }, (_, row) =>
        Object.fromEntries(
          members.map((member) => [
            member.key,
            valueOfAnswer(member.field, filled?.arrayData[member.field.id]?.[row] ?? undefined),
          ]),
        ),
      );
    } else if (isFileField(field)) {
      values[key] = uploaded(filled?.filesData[id] ?? []);
    } else if (field.type === 'DICTIONARY' && field.allowMultipleAnswers) {
      values[key] = (filled?.arrayData[id] ?? []).map((answer) => choiceOf(field, answer)).filter(Boolean);
    } else {
      values[key] = valueOfAnswer(field, filled?.data[id]);
    }
    if (field.allowAlternativeAnswer) values[alternativeKey(key)] = filled?.fieldAlternativeAnswer[id] ?? '';
    if (field.noteEnabled) values[noteKey(key)] = filled?.noteData[id] ?? null;
  }
  return values;
}

function dictionaryAnswer(field: FillableField, choice: string): AnswerValue {
  const entry = field.dictionary?.dictionaryValues[Number(choice)];
  if (!entry) return null;
  return field.dictionary?.type === 'number' ? (entry.intValue ?? null) : (entry.stringValue ?? null);
}

/** What the field's input holds → the answer to send; null for blank (an unreadable date included). */
export function answerOf(field: FillableField, value: unknown): AnswerValue {
  if (isBlank(field, value) && field.type !== 'DICTIONARY') return null;
  switch (field.type) {
    case 'BOOL':
      return value as boolean;
    case 'DATE':
      return typedDateToAnswer(value as string);
    case 'DATETIME': {
      const { date, time } = value as DateTimeValue;
      return `${typedDateToAnswer(date)} ${time}`;
    }
    case 'DICTIONARY':
      return typeof value === 'string' && value !== '' ? dictionaryAnswer(field, value) : null;
    default:
      return typeof value === 'string' ? value.trim() : null;
  }
}

export interface PayloadContext {
  formId: number;
  scheduledFormId: number | null;
  formMetadataId: number | null;
  filesDataUUID: Record<string, string[]>;
}

/** §3 "Save payload for filled data", keyed by the template's field ids again. */
export function buildPayload(
  model: FillModel,
  values: FormValues,
  context: PayloadContext,
): FilledDataPayload {
  const data: Record<string, AnswerValue> = {};
  const arrayData: Record<string, AnswerValue[]> = {};
  const noteData: Record<string, string> = {};
  const fieldAlternativeAnswer: Record<string, string> = {};
  for (const entry of model.answered) {
    const { key, field } = entry;
    const value = values[key];
    if (field.type === 'REPEATING_GROUP') {
      const rows = (value as RepeatedRow[] | undefined) ?? [];
      for (const member of repeatedMembers(entry)) {
        arrayData[member.field.id] = rows.map((row) => answerOf(member.field, row[member.key]));
      }
    } else if (field.type === 'DICTIONARY' && field.allowMultipleAnswers) {
      const choices = ((value as string[] | undefined) ?? []).map((choice) =>
        dictionaryAnswer(field, choice),
      );
      if (choices.length) arrayData[field.id] = choices;
    } else if (!HOLDS_NO_ANSWER.has(field.type) && !isFileField(field)) {
      const answer = answerOf(field, value);
      if (answer !== null) data[field.id] = answer;
    }
    const alternative = values[alternativeKey(key)];
    if (field.allowAlternativeAnswer && typeof alternative === 'string' && alternative.trim()) {
      fieldAlternativeAnswer[field.id] = alternative.trim();
    }
    const note = values[noteKey(key)];
    // Only notes with something in them are sent (§3).
    if (field.noteEnabled && typeof note === 'string' && note.trim()) noteData[field.id] = note.trim();
  }
  return {
    formId: context.formId,
    scheduledFormId: context.scheduledFormId,
    formMetadataId: context.formMetadataId,
    data,
    arrayData,
    noteData,
    fieldAlternativeAnswer,
    filesDataUUID: context.filesDataUUID,
  };
}

/** The attached files of every FILE and SIGN field by field id (the uploads' input). */
export function filesByFieldId(model: FillModel, values: FormValues): Record<string, AttachedFile[]> {
  return Object.fromEntries(
    model.answered
      .filter(({ field }) => isFileField(field))
      .map(({ key, field }) => [field.id, (values[key] as AttachedFile[] | undefined) ?? []]),
  );
}

/* ------------------------------------------------------------ checking the whole form */

/** Field key → message; the keys in the order the fields appear, so the first one gets the focus. */
export type FieldErrors = Map<string, string>;

/** A repeating group's member problems, reported on the group (its rows are one control). */
function repeatedProblem(group: ModelField, rows: RepeatedRow[], draft: boolean): string | null {
  for (const member of repeatedMembers(group)) {
    for (const row of rows) {
      const problem = answerProblem(member.field, row[member.key]);
      if (problem?.blocking) return problem.message;
      if (!draft) {
        const missing = requiredProblem(member.field, row[member.key]);
        if (missing) return missing;
      }
    }
  }
  return null;
}

/**
 * The check before a save (§4 "Saving and submitting" 1.): wrong answers always, required fields
 * only when submitting (a draft skips them).
 */
export function checkForm(model: FillModel, values: FormValues, { draft }: { draft: boolean }): FieldErrors {
  const errors: FieldErrors = new Map();
  for (const entry of model.answered) {
    const { key, field } = entry;
    const value = values[key];
    if (field.type === 'REPEATING_GROUP') {
      const problem = repeatedProblem(entry, (value as RepeatedRow[] | undefined) ?? [], draft);
      if (problem) errors.set(key, problem);
      continue;
    }
    const problem = answerProblem(field, value);
    if (problem?.blocking) {
      errors.set(key, problem.message);
      continue;
    }
    if (draft) continue;
    const alternative = values[alternativeKey(key)];
    const missing = requiredProblem(field, value, typeof alternative === 'string' ? alternative : '');
    if (missing) errors.set(key, missing);
  }
  return errors;
}

/**
 * The server names a refused answer by its payload path (`data.<id>`, `arrayData.<id>`...); the
 * page shows it at the field (a repeating group's member at its group).
 */
export function fieldKeyOfServerPath(model: FillModel, path: string): string | null {
  const separator = path.indexOf('.');
  if (separator === -1) return null;
  const entry = model.byId.get(path.slice(separator + 1));
  if (!entry) return null;
  return entry.repeatedIn ?? entry.key;
}
