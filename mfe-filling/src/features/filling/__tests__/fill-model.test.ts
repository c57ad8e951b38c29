import {
  ANSWER_REQUIRED_MESSAGE,
  INVALID_VALUE_MESSAGE,
  type FilledForm,
} from '@formularze/domain/schemas/filled-data';
import type { FormLayout, TemplateField } from '@formularze/domain/schemas/form-template';
import {
  alternativeKey,
  buildFillModel,
  buildPayload,
  checkForm,
  fieldKeyOfServerPath,
  initialValues,
  noteKey,
} from '../fill-model';
import { aMoodField, aSymptomsField } from './template-fields';

const layout = (...rows: TemplateField[][]): FormLayout => ({
  type: 'FORM',
  children: rows.map((children) => ({ type: 'ROW', children })),
});

const mood = aMoodField('mood.today', { allowAlternativeAnswer: true });
const symptoms = aSymptomsField('17');
const pain: TemplateField = {
  id: 'pain',
  type: 'NUMBER',
  numberType: 'DECIMAL',
  minValue: 0,
  maxValue: 10,
  noteEnabled: true,
};
const medicines: TemplateField = {
  id: 'meds',
  type: 'REPEATING_GROUP',
  label: 'Leki',
  children: [
    {
      type: 'ROW',
      children: [
        { id: 'meds.name', type: 'TEXT', size: 50, maxRows: 1, required: true },
        { id: 'meds.dose', type: 'DATE' },
      ],
    },
  ],
};
const group: TemplateField = {
  id: 'contact',
  type: 'GROUP',
  children: [{ type: 'ROW', children: [{ id: 'phone', type: 'TEXT', size: 20, maxRows: 1 }] }],
};
const info: TemplateField = { id: 'info', type: 'LABEL', text: 'Proszę odpowiadać szczerze' };

const model = buildFillModel(layout([mood, symptoms], [pain, info], [medicines], [group]));
const keyOf = (id: string) => model.byId.get(id)!.key;
const context = { formId: 3, scheduledFormId: null, formMetadataId: 9, filesDataUUID: {} };

describe('buildFillModel', () => {
  it('keys fields by position, never by their ids', () => {
    expect([...model.byId.values()].map(({ key }) => key)).toEqual([
      'f0',
      'f1',
      'f2',
      'f3',
      'f4',
      'f5',
      'f6',
      'f7',
      'f8',
    ]);
    expect(model.answered.map(({ field }) => field.id)).toEqual([
      'mood.today',
      '17',
      'pain',
      'info',
      'meds',
      'contact',
      'phone',
    ]);
  });
});

describe('buildPayload', () => {
  it('maps the values back to field ids, sending notes and alternatives only with text', () => {
    const values = initialValues(model, null);
    values[keyOf('mood.today')] = '1';
    values[keyOf('17')] = ['0', '2'];
    values[keyOf('pain')] = '2,5';
    values[noteKey(keyOf('pain'))] = '  ';
    values[alternativeKey(keyOf('mood.today'))] = ' coś innego ';
    values[keyOf('meds')] = [
      { [keyOf('meds.name')]: 'Apap', [keyOf('meds.dose')]: '01/02/2024' },
      { [keyOf('meds.name')]: 'Ibuprom', [keyOf('meds.dose')]: '31/02/2024' },
    ];
    values[keyOf('phone')] = '600100200';
    expect(buildPayload(model, values, context)).toEqual({
      formId: 3,
      scheduledFormId: null,
      formMetadataId: 9,
      data: { 'mood.today': 'zły', pain: '2,5', phone: '600100200' },
      arrayData: { '17': [1, 3], 'meds.name': ['Apap', 'Ibuprom'], 'meds.dose': ['2024/02/01', null] },
      noteData: {},
      fieldAlternativeAnswer: { 'mood.today': 'coś innego' },
      filesDataUUID: {},
    });
    values[noteKey(keyOf('pain'))] = 'po leku';
    expect(buildPayload(model, values, context).noteData).toEqual({ pain: 'po leku' });
  });
});

describe('initialValues', () => {
  it('starts from the answers of the form being edited', () => {
    const filled = {
      data: { 'mood.today': 'dobry', pain: 0 },
      arrayData: { '17': [2], 'meds.name': ['Apap', 'Ibuprom'], 'meds.dose': ['2024/02/01', null] },
      noteData: { pain: 'rano' },
      fieldAlternativeAnswer: {},
      filesData: {},
    } as unknown as FilledForm;
    const values = initialValues(model, filled);
    expect(values[keyOf('mood.today')]).toBe('0');
    expect(values[keyOf('17')]).toEqual(['1']);
    expect(values[keyOf('pain')]).toBe('0');
    expect(values[noteKey(keyOf('pain'))]).toBe('rano');
    expect(values[keyOf('meds')]).toEqual([
      { [keyOf('meds.name')]: 'Apap', [keyOf('meds.dose')]: '01/02/2024' },
      { [keyOf('meds.name')]: 'Ibuprom', [keyOf('meds.dose')]: '' },
    ]);
  });
});

describe('checkForm', () => {
  it('a submission needs the required fields; a draft only correct values', () => {
    const values = initialValues(model, null);
    values[keyOf('pain')] = '11';
    const submitted = checkForm(model, values, { draft: false });
    expect([...submitted.entries()]).toEqual([
      [keyOf('mood.today'), ANSWER_REQUIRED_MESSAGE],
      [keyOf('pain'), INVALID_VALUE_MESSAGE],
      [keyOf('meds'), ANSWER_REQUIRED_MESSAGE],
    ]);
    expect([...checkForm(model, values, { draft: true }).entries()]).toEqual([
      [keyOf('pain'), INVALID_VALUE_MESSAGE],
    ]);
  });

  it('the alternative text answers a required dictionary', () => {
    const values = initialValues(model, null);
    values[alternativeKey(keyOf('mood.today'))] = 'inny';
    values[keyOf('meds')] = [{ [keyOf('meds.name')]: 'Apap', [keyOf('meds.dose')]: '' }];
    expect(checkForm(model, values, { draft: false }).size).toBe(0);
  });
});

describe('fieldKeyOfServerPath', () => {
  it('finds fields whose ids hold dots; repeating members answer at their group', () => {
    expect(fieldKeyOfServerPath(model, 'data.mood.today')).toBe(keyOf('mood.today'));
    expect(fieldKeyOfServerPath(model, 'arrayData.meds.name')).toBe(keyOf('meds'));
    expect(fieldKeyOfServerPath(model, 'data.unknown')).toBeNull();
  });
});
