import type {
  Bundle,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
} from '@medplum/fhirtypes';
import type { AnswerValue, FilledAnswers, FilledFormState } from '../schemas/filled-data';
import { DISPLAY_TIME_ZONE } from '../schemas/display-format';
import type { FormLayout, TemplateField } from '../schemas/form-template';
import { PRODUCT_EXTENSION } from './extensions';

/**
 * A filled form → a FHIR R4 QuestionnaireResponse (ADR 416). The subject is given by the caller:
 * a pseudonym unless personal data was asked for and allowed.
 */

export interface FilledFormForFhir {
  id: number;
  /** The edition filled: its Questionnaire is `Questionnaire/{formId}`. */
  formId: number;
  edition: number;
  state: FilledFormState;
  /** When it was sent (COMPLETED), else last saved, ISO 8601. */
  authored: string | null;
  answers: Partial<FilledAnswers>;
  /** Field id → names of its attached files. */
  fileNames: Record<string, string[]>;
  /** Staff only: points and the form's message. */
  totalWeight: number | null;
  color: string | null;
  text: string | null;
}

const STATUS: Record<FilledFormState, QuestionnaireResponse['status']> = {
  COMPLETED: 'completed',
  SAVED: 'in-progress',
  // A scheduled fill that was never done: FHIR has no "missed"; "stopped" is the nearest.
  MISSED: 'stopped',
};

type Field = Omit<TemplateField, 'children'> & { children?: { children: Field[] }[] };

/** Poland's offset (`+01:00` / `+02:00`) at a local date and time, for a date-time typed without one. */
function warsawOffset(localIso: string): string {
  const instant = new Date(`${localIso}:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: DISPLAY_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = name?.replace('GMT', '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

function answerOf(field: Field, value: AnswerValue): QuestionnaireResponseItemAnswer | null {
  if (value === null || value === '') return null;
  switch (field.type) {
    case 'NUMBER':
    case 'DICTIONARY':
      if (typeof value === 'number') {
        return Number.isInteger(value) && (field.type === 'DICTIONARY' || field.numberType === 'INTEGER')
          ? { valueInteger: value }
          : field.type === 'DICTIONARY'
            ? { valueString: String(value) }
            : { valueDecimal: value };
      }
      return { valueString: String(value) };
    case 'BOOL':
      return typeof value === 'boolean' ? { valueBoolean: value } : { valueString: String(value) };
    case 'DATE': {
      const date = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(String(value));
      return date ? { valueDate: `${date[1]}-${date[2]}-${date[3]}` } : { valueString: String(value) };
    }
    case 'TIME':
      return /^\d{2}:\d{2}$/.test(String(value))
        ? { valueTime: `${value}:00` }
        : { valueString: String(value) };
    case 'DATETIME': {
      const text = String(value);
      const local = /^(\d{4})\/(\d{2})\/(\d{2})[ T](\d{2}:\d{2})$/.exec(text);
      if (local) {
        const iso = `${local[1]}-${local[2]}-${local[3]}T${local[4]}`;
        return { valueDateTime: `${iso}:00${warsawOffset(iso)}` };
      }
      return /^\d{4}-\d{2}-\d{2}T/.test(text) ? { valueDateTime: text } : { valueString: text };
    }
    default:
      return { valueString: String(value) };
  }
}

function itemOf(
  field: Field,
  answers: Partial<FilledAnswers>,
  fileNames: Record<string, string[]>,
  row?: number,
) {
  const values: AnswerValue[] =
    row !== undefined
      ? [answers.arrayData?.[field.id]?.[row] ?? null]
      : field.type === 'DICTIONARY' && field.allowMultipleAnswers
        ? (answers.arrayData?.[field.id] ?? [])
        : [answers.data?.[field.id] ?? null];
  const answer: QuestionnaireResponseItemAnswer[] = values.flatMap((value) => answerOf(field, value) ?? []);
  const alternative = answers.fieldAlternativeAnswer?.[field.id];
  if (row === undefined && alternative) answer.push({ valueString: alternative });
  if (field.type === 'FILE' || field.type === 'SIGN') {
    for (const name of fileNames[field.id] ?? []) answer.push({ valueAttachment: { title: name } });
  }
  const note = row === undefined ? answers.noteData?.[field.id] : undefined;
  if (!answer.length && !note) return null;
  const item: QuestionnaireResponseItem = { linkId: field.id };
  if (field.label) item.text = field.label;
  if (answer.length) item.answer = answer;
  if (note) item.extension = [{ url: PRODUCT_EXTENSION.note, valueString: note }];
  return item;
}

function itemsOf(
  rows: readonly { children: readonly Field[] }[],
  answers: Partial<FilledAnswers>,
  fileNames: Record<string, string[]>,
): QuestionnaireResponseItem[] {
  return rows.flatMap((row) =>
    row.children.flatMap((field): QuestionnaireResponseItem[] => {
      if (field.type === 'LABEL') return [];
      if (field.type === 'GROUP') {
        const inner = itemsOf(field.children ?? [], answers, fileNames);
        return inner.length
          ? [{ linkId: field.id, ...(field.label ? { text: field.label } : {}), item: inner }]
          : [];
      }
      if (field.type === 'REPEATING_GROUP') {
        const members = (field.children ?? []).flatMap((memberRow) => memberRow.children);
        const count = Math.max(0, ...members.map((member) => answers.arrayData?.[member.id]?.length ?? 0));
        return Array.from({ length: count }, (_, index) => ({
          linkId: field.id,
          ...(field.label ? { text: field.label } : {}),
          item: members.flatMap((member) => itemOf(member, answers, fileNames, index) ?? []),
        })).filter((group) => group.item.length > 0);
      }
      const item = itemOf(field, answers, fileNames);
      return item ? [item] : [];
    }),
  );
}

/** The QuestionnaireResponse of a filled form of `layout`, about `subject`. */
export function filledFormToResponse(
  filled: FilledFormForFhir,
  layout: FormLayout,
  subject: Reference,
): QuestionnaireResponse {
  const response: QuestionnaireResponse = {
    resourceType: 'QuestionnaireResponse',
    id: String(filled.id),
    questionnaire: `Questionnaire/${filled.formId}|${filled.edition}`,
    status: STATUS[filled.state],
    subject,
    ...(filled.authored ? { authored: filled.authored } : {}),
  };
  const extension = [
    ...(filled.totalWeight === null
      ? []
      : [{ url: PRODUCT_EXTENSION.totalScore, valueDecimal: filled.totalWeight }]),
    ...(filled.color ? [{ url: PRODUCT_EXTENSION.resultColor, valueString: filled.color }] : []),
    ...(filled.text ? [{ url: PRODUCT_EXTENSION.resultText, valueString: filled.text }] : []),
  ];
  if (extension.length) response.extension = extension;
  const items = itemsOf(layout.children as { children: Field[] }[], filled.answers, filled.fileNames);
  if (items.length) response.item = items;
  return response;
}

/** Responses as one Bundle (`searchset` for a search of the API, `collection` otherwise). */
export function responsesBundle(
  responses: readonly QuestionnaireResponse[],
  type: 'searchset' | 'collection',
  timestamp: string,
): Bundle<QuestionnaireResponse> {
  return {
    resourceType: 'Bundle',
    type,
    timestamp,
    ...(type === 'searchset' ? { total: responses.length } : {}),
    entry: responses.map((resource) => ({
      fullUrl: `urn:uuid:${uuidOf(resource.id!)}`,
      resource,
      ...(type === 'searchset' ? { search: { mode: 'match' as const } } : {}),
    })),
  };
}

/** A stable UUID-shaped name of a response within a bundle (from its id; not random, not secret). */
function uuidOf(id: string): string {
  const hex = Number(id).toString(16).padStart(12, '0').slice(-12);
  return `00000000-0000-4000-8000-${hex}`;
}
