import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ANSWER_REQUIRED_MESSAGE,
  DATE_OUT_OF_RANGE_MESSAGE,
  FILL_ALL_REQUIRED_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  INVALID_PESEL_MESSAGE,
  INVALID_VALUE_MESSAGE,
  isValidPesel,
  NOTE_NOT_ENABLED_MESSAGE,
  numberAnswer,
  UNKNOWN_FIELD_MESSAGE,
} from '@formularze/domain/schemas/filled-data';
import { INVALID_COORDINATES_MESSAGE } from '@formularze/domain/schemas/coordinates';
import type { FormLayout, TemplateField } from '@formularze/domain/schemas/form-template';
import { checkAnswers, type AnswersCheck } from './answers-check';

const fields: TemplateField[] = [
  { id: 'name', type: 'TEXT', size: 5, maxRows: 1, required: true, noteEnabled: true },
  { id: 'age', type: 'NUMBER', numberType: 'INTEGER', minValue: 0, maxValue: 120, required: true },
  { id: 'temp', type: 'NUMBER', numberType: 'DECIMAL', decimalDigitNumber: 1, minValue: 35, maxValue: 42 },
  { id: 'born', type: 'DATE', required: true },
  { id: 'at', type: 'TIME' },
  { id: 'pesel', type: 'PESEL' },
  { id: 'ok', type: 'BOOL' },
  {
    id: 'mood',
    type: 'DICTIONARY',
    required: true,
    allowAlternativeAnswer: true,
    dictionary: { type: 'string', dictionaryValues: [{ stringValue: 'dobry' }, { stringValue: 'zły' }] },
  },
  {
    id: 'symptoms',
    type: 'DICTIONARY',
    required: true,
    allowMultipleAnswers: true,
    dictionary: { type: 'number', dictionaryValues: [{ intValue: 1 }, { intValue: 2 }] },
  },
  { id: 'scan', type: 'FILE', maxNumberOfFiles: 1 },
  { id: 'info', type: 'LABEL', text: 'Informacja' },
  {
    id: 'doses',
    type: 'REPEATING_GROUP',
    children: [
      { type: 'ROW', children: [{ id: 'dose', type: 'NUMBER', numberType: 'INTEGER', required: true }] },
    ],
  },
];
const layout: FormLayout = { type: 'FORM', children: [{ type: 'ROW', children: fields }] };

const complete = {
  data: { name: 'Anna', age: 0, born: '1990/02/28', mood: 'zły' },
  arrayData: { symptoms: [2], dose: [1, 2] },
};

function problems(check: AnswersCheck) {
  assert.equal(check.ok, false);
  return check.ok ? {} : check.fields;
}

test('a complete submission is accepted; numbers typed with a comma are stored as numbers', () => {
  const check = checkAnswers(
    layout,
    {
      ...complete,
      data: { ...complete.data, temp: '36,6', age: '7', pesel: '44051401458', ok: true, at: '08:05' },
    },
    { draft: false },
  );
  assert.ok(check.ok);
  assert.deepEqual(check.answers.data, {
    name: 'Anna',
    age: 7,
    born: '1990/02/28',
    mood: 'zły',
    temp: 36.6,
    pesel: '44051401458',
    ok: true,
    at: '08:05',
  });
  assert.deepEqual(check.answers.arrayData, { symptoms: [2], dose: [1, 2] });
});

test('required fields: empty ones are named with the spec message; zero counts as filled; a draft skips it', () => {
  const check = checkAnswers(
    layout,
    { data: { name: '  ', age: 0, born: null }, arrayData: { symptoms: [null], dose: [1, null] } },
    { draft: false },
  );
  assert.equal(check.ok || check.message, FILL_ALL_REQUIRED_MESSAGE);
  assert.deepEqual(problems(check), {
    'data.name': ANSWER_REQUIRED_MESSAGE,
    'data.born': ANSWER_REQUIRED_MESSAGE,
    'data.mood': ANSWER_REQUIRED_MESSAGE,
    'arrayData.symptoms': ANSWER_REQUIRED_MESSAGE,
    'arrayData.dose': ANSWER_REQUIRED_MESSAGE,
  });
  assert.ok(checkAnswers(layout, { data: { name: 'A' } }, { draft: true }).ok);
  // The alternative answer fills a required dictionary.
  const alternative = checkAnswers(
    layout,
    { ...complete, data: { ...complete.data, mood: null }, fieldAlternativeAnswer: { mood: 'Różnie' } },
    { draft: false },
  );
  assert.ok(alternative.ok);
  assert.deepEqual(alternative.answers.fieldAlternativeAnswer, { mood: 'Różnie' });
});

test('values: ranges, integer and decimal rules, dates, PESEL, dictionary values, unknown fields', () => {
  const check = checkAnswers(
    layout,
    {
      data: {
        name: 'Za długie',
        age: 121,
        temp: '36.66',
        born: '2023/02/29',
        at: '24:00',
        pesel: '44051401459',
        mood: 'świetny',
        info: 'x',
        nope: 1,
      },
      arrayData: { symptoms: [3], dose: [1.5] },
      noteData: { age: 'uwaga' },
      filesDataUUID: { scan: ['f1'], name: ['f2'] },
    },
    { draft: true },
  );
  const found = problems(check);
  assert.equal(found['data.name'], 'Najwyżej 5 znaków');
  assert.equal(found['data.age'], INVALID_VALUE_MESSAGE);
  assert.equal(found['data.temp'], INVALID_VALUE_MESSAGE);
  assert.equal(found['data.born'], INVALID_FORMAT_MESSAGE);
  assert.equal(found['data.at'], INVALID_FORMAT_MESSAGE);
  assert.equal(found['data.pesel'], INVALID_PESEL_MESSAGE);
  assert.equal(found['data.mood'], INVALID_VALUE_MESSAGE);
  assert.equal(found['data.info'], UNKNOWN_FIELD_MESSAGE);
  assert.equal(found['data.nope'], UNKNOWN_FIELD_MESSAGE);
  assert.equal(found['arrayData.symptoms'], INVALID_VALUE_MESSAGE);
  assert.equal(found['arrayData.dose'], INVALID_VALUE_MESSAGE);
  assert.equal(found['noteData.age'], NOTE_NOT_ENABLED_MESSAGE);
  assert.equal(found['filesDataUUID.name'], UNKNOWN_FIELD_MESSAGE);
  // The ids themselves are checked when the files are attached.
  assert.equal(found['filesDataUUID.scan'], undefined);

  const range = checkAnswers(layout, { data: { born: '1899/12/31' } }, { draft: true });
  assert.equal(problems(range)['data.born'], DATE_OUT_OF_RANGE_MESSAGE);
  // A multiple-answer dictionary's choices go in arrayData, not data.
  assert.equal(
    problems(checkAnswers(layout, { data: { symptoms: 1 } }, { draft: true }))['data.symptoms'],
    UNKNOWN_FIELD_MESSAGE,
  );
});

test('PESEL checksum and typed numbers', () => {
  assert.equal(isValidPesel('44051401458'), true);
  assert.equal(isValidPesel('02070803628'), true);
  assert.equal(isValidPesel('02070803620'), false);
  assert.equal(isValidPesel('4405140145'), false);
  assert.equal(numberAnswer(',5'), 0.5);
  assert.equal(numberAnswer('-3'), -3);
  assert.equal(numberAnswer('1e3'), null);
  assert.equal(numberAnswer(Number.NaN), null);
  assert.equal(numberAnswer('abc'), null);
});

test('a required file or signature field is filled once files are named', () => {
  const withFiles: FormLayout = {
    type: 'FORM',
    children: [
      {
        type: 'ROW',
        children: [
          { id: 'scan', type: 'FILE', maxNumberOfFiles: 2, required: true },
          { id: 'sign', type: 'SIGN', required: true },
        ],
      },
    ],
  };
  assert.deepEqual(problems(checkAnswers(withFiles, { filesDataUUID: { scan: [] } }, { draft: false })), {
    'filesDataUUID.scan': ANSWER_REQUIRED_MESSAGE,
    'filesDataUUID.sign': ANSWER_REQUIRED_MESSAGE,
  });
  assert.ok(checkAnswers(withFiles, { filesDataUUID: { scan: ['a'], sign: ['b'] } }, { draft: false }).ok);
});

test('a location is a point on Earth, checked on the server as the fill page checks it', () => {
  const withLocation: FormLayout = {
    type: 'FORM',
    children: [{ type: 'ROW', children: [{ id: 'where', type: 'LOCATION' }] }],
  };
  const check = (where: string) => checkAnswers(withLocation, { data: { where } }, { draft: false });
  assert.ok(check('52.229676, 21.012229').ok);
  assert.ok(check('52,229676; 21,012229').ok);
  for (const wrong of ['gdzieś w Warszawie', '95.0, 21.0', '52.2, 190']) {
    assert.deepEqual(problems(check(wrong)), { 'data.where': INVALID_COORDINATES_MESSAGE });
  }
});
