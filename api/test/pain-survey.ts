import type {
  DictionaryValue,
  FieldRule,
  FormLayout,
  TemplateField,
} from '@formularze/domain/schemas/form-template';

/**
 * The pain survey of the filled-data and rule back-test tests and of the rule back-test benchmark:
 * a pain score and a mood, each scored as the test at hand needs, laid out in one row.
 */

/** "Ból": a whole number from 0 to 10, scored by `fieldRules`. */
export const painQuestion = (
  fieldRules: FieldRule[],
  { required }: { required?: boolean } = {},
): TemplateField => ({
  id: 'pain',
  type: 'NUMBER',
  label: 'Ból',
  numberType: 'INTEGER',
  minValue: 0,
  maxValue: 10,
  ...(required === undefined ? {} : { required }),
  fieldRules,
});

/** "Nastrój": one of `choices`. */
export const moodQuestion = (choices: DictionaryValue[]): TemplateField => ({
  id: 'mood',
  type: 'DICTIONARY',
  label: 'Nastrój',
  dictionary: { type: 'string', dictionaryValues: choices },
});

/** A form of one row of `fields`. */
export const oneRowLayout = (...fields: TemplateField[]): FormLayout => ({
  type: 'FORM',
  children: [{ type: 'ROW', children: fields }],
});
