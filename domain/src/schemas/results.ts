import * as z from 'zod/mini';
import { filledAnswers, filledFormState, itemScore } from './filled-data';
import { fieldDataType } from './form-template';
import { calendarDate } from './forms';
import { MAX_PAGE_SIZE, pagedResponse, type SortBy } from './paging';
import { uploadedFile } from './uploads';

/**
 * Results of filled forms (§2 "Filled-form results of a form", "Results page"; §3 "Result row";
 * §7 "Filled data"): `POST /api/form_data/latest_for_projects_and_users` (the /results table, one
 * row per person and form edition: the latest filling) and
 * `POST /api/form_data/by_form_id_extended/{formId}?showMissedForms=` (every filling of one form
 * edition, with its answers). Both take `{ page, pageSize, sort, q }`; `q` is the filter language below.
 *
 * Rows are COMPLETED fillings and, where asked for, MISSED slots; drafts (SAVED) are the filler's
 * own until sent and never appear. Patients get only their own rows and never points: `totalWeight`,
 * `color`, `text` and field weights are null for them, and sorting or filtering by points is refused.
 */

/* ------------------------------------------------------------------ rows */

export const resultAddress = z.object({
  street: z.nullable(z.string()),
  city: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  post: z.nullable(z.string()),
});
export type ResultAddress = z.infer<typeof resultAddress>;

export const resultPerson = z.object({
  id: z.number(),
  name: z.string(),
  mail: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  hospitalIdentifier: z.nullable(z.string()),
  address: z.nullable(resultAddress),
});
export type ResultPerson = z.infer<typeof resultPerson>;

export const resultForm = z.object({
  id: z.number(),
  name: z.string(),
  edition: z.number(),
  bag: z.object({ id: z.number() }),
});

/** One row of the /results table (§3 "Result row"). */
export const resultRow = z.object({
  formDataId: z.number(),
  state: filledFormState,
  /** Points and the message they earned: null for patients (§6), and for MISSED rows. */
  totalWeight: z.nullable(z.number()),
  color: z.nullable(z.string()),
  text: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  filledBy: resultPerson,
  form: resultForm,
  group: z.nullable(z.object({ id: z.number(), name: z.string() })),
  /** How many times this person sent this form edition (MISSED slots are not counted). */
  filledFormsPerPersonCount: z.number(),
  scheduledExecutionStart: z.nullable(z.string()),
  scheduledExecutionEnd: z.nullable(z.string()),
});
export type ResultRow = z.infer<typeof resultRow>;

/** One row of the per-form table: the filling with its answers and each field's score. */
export const formResultRow = z.object({
  ...resultRow.shape,
  ...filledAnswers.shape,
  /** Field id → the answer's score; `weight` is null for patients. */
  itemScores: z.record(z.string(), itemScore),
  /** FILE and SIGN fields' files by field id, as on the details page. */
  filesData: z.record(z.string(), z.array(uploadedFile)),
  /** Until when the filler may still change the answers; null: not at all. */
  editableUntil: z.nullable(z.string()),
});
export type FormResultRow = z.infer<typeof formResultRow>;

/** A column of the per-form table: a field of the edition's template. */
export const resultField = z.object({
  id: z.string(),
  label: z.nullable(z.string()),
  dataType: fieldDataType,
});
export type ResultField = z.infer<typeof resultField>;

/** An edition of the form's bag, for the version selector (newest first). */
export const resultEdition = z.object({ id: z.number(), name: z.string(), edition: z.number() });
export type ResultEdition = z.infer<typeof resultEdition>;

/* ------------------------------------------------------------------ filter language */

export const RESULT_FILTER_OPERATORS = ['contains', 'is', 'between'] as const;
export type ResultFilterOperator = (typeof RESULT_FILTER_OPERATORS)[number];

/**
 * The fields a condition may name and the operators each takes:
 * - `filledBy` contains: name, e-mail, phone or hospital ID; is: the person's id.
 * - `completedAt` is: a calendar day `YYYY-MM-DD` (in Poland); between: `[from, to]`, each a day
 *   (from its start / to its end) or an ISO instant, either end null for open.
 * - `totalWeight` is a number, between `[min, max]` (inclusive).
 * - `group.name`, `form.name` contains or is (case-insensitive).
 * - `form.id` is: a form edition's id; `state` is: MISSED, SAVED or COMPLETED.
 * - `data.{fieldId}` (the answer): contains text; is text, a number or yes/no; between numbers
 *   (compared as numbers) or text (compared as text: dates are `YYYY/MM/DD`).
 * - `fieldWeight.{fieldId}` (the answer's points): is a number, between numbers.
 */
export const RESULT_FILTER_FIELDS = [
  'filledBy',
  'completedAt',
  'totalWeight',
  'group.name',
  'form.name',
  'form.id',
  'state',
] as const;
export type ResultFilterField =
  (typeof RESULT_FILTER_FIELDS)[number] | `data.${string}` | `fieldWeight.${string}`;

const OPERATORS_BY_FIELD: Record<
  (typeof RESULT_FILTER_FIELDS)[number] | 'data' | 'fieldWeight',
  readonly ResultFilterOperator[]
> = {
  filledBy: ['contains', 'is'],
  completedAt: ['is', 'between'],
  totalWeight: ['is', 'between'],
  'group.name': ['contains', 'is'],
  'form.name': ['contains', 'is'],
  'form.id': ['is'],
  state: ['is'],
  data: ['contains', 'is', 'between'],
  fieldWeight: ['is', 'between'],
};

/** Fields that reveal points: patients may not filter or sort by them. */
export const isPointsField = (field: string) => field === 'totalWeight' || field.startsWith('fieldWeight.');

export const FIELD_ID_MAX_LENGTH = 100;
export const FILTER_TEXT_MAX_LENGTH = 200;
export const MAX_FILTER_CONDITIONS = 20;

const filterScalar = z.union([
  z.string().check(z.maxLength(FILTER_TEXT_MAX_LENGTH)),
  z.number().check(z.refine(Number.isFinite)),
  z.boolean(),
]);
const filterBound = z.nullable(z.union([z.string().check(z.maxLength(FILTER_TEXT_MAX_LENGTH)), z.number()]));

/** One condition: `{ field, operator, value }`; `between` takes `value: [from, to]`. */
export const resultFilterCondition = z.union([
  z.strictObject({
    field: z.string().check(z.maxLength(FIELD_ID_MAX_LENGTH + 20)),
    operator: z.enum(['contains', 'is']),
    value: filterScalar,
  }),
  z.strictObject({
    field: z.string().check(z.maxLength(FIELD_ID_MAX_LENGTH + 20)),
    operator: z.literal('between'),
    value: z.tuple([filterBound, filterBound]),
  }),
]);
export type ResultFilterCondition = z.infer<typeof resultFilterCondition>;

export const INVALID_FILTER_CODE = 'invalid-filter';
export const INVALID_FILTER_MESSAGE = 'Nieprawidłowy filtr wyników';
export const unknownFilterFieldMessage = (field: string) => `Nie można filtrować wyników po polu „${field}”`;
export const filterOperatorMessage = (field: string, operator: string) =>
  `Pole „${field}” nie przyjmuje warunku „${operator}”`;
export const filterValueMessage = (field: string) => `Nieprawidłowa wartość filtra pola „${field}”`;
/** Patients do not see points, so they cannot filter by them either. */
export const POINTS_FILTER_MESSAGE = 'Nie można filtrować wyników po punktach';
export const unknownFilterOperatorMessage = (operator: string) => `Nieznany warunek filtra „${operator}”`;

const fieldKind = (field: string): keyof typeof OPERATORS_BY_FIELD | null => {
  const dynamic = /^(data|fieldWeight)\.(.+)$/.exec(field);
  if (dynamic)
    return dynamic[2]!.length <= FIELD_ID_MAX_LENGTH ? (dynamic[1] as 'data' | 'fieldWeight') : null;
  return (RESULT_FILTER_FIELDS as readonly string[]).includes(field)
    ? (field as (typeof RESULT_FILTER_FIELDS)[number])
    : null;
};

const isInstantOrDay = (value: unknown) =>
  typeof value === 'string' &&
  (calendarDate.safeParse(value).success || z.iso.datetime({ offset: true }).safeParse(value).success);

/** Whether the value suits the field and operator (the shape was checked by the schema). */
function valueFits(kind: keyof typeof OPERATORS_BY_FIELD, condition: ResultFilterCondition): boolean {
  const { value } = condition;
  if (Array.isArray(value)) {
    const [from, to] = value;
    if (from === null && to === null) return false;
    const bounds = value.filter((bound) => bound !== null);
    if (kind === 'completedAt') return bounds.every(isInstantOrDay);
    if (kind === 'data')
      return bounds.every((b) => typeof b === 'number') || bounds.every((b) => typeof b === 'string');
    return bounds.every((bound) => typeof bound === 'number');
  }
  switch (kind) {
    case 'completedAt':
      return typeof value === 'string' && calendarDate.safeParse(value).success;
    case 'totalWeight':
    case 'fieldWeight':
      return typeof value === 'number';
    case 'form.id':
      return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
    case 'filledBy':
      return condition.operator === 'is'
        ? typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647
        : typeof value === 'string' && value.trim() !== '';
    case 'state':
      return filledFormState.safeParse(value).success;
    case 'data':
      return condition.operator === 'contains' ? typeof value === 'string' && value !== '' : true;
    default:
      return typeof value === 'string' && value.trim() !== '';
  }
}

/** Why the condition cannot be used, in Polish; null when it can. */
export function filterConditionProblem(condition: ResultFilterCondition): string | null {
  const kind = fieldKind(condition.field);
  if (!kind) return unknownFilterFieldMessage(condition.field);
  if (!OPERATORS_BY_FIELD[kind].includes(condition.operator)) {
    return filterOperatorMessage(condition.field, condition.operator);
  }
  return valueFits(kind, condition) ? null : filterValueMessage(condition.field);
}

/** `q`: the conditions, all of which a row must meet. */
export const resultFilter = z.array(resultFilterCondition).check(
  z.maxLength(MAX_FILTER_CONDITIONS),
  z.superRefine((conditions, ctx) => {
    conditions.forEach((condition, index) => {
      const problem = filterConditionProblem(condition);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [index], input: conditions });
    });
  }),
);
export type ResultFilter = z.infer<typeof resultFilter>;

/**
 * Reads `q` as a client sent it: the array itself (request bodies) or its JSON text (query strings).
 * Anything else is a Polish message for a 400 with the code `invalid-filter`.
 */
export function parseResultFilter(
  input: unknown,
): { ok: true; filter: ResultFilter } | { ok: false; message: string } {
  if (input === undefined || input === null || input === '') return { ok: true, filter: [] };
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, message: INVALID_FILTER_MESSAGE };
    }
  }
  const unknownOperator = Array.isArray(value)
    ? value.find(
        (condition: unknown) =>
          typeof condition === 'object' &&
          condition !== null &&
          !(RESULT_FILTER_OPERATORS as readonly unknown[]).includes(
            (condition as { operator?: unknown }).operator,
          ),
      )
    : undefined;
  if (unknownOperator) {
    return { ok: false, message: unknownFilterOperatorMessage(String(unknownOperator.operator)) };
  }
  const parsed = resultFilter.safeParse(value);
  if (parsed.success) return { ok: true, filter: parsed.data };
  const custom = parsed.error.issues.find((issue) => issue.code === 'custom');
  return { ok: false, message: custom?.message ?? INVALID_FILTER_MESSAGE };
}

/* ------------------------------------------------------------------ requests */

export const RESULT_SORT_KEYS = [
  'completedAt',
  'totalWeight',
  'filledBy',
  'hospitalIdentifier',
  'group.name',
  'form.name',
  'state',
  'filledFormsPerPersonCount',
] as const;
export type ResultSortKey = (typeof RESULT_SORT_KEYS)[number];
export type ResultSort = SortBy<ResultSortKey>;
const resultSortValues = [...RESULT_SORT_KEYS, ...RESULT_SORT_KEYS.map((key) => `-${key}` as const)] as [
  ResultSort,
  ...ResultSort[],
];

/** §9: the /results table pages by 10, 25, 50 or 100 (default 10), sorted by points, highest first. */
export const RESULTS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_RESULTS_PAGE_SIZE = 10;
export const DEFAULT_RESULTS_SORT: ResultSort = '-totalWeight';
/** The per-form table: newest fillings first (page sizes are `PAGE_SIZES`, default 100). */
export const DEFAULT_FORM_RESULTS_SORT: ResultSort = '-completedAt';
/** Without points (patients), a points sort falls back to this. */
export const POINTLESS_RESULTS_SORT: ResultSort = '-completedAt';

const pageFields = {
  page: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
  pageSize: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE))),
  sort: z.optional(z.enum(resultSortValues)),
  q: z.optional(resultFilter),
};

/** `POST /api/form_data/latest_for_projects_and_users`. */
export const latestResultsRequest = z.object(pageFields);
export type LatestResultsRequest = z.infer<typeof latestResultsRequest>;

/** `POST /api/form_data/by_form_id_extended/{formId}`; `personId`: one person's fillings only. */
export const formResultsRequest = z.object({
  ...pageFields,
  personId: z.optional(z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
});
export type FormResultsRequest = z.infer<typeof formResultsRequest>;

/** `?showMissedForms=true`: MISSED slots are listed too (off by default). */
export const formResultsQuery = z.object({ showMissedForms: z.optional(z.enum(['true', 'false'])) });

/* ------------------------------------------------------------------ answers */

export const latestResultsPage = pagedResponse(resultRow);
export type LatestResultsPage = z.infer<typeof latestResultsPage>;

/** The per-form page: the edition shown, its fields (columns), the bag's editions, and a page of rows. */
export const formResultsPage = z.object({
  form: z.object({ ...resultForm.shape, group: z.nullable(z.object({ id: z.number(), name: z.string() })) }),
  fields: z.array(resultField),
  editions: z.array(resultEdition),
  ...pagedResponse(formResultRow).shape,
});
export type FormResultsPage = z.infer<typeof formResultsPage>;
