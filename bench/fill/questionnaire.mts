// One questionnaire description, and the same questionnaire as each renderer takes it: the product's
// form payload, a SurveyJS survey and a Form.io form. Every field is required and they all sit on one
// page. The mix repeats every 20 fields: 8 single choices of 5 options (40%), 4 text fields (20%),
// 4 numbers with a minimum and a maximum (20%), 2 dates (10%) and 2 multiple choices (10%); the cycle
// puts a text field at position 150 and a single choice at position 100, the two fields measured.
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import type { FormPayload } from '@formularze/domain/schemas/forms';

export type QuestionKind = 'single' | 'text' | 'number' | 'date' | 'multiple';

export interface Question {
  /** `pytanie_<n>`: the field's key in every renderer. */
  key: string;
  /** `Pytanie <n>`: how a person (and the benchmark) finds the field. */
  label: string;
  kind: QuestionKind;
}

// prettier-ignore
const CYCLE: readonly QuestionKind[] = [
  'single', 'text', 'single', 'number', 'single', 'date', 'number', 'multiple', 'single', 'text',
  'single', 'number', 'text', 'single', 'date', 'number', 'multiple', 'single', 'text', 'single',
];

export const OPTIONS = ['Nigdy', 'Rzadko', 'Czasem', 'Często', 'Zawsze'] as const;
export const NUMBER_RANGE = { min: 0, max: 300 } as const;
export const TEXT_SIZE = 200;

export const questionLabel = (position: number) => `Pytanie ${position}`;

export function questionnaire(size: number): Question[] {
  return Array.from({ length: size }, (_, index) => ({
    key: `pytanie_${index + 1}`,
    label: questionLabel(index + 1),
    kind: CYCLE[index % CYCLE.length]!,
  }));
}

/* ------------------------------------------------------------------ the product */

function templateField({ key, label, kind }: Question): TemplateField {
  const base = { id: key, label, required: true };
  const dictionary = {
    type: 'string' as const,
    dictionaryValues: OPTIONS.map((stringValue, weight) => ({ stringValue, weight })),
  };
  switch (kind) {
    case 'single':
      return { ...base, type: 'DICTIONARY', dictionary };
    case 'multiple':
      return { ...base, type: 'DICTIONARY', dictionary, allowMultipleAnswers: true };
    case 'text':
      return { ...base, type: 'TEXT', size: TEXT_SIZE, maxRows: 1 };
    case 'number':
      return {
        ...base,
        type: 'NUMBER',
        numberType: 'INTEGER',
        minValue: NUMBER_RANGE.min,
        maxValue: NUMBER_RANGE.max,
      };
    case 'date':
      return { ...base, type: 'DATE' };
  }
}

/** The form payload of `POST /api/forms`: one field per row, as a questionnaire reads. */
export function productForm(questions: Question[], name: string): FormPayload {
  return {
    name,
    description: 'Ankieta do pomiaru wypełniania',
    layoutElementObject: {
      type: 'FORM',
      children: questions.map((question) => ({ type: 'ROW', children: [templateField(question)] })),
    },
  };
}

/** A complete answer of every question, as the fill page sends it to `POST /api/form_data/`. */
export function productAnswers(questions: Question[], variant: number) {
  const data: Record<string, string | number> = {};
  const arrayData: Record<string, string[]> = {};
  for (const [index, { key, kind }] of questions.entries()) {
    const pick = (variant + index) % OPTIONS.length;
    switch (kind) {
      case 'single':
        data[key] = OPTIONS[pick]!;
        break;
      case 'multiple':
        arrayData[key] = [OPTIONS[pick]!, OPTIONS[(pick + 2) % OPTIONS.length]!];
        break;
      case 'text':
        data[key] = `Odpowiedź ${variant}`;
        break;
      case 'number':
        data[key] = (variant + index) % (NUMBER_RANGE.max + 1);
        break;
      case 'date':
        data[key] = `2026/${String((pick % 12) + 1).padStart(2, '0')}/${String(pick + 10)}`;
        break;
    }
  }
  return { data, arrayData };
}

/* ------------------------------------------------------------------ SurveyJS */

function surveyElement({ key, label, kind }: Question) {
  const base = { name: key, title: label, isRequired: true };
  switch (kind) {
    case 'single':
      return { ...base, type: 'radiogroup', choices: [...OPTIONS] };
    case 'multiple':
      return { ...base, type: 'checkbox', choices: [...OPTIONS] };
    case 'text':
      return { ...base, type: 'text', maxLength: TEXT_SIZE };
    case 'number':
      return { ...base, type: 'text', inputType: 'number', min: NUMBER_RANGE.min, max: NUMBER_RANGE.max };
    case 'date':
      return { ...base, type: 'text', inputType: 'date' };
  }
}

/** A SurveyJS survey (JSON of `new Model(json)`), Polish, on one page, with the complete button. */
export function surveyJsSurvey(questions: Question[], name: string) {
  return {
    title: name,
    locale: 'pl',
    showQuestionNumbers: 'off',
    completeText: 'Zapisz i wyślij',
    pages: [{ name: 'strona', elements: questions.map(surveyElement) }],
  };
}

/* ------------------------------------------------------------------ Form.io */

function formioComponent({ key, label, kind }: Question) {
  const base = { key, label, input: true, validate: { required: true } };
  const values = OPTIONS.map((option) => ({ label: option, value: option }));
  switch (kind) {
    case 'single':
      return { ...base, type: 'radio', values };
    case 'multiple':
      return { ...base, type: 'selectboxes', values };
    case 'text':
      return { ...base, type: 'textfield', validate: { ...base.validate, maxLength: TEXT_SIZE } };
    case 'number':
      return {
        ...base,
        type: 'number',
        validate: { ...base.validate, min: NUMBER_RANGE.min, max: NUMBER_RANGE.max },
      };
    case 'date':
      return { ...base, type: 'datetime', enableTime: false, format: 'dd/MM/yyyy' };
  }
}

/** A Form.io form (`Formio.createForm(element, form)`), on one page, with the submit button. */
export function formioForm(questions: Question[], name: string) {
  return {
    title: name,
    display: 'form',
    components: [
      ...questions.map(formioComponent),
      { type: 'button', key: 'submit', label: 'Zapisz i wyślij', action: 'submit', input: true },
    ],
  };
}
