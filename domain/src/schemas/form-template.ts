import * as z from 'zod/mini';
import { normalizePhone } from './profile';

/**
 * A form's template (layout): a FORM element whose children are ROWs holding fields, each field
 * with its configuration, dictionary and scoring rules (§3). The editor builds it, the API stores it
 * (`layoutElementObject` of the form payload) and refuses what this schema refuses, with the same
 * Polish messages (§5), at the path of the offending field.
 */

export const FIELD_DATA_TYPES = [
  'TEXT',
  'TEXTAREA',
  'NUMBER',
  'FILE',
  'SIGN',
  'LOCATION',
  'DICTIONARY',
  'TIME',
  'DATE',
  'DATETIME',
  'GROUP',
  'REPEATING_GROUP',
  'BOOL',
  'PESEL',
  'QRCODE',
  'LABEL',
] as const;
export const fieldDataType = z.enum(FIELD_DATA_TYPES);
export type FieldDataType = z.infer<typeof fieldDataType>;

/** What the editor's palette offers (§2); the other types come from imported or older forms. */
export const PALETTE_FIELD_TYPES = [
  'TEXT',
  'TEXTAREA',
  'NUMBER',
  'DATE',
  'FILE',
  'LOCATION',
  'TIME',
  'DICTIONARY',
  'LABEL',
] as const satisfies readonly FieldDataType[];

/** Fields holding rows of other fields (one level: a group holds no group). */
const GROUP_TYPES: readonly FieldDataType[] = ['GROUP', 'REPEATING_GROUP'];

export const NUMBER_TYPES = ['INTEGER', 'DECIMAL'] as const;
export const FILE_TYPES = ['Document', 'Image', 'Movie', 'Any'] as const;
export const LABEL_TYPES = ['text', 'file'] as const;
export const DICTIONARY_TYPES = ['string', 'number'] as const;
export const RULE_OPERATORS = ['GREATER_THAN', 'LESS_THAN', 'EQUALS', 'BETWEEN'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
/** How the rule editor and the rule messages name each operator. */
export const RULE_OPERATOR_LABELS: Record<RuleOperator, string> = {
  GREATER_THAN: 'Większe niż',
  LESS_THAN: 'Mniejsze niż',
  EQUALS: 'Równe',
  BETWEEN: 'Pomiędzy',
};

/** Text fields: one row unless more are asked for; a multiline field shows 2 to 4 rows. */
export const DEFAULT_TEXT_MAX_ROWS = 1;
export const MAX_DECIMAL_DIGITS = 10;
/** A bound on what one form may hold, so a single request cannot make the server chew forever. */
export const MAX_FIELDS_PER_FORM = 2000;

export const REQUIRED_MESSAGE = 'To pole jest wymagane';
export const NUMBER_TYPE_MISSING_MESSAGE = 'Brak ustawionego typu liczby';
export const MAX_BELOW_MIN_MESSAGE = 'Wartość maksymalna jest mniejsza od wartości minimalnej';
export const TEXT_SIZE_MISSING_MESSAGE = 'Brak ustawionej liczby znaków';
export const TEXT_SIZE_POSITIVE_MESSAGE = 'Liczba znaków musi być dodatnia';
export const TEXT_SIZE_INTEGER_MESSAGE = 'Liczba znaków musi być liczbą całkowitą';
export const MAX_ROWS_MISSING_MESSAGE = 'Brak ustawionej liczby wierszy';
export const MAX_ROWS_POSITIVE_MESSAGE = 'Liczba wierszy musi być dodatnia';
export const MAX_ROWS_INTEGER_MESSAGE = 'Liczba wierszy musi być liczbą całkowitą';
export const MAX_FILES_MISSING_MESSAGE = 'Brak ustawionej maksymalnej liczby plików';
export const MAX_FILES_FORMAT_MESSAGE = 'Maksymalna liczba plików musi być nieujemną liczbą całkowitą';
export const DICTIONARY_MISSING_MESSAGE = 'Słownik musi mieć co najmniej jedną wartość';
export const DICTIONARY_VALUE_MESSAGE = 'Wartość słownika nie pasuje do jego typu';
export const WEIGHT_MESSAGE = 'Waga nie może być ujemna';
export const RULE_ARG2_MESSAGE = `Drugi argument jest wymagany dla operatora „${RULE_OPERATOR_LABELS.BETWEEN}”`;
export const FIELD_RULE_EFFECT_MESSAGE = 'Podaj kolor lub tekst reguły';
export const FORM_RULE_EFFECT_MESSAGE = 'Podaj kolor, tekst lub wiadomość SMS reguły';
export const SMS_PHONE_MESSAGE = 'Nieprawidłowy numer telefonu';
export const DUPLICATE_FIELD_ID_MESSAGE = 'Identyfikator pola powtarza się w formularzu';
export const NESTED_GROUP_MESSAGE = 'Grupa nie może zawierać innej grupy';
export const ROWS_ONLY_IN_GROUPS_MESSAGE = 'Tylko grupa może zawierać wiersze pól';
export const TOO_MANY_FIELDS_MESSAGE = `Formularz może mieć najwyżej ${MAX_FIELDS_PER_FORM} pól`;

/** `#rgb` or `#rrggbb`: the colour a rule or an answer marks a result with. */
const colour = z.nullable(
  z.string().check(z.regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Nieprawidłowy kolor')),
);
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
const weight = z.optional(z.nullable(z.number().check(z.minimum(0, WEIGHT_MESSAGE))));

export const dictionaryValue = z.object({
  stringValue: optionalText(500),
  intValue: z.optional(z.nullable(z.number())),
  weight,
  color: z.optional(colour),
  text: optionalText(1000),
});
export type DictionaryValue = z.infer<typeof dictionaryValue>;

export const dictionary = z
  .object({
    type: z.enum(DICTIONARY_TYPES),
    dictionaryValues: z.array(dictionaryValue).check(z.minLength(1, DICTIONARY_MISSING_MESSAGE)),
  })
  .check(
    z.superRefine((value, ctx) => {
      value.dictionaryValues.forEach((entry, index) => {
        const matches =
          value.type === 'string'
            ? typeof entry.stringValue === 'string' && entry.stringValue.trim() !== ''
            : typeof entry.intValue === 'number';
        if (!matches) {
          ctx.addIssue({
            code: 'custom',
            message: DICTIONARY_VALUE_MESSAGE,
            path: ['dictionaryValues', index, value.type === 'string' ? 'stringValue' : 'intValue'],
            input: entry,
          });
        }
      });
    }),
  );
export type Dictionary = z.infer<typeof dictionary>;

/** Rule arguments are numbers: the editor turns the commas people type into dots before sending. */
const ruleShape = {
  operator: z.enum(RULE_OPERATORS),
  arg1: z.number(),
  arg2: z.optional(z.nullable(z.number())),
  color: z.optional(colour),
  text: optionalText(1000),
};

function requireArg2ForBetween(
  rule: { operator: RuleOperator; arg2?: number | null },
  ctx: z.core.$RefinementCtx,
) {
  if (rule.operator === 'BETWEEN' && typeof rule.arg2 !== 'number') {
    ctx.addIssue({ code: 'custom', message: RULE_ARG2_MESSAGE, path: ['arg2'], input: rule });
  }
}

export const fieldRule = z.object({ ...ruleShape, weight }).check(
  z.superRefine((rule, ctx) => {
    requireArg2ForBetween(rule, ctx);
    if (!rule.color && !rule.text) {
      ctx.addIssue({ code: 'custom', message: FIELD_RULE_EFFECT_MESSAGE, path: ['color'], input: rule });
    }
  }),
);
export type FieldRule = z.infer<typeof fieldRule>;

/**
 * An SMS number as stored: `+` and digits, a national number getting Poland's dial code (§9
 * "Default phone country: Poland"); empty when nothing was typed.
 */
export function normalizeSmsPhone(typed: string): string {
  return normalizePhone(typed) ?? '';
}

export const formRule = z
  .object({
    ...ruleShape,
    smsMessage: optionalText(1000),
    smsPhone: z.optional(
      z.nullable(
        z.string().check(z.overwrite(normalizeSmsPhone), z.regex(/^(\+\d{6,15})?$/, SMS_PHONE_MESSAGE)),
      ),
    ),
  })
  .check(
    z.superRefine((rule, ctx) => {
      requireArg2ForBetween(rule, ctx);
      if (!rule.color && !rule.text && !rule.smsMessage) {
        ctx.addIssue({ code: 'custom', message: FORM_RULE_EFFECT_MESSAGE, path: ['color'], input: rule });
      }
    }),
  );
export type FormRule = z.infer<typeof formRule>;

/** The configuration every field may carry; which parts apply depends on its type (§3). */
const fieldShape = {
  /** Chosen by the editor, unique within the form: filled data and rules refer to fields by it. */
  id: z.string().check(z.minLength(1, REQUIRED_MESSAGE), z.maxLength(100)),
  type: fieldDataType,
  label: optionalText(1000),
  /** Hint or placeholder (or the text of a LABEL). */
  text: optionalText(5000),
  required: z.optional(z.boolean()),
  noteEnabled: z.optional(z.boolean()),
  showInTableView: z.optional(z.boolean()),
  size: z.optional(z.nullable(z.number())),
  maxRows: z.optional(z.nullable(z.number())),
  numberType: z.optional(z.nullable(z.enum(NUMBER_TYPES))),
  decimalDigitNumber: z.optional(
    z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_DECIMAL_DIGITS))),
  ),
  minValue: z.optional(z.nullable(z.number())),
  maxValue: z.optional(z.nullable(z.number())),
  maxNumberOfFiles: z.optional(z.nullable(z.number())),
  fileType: z.optional(z.nullable(z.enum(FILE_TYPES))),
  dictionary: z.optional(z.nullable(dictionary)),
  allowMultipleAnswers: z.optional(z.boolean()),
  allowAlternativeAnswer: z.optional(z.boolean()),
  alternativeAnswerLabel: optionalText(500),
  /** Also keep the dictionary among the organization's saved fields (`GET /api/form_layouts/saved_fields`). */
  saveDictionaryGlobally: z.optional(z.boolean()),
  labelType: z.optional(z.nullable(z.enum(LABEL_TYPES))),
  fieldRules: z.optional(z.array(fieldRule)),
};

type FieldConfiguration = z.infer<z.ZodMiniObject<typeof fieldShape>>;

function issue(ctx: z.core.$RefinementCtx, field: FieldConfiguration, path: string, message: string) {
  ctx.addIssue({ code: 'custom', message, path: [path], input: field });
}

/** A count the editor asks for (characters, rows): missing, not positive, or fractional. */
function checkCount(
  ctx: z.core.$RefinementCtx,
  field: FieldConfiguration,
  path: 'size' | 'maxRows',
  messages: { missing: string; positive: string; integer: string },
) {
  const value = field[path];
  if (typeof value !== 'number') issue(ctx, field, path, messages.missing);
  else if (value <= 0) issue(ctx, field, path, messages.positive);
  else if (!Number.isInteger(value)) issue(ctx, field, path, messages.integer);
}

/** §5 "Form builder (per field)". */
function checkFieldConfiguration(field: FieldConfiguration, ctx: z.core.$RefinementCtx) {
  switch (field.type) {
    case 'TEXT':
    case 'TEXTAREA':
      checkCount(ctx, field, 'size', {
        missing: TEXT_SIZE_MISSING_MESSAGE,
        positive: TEXT_SIZE_POSITIVE_MESSAGE,
        integer: TEXT_SIZE_INTEGER_MESSAGE,
      });
      if (field.type === 'TEXT') {
        checkCount(ctx, field, 'maxRows', {
          missing: MAX_ROWS_MISSING_MESSAGE,
          positive: MAX_ROWS_POSITIVE_MESSAGE,
          integer: MAX_ROWS_INTEGER_MESSAGE,
        });
      }
      break;
    case 'NUMBER':
      if (!field.numberType) issue(ctx, field, 'numberType', NUMBER_TYPE_MISSING_MESSAGE);
      if (
        typeof field.minValue === 'number' &&
        typeof field.maxValue === 'number' &&
        field.maxValue < field.minValue
      ) {
        issue(ctx, field, 'maxValue', MAX_BELOW_MIN_MESSAGE);
      }
      break;
    case 'FILE': {
      const max = field.maxNumberOfFiles;
      if (typeof max !== 'number') issue(ctx, field, 'maxNumberOfFiles', MAX_FILES_MISSING_MESSAGE);
      else if (max < 0 || !Number.isInteger(max))
        issue(ctx, field, 'maxNumberOfFiles', MAX_FILES_FORMAT_MESSAGE);
      break;
    }
    case 'DICTIONARY':
      if (!field.dictionary) issue(ctx, field, 'dictionary', DICTIONARY_MISSING_MESSAGE);
      break;
  }
}

/** A field inside a group's rows. */
export const groupMemberField = z.object({ ...fieldShape }).check(
  z.superRefine((field, ctx) => {
    if (GROUP_TYPES.includes(field.type)) issue(ctx, field, 'type', NESTED_GROUP_MESSAGE);
    checkFieldConfiguration(field, ctx);
  }),
);

export const groupRow = z.object({
  type: z.literal('ROW'),
  children: z.array(groupMemberField),
});

export const templateField = z
  .object({
    ...fieldShape,
    /** GROUP and REPEATING_GROUP only: the rows of fields they hold. */
    children: z.optional(z.array(groupRow)),
  })
  .check(
    z.superRefine((field, ctx) => {
      if (field.children?.length && !GROUP_TYPES.includes(field.type)) {
        issue(ctx, field, 'children', ROWS_ONLY_IN_GROUPS_MESSAGE);
      }
      checkFieldConfiguration(field, ctx);
    }),
  );
export type TemplateField = z.infer<typeof templateField>;

export const templateRow = z.object({
  type: z.literal('ROW'),
  children: z.array(templateField),
});
export type TemplateRow = z.infer<typeof templateRow>;

type LaidOutField = { field: TemplateField | z.infer<typeof groupMemberField>; path: (string | number)[] };

/**
 * The fields of each layout already listed. A form's layout is read once and kept for its saves
 * (the API's form cache), each of which scores, checks and answers field by field.
 */
const fieldsOfLayout = new WeakMap<FormLayout, readonly LaidOutField[]>();

/**
 * Every field of a template with its path from the FORM element, group members included. Listed
 * once per layout object: a layout is not changed once read.
 */
export function templateFields(layout: FormLayout): readonly LaidOutField[] {
  let fields = fieldsOfLayout.get(layout);
  if (!fields) {
    fields = Object.freeze(listFields(layout));
    fieldsOfLayout.set(layout, fields);
  }
  return fields;
}

function listFields(layout: FormLayout): LaidOutField[] {
  return layout.children.flatMap((row, rowIndex) =>
    row.children.flatMap((field, fieldIndex) => {
      const path = ['children', rowIndex, 'children', fieldIndex];
      const members = (field.children ?? []).flatMap((groupRowItem, memberRow) =>
        groupRowItem.children.map((member, memberIndex) => ({
          field: member,
          path: [...path, 'children', memberRow, 'children', memberIndex],
        })),
      );
      return [{ field, path }, ...members];
    }),
  );
}

export const formLayout = z
  .object({
    type: z.literal('FORM'),
    children: z.array(templateRow),
  })
  .check(
    z.superRefine((layout, ctx) => {
      const fields = templateFields(layout);
      if (fields.length > MAX_FIELDS_PER_FORM) {
        ctx.addIssue({ code: 'custom', message: TOO_MANY_FIELDS_MESSAGE, path: ['children'], input: layout });
      }
      const seen = new Set<string>();
      for (const { field, path } of fields) {
        if (seen.has(field.id)) {
          ctx.addIssue({
            code: 'custom',
            message: DUPLICATE_FIELD_ID_MESSAGE,
            path: [...path, 'id'],
            input: field,
          });
        }
        seen.add(field.id);
      }
    }),
  );
export type FormLayout = z.infer<typeof formLayout>;

export const EMPTY_FORM_LAYOUT: FormLayout = { type: 'FORM', children: [] };

/**
 * A form is empty when it has nothing to fill: labels alone collect no answers, so a form of
 * labels cannot be activated either.
 */
export function isTemplateEmpty(layout: FormLayout): boolean {
  return templateFields(layout).every(({ field }) => field.type === 'LABEL');
}

/** A dictionary kept by the organization for reuse in other forms (`saveDictionaryGlobally`). */
export const savedField = z.object({
  id: z.number(),
  label: z.string(),
  dictionary,
});
export type SavedField = z.infer<typeof savedField>;
export const savedFieldList = z.array(savedField);
