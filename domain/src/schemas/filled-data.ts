import * as z from 'zod/mini';
import { fieldDataType } from './form-template';
import { pagingQuery } from './paging';
import { CHARACTERS, countOf } from './plural';
import { uploadedFile } from './uploads';

/**
 * Filled forms (form data) (§3 "Filled form", "Save payload for filled data"; §4 "Filled form
 * states"; §5 "Filling"; §7 "Filled data"; §8 "Form save"). The filling page sends the save payload
 * to `POST /api/form_data/` and `PUT /api/form_data/{id}` (`?draft=true` for a draft); the server
 * checks the answers against the form's template with the messages below and scores them at submit.
 */

export const FILLED_FORM_STATES = ['MISSED', 'SAVED', 'COMPLETED'] as const;
export const filledFormState = z.enum(FILLED_FORM_STATES);
export type FilledFormState = z.infer<typeof filledFormState>;

/* ------------------------------------------------------------ messages (§5, §8) */

export const ANSWER_REQUIRED_MESSAGE = 'To pole musi zostać wypełnione';
export const FILL_ALL_REQUIRED_MESSAGE = 'Wypełnij wszystkie wymagane pola';
export const REQUIRED_HINT = '* Pole wymagane';
export const INVALID_VALUE_MESSAGE = 'Nieprawidłowa wartość';
export const INVALID_FORMAT_MESSAGE = 'Nieprawidłowy format';
export const DATE_OUT_OF_RANGE_MESSAGE = 'Data wykracza poza zakres';
export const INVALID_PESEL_MESSAGE = 'Nieprawidłowy numer PESEL';
export const UNKNOWN_FIELD_MESSAGE = 'Formularz nie ma takiego pola';
export const NOTE_NOT_ENABLED_MESSAGE = 'To pole nie przyjmuje uwag';
export const ALTERNATIVE_NOT_ALLOWED_MESSAGE = 'To pole nie przyjmuje innej odpowiedzi';
export const FILES_NOT_AVAILABLE_MESSAGE = 'Nie znaleziono przesłanego pliku';
export const textTooLongMessage = (size: number) => `Najwyżej ${countOf(size, CHARACTERS)}`;
export const invalidAnswersMessage = 'Nieprawidłowe odpowiedzi w formularzu';

export const CANNOT_FILL_MESSAGE = 'Nie można wypełnić formularza';
export const SCHEDULED_FORM_EXPIRED_MESSAGE = 'Nie możesz wysłać formularza. Termin jego dostępności minął.';
export const SCHEDULED_FORM_EXPIRED_EDIT_MESSAGE =
  'Formularz nie może zostać ponownie wypełniony. Termin jego dostępności minął.';
export const DATA_NOT_EDITABLE_MESSAGE = 'Dane nie są edytowalne';
export const DATA_NOT_EDITABLE_ANYMORE_MESSAGE = 'Czas na edycję danych minął';
export const CANNOT_DRAFT_SENT_FORM_MESSAGE = 'Nie można zapisać roboczo już wysłanego formularza';
export const DELETE_FAILED_MESSAGE = 'Nie można usunąć danych formularza';
export const DRAFT_DELETED_MESSAGE = 'Wersja robocza formularza została usunięta';
export const INVALID_IDEMPOTENCY_KEY_MESSAGE = 'Nieprawidłowy klucz zapisu (oczekiwano identyfikatora UUID)';
export const IDEMPOTENCY_KEY_TAKEN_MESSAGE = 'Ten klucz zapisu został już użyty do innego zapisu';

/** Dates are typed as dd/MM/yyyy and sent as `YYYY/MM/DD` (§5); years outside this are out of range. */
export const DATE_ANSWER_PATTERN = /^(\d{4})\/(\d{2})\/(\d{2})$/;
export const MIN_DATE_ANSWER_YEAR = 1900;
export const MAX_DATE_ANSWER_YEAR = 2100;
export const TIME_ANSWER_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const NOTE_MAX_LENGTH = 2000;
export const ANSWER_TEXT_MAX_LENGTH = 10_000;

/** PESEL: 11 digits whose last one is the checksum of the first ten with weights 1, 3, 7, 9 repeating. */
export function isValidPesel(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const weights = [1, 3, 7, 9];
  const sum = [...value.slice(0, 10)].reduce(
    (total, digit, index) => total + Number(digit) * weights[index % 4]!,
    0,
  );
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}

/**
 * A typed number as the server reads it: a number, or text with a dot or a comma (a leading
 * separator counts as `0.`); anything else (NaN included) is null.
 */
export function numberAnswer(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text.startsWith('.') || text.startsWith('-.') ? text.replace('.', '0.') : text);
}

/* ------------------------------------------------------------------ payloads */

const databaseId = z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));
const fieldKey = z.string().check(z.minLength(1), z.maxLength(100));
/** One answer: text, a number, a yes/no, or nothing. */
export const answerValue = z.nullable(
  z.union([z.string().check(z.maxLength(ANSWER_TEXT_MAX_LENGTH)), z.number(), z.boolean()]),
);
export type AnswerValue = z.infer<typeof answerValue>;
const answerArray = z.array(answerValue).check(z.maxLength(1000));

/**
 * What the filling page sends (§3 "Save payload for filled data"), keyed by the template's field
 * ids: `data` single answers; `arrayData` the choices of a multiple-answer dictionary, or one answer
 * per row for the fields of a repeating group; `noteData` only non-empty notes;
 * `fieldAlternativeAnswer` the alternative answer of a dictionary; `filesDataUUID` the ids of
 * uploaded files per field. The draft flag is the `draft` query parameter.
 */
export const filledDataPayload = z.object({
  formId: databaseId,
  scheduledFormId: z.optional(z.nullable(databaseId)),
  formMetadataId: z.optional(z.nullable(databaseId)),
  data: z.optional(z.record(fieldKey, answerValue)),
  arrayData: z.optional(z.record(fieldKey, answerArray)),
  noteData: z.optional(z.record(fieldKey, z.string().check(z.maxLength(NOTE_MAX_LENGTH)))),
  fieldAlternativeAnswer: z.optional(
    z.record(fieldKey, z.nullable(z.string().check(z.maxLength(ANSWER_TEXT_MAX_LENGTH)))),
  ),
  filesDataUUID: z.optional(z.record(fieldKey, z.array(z.string().check(z.maxLength(100))))),
});
export type FilledDataPayload = z.infer<typeof filledDataPayload>;

/** `?draft=true`: save a draft (SAVED), skipping the required-field check; otherwise submit. */
export const draftQuery = z.object({ draft: z.optional(z.enum(['true', 'false'])) });

/**
 * A save names itself with a UUID of the page's in this header, so that its retry after a lost
 * answer is answered with the form it stored, not stored again. Fastify lowercases header names.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/**
 * A submission sent from the device's queue after the connection came back names the moment it
 * was queued, by the device's clock (ISO 8601). It is shown to staff beside a refusal, never
 * trusted for a deadline: the server's receipt decides (ADR 622).
 */
export const QUEUED_AT_HEADER = 'queued-at';
export const INVALID_QUEUED_AT_MESSAGE =
  'Nieprawidłowa chwila zapisania w kolejce (oczekiwano daty ISO 8601)';
/** An upload's headers: the optional key; the other headers pass through untouched. */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z.optional(z.uuid({ error: INVALID_IDEMPOTENCY_KEY_MESSAGE })),
});
/** A save's headers: the optional key and queueing time; the other headers pass through untouched. */
export const saveHeaders = z.looseObject({
  ...idempotencyHeaders.shape,
  [QUEUED_AT_HEADER]: z.optional(z.iso.datetime({ offset: true, error: INVALID_QUEUED_AT_MESSAGE })),
});

/**
 * A submission from the device's queue that the server refused (the form paused, the access
 * removed, the edition changed, the slot's window closed): what staff see in the fill's history.
 */
export const refusedSubmission = z.object({
  id: z.number(),
  person: z.object({ id: z.number(), name: z.string() }),
  form: z.object({ id: z.number(), edition: z.number() }),
  scheduledFormId: z.nullable(z.number()),
  /** When the patient pressed "Zapisz i wyślij", by the device's clock. */
  queuedAt: z.nullable(z.string()),
  /** When the server received and refused it, by the server's clock. */
  receivedAt: z.string(),
  code: z.string(),
  reason: z.string(),
});
export type RefusedSubmission = z.infer<typeof refusedSubmission>;
export const refusedSubmissionList = z.array(refusedSubmission);
export const refusedSubmissionsQuery = z.object({
  personId: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
});

/** `POST /api/form_metadata/`: the record a filling starts with (§4 "Other"). */
export const formMetadataPayload = z.object({ form: z.object({ id: databaseId }) });
export const formMetadata = z.object({
  id: z.number(),
  form: z.object({ id: z.number() }),
  createdAt: z.string(),
});
export type FormMetadata = z.infer<typeof formMetadata>;

/* ------------------------------------------------------------------ answers */

/** The answers as stored and returned: the payload's maps, normalised (numbers as numbers). */
export const filledAnswers = z.object({
  data: z.record(z.string(), answerValue),
  arrayData: z.record(z.string(), answerArray),
  noteData: z.record(z.string(), z.string()),
  fieldAlternativeAnswer: z.record(z.string(), z.string()),
});
export type FilledAnswers = z.infer<typeof filledAnswers>;

/** What a field's answer scored (field rules and dictionary weights). */
export const itemScore = z.object({
  color: z.nullable(z.string()),
  text: z.nullable(z.string()),
  weight: z.nullable(z.number()),
});
export type ItemScore = z.infer<typeof itemScore>;

/** One answered field, as the details page shows it (§3 "items"). */
export const filledItem = z.object({
  /** The template's field id. */
  id: z.string(),
  label: z.nullable(z.string()),
  dataType: fieldDataType,
  value: answerValue,
  arrayValue: z.nullable(answerArray),
  alternativeAnswer: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** FILE and SIGN fields: the attached files; empty for other types. */
  files: z.array(uploadedFile),
  ...itemScore.shape,
});
export type FilledItem = z.infer<typeof filledItem>;

export const filledByPerson = z.object({
  id: z.number(),
  name: z.string(),
  mail: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  hospitalIdentifier: z.nullable(z.string()),
  address: z.nullable(z.record(z.string(), z.nullable(z.string()))),
});

/** A filled form without its answers (lists). */
export const filledFormSummary = z.object({
  id: z.number(),
  form: z.object({
    id: z.number(),
    name: z.string(),
    edition: z.number(),
    bag: z.object({ id: z.number() }),
  }),
  group: z.nullable(z.object({ id: z.number(), name: z.string() })),
  state: filledFormState,
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.nullable(z.string()),
  filledBy: filledByPerson,
  /** Points: null for patients, who do not see them (§6). */
  totalWeight: z.nullable(z.number()),
  color: z.nullable(z.string()),
  text: z.nullable(z.string()),
  scheduledFormId: z.nullable(z.number()),
  scheduledExecutionStart: z.nullable(z.string()),
  scheduledExecutionEnd: z.nullable(z.string()),
  /** Until when the filler may still change the answers of a COMPLETED form; null: not at all. */
  editableUntil: z.nullable(z.string()),
});
export type FilledFormSummary = z.infer<typeof filledFormSummary>;

/** `GET /api/form_data/{id}` and the answer of a save. */
export const filledForm = z.object({
  ...filledFormSummary.shape,
  formMetadataId: z.nullable(z.number()),
  ...filledAnswers.shape,
  /** FILE and SIGN fields' files by field id, as `filesDataUUID` named them. */
  filesData: z.record(z.string(), z.array(uploadedFile)),
  items: z.array(filledItem),
});
export type FilledForm = z.infer<typeof filledForm>;
export const filledFormList = z.array(filledFormSummary);

/* ------------------------------------------------------------------ lists */

export const MY_FILLED_SORT_KEYS = ['createdAt', 'updatedAt', 'completedAt', 'name'] as const;
export type MyFilledSortKey = (typeof MY_FILLED_SORT_KEYS)[number];

/** `GET /api/v2/form_data/all/my`: paged, `sortBy` with `-` for descending (default `-createdAt`). */
export const myFilledQueryV2 = z.extend(pagingQuery(MY_FILLED_SORT_KEYS), {
  state: z.optional(filledFormState),
});

/** `GET /api/form_data/all/my`: the older form of the same list, `sortBy` + `sortOrder`. */
export const myFilledQuery = z.object({
  state: z.optional(filledFormState),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500))),
  sortBy: z.optional(z.enum(MY_FILLED_SORT_KEYS)),
  sortOrder: z.optional(z.enum(['asc', 'desc'])),
});
