import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FilledAnswers } from '@formularze/domain/schemas/filled-data';
import type { FormRule, TemplateField } from '@formularze/domain/schemas/form-template';
import { oneRowLayout } from '../../test/pain-survey';
import { ruleHolds, scoreForm } from './scoring';

const answers = (data: FilledAnswers['data'], arrayData: FilledAnswers['arrayData'] = {}): FilledAnswers => ({
  data,
  arrayData,
  noteData: {},
  fieldAlternativeAnswer: {},
});

const pain: TemplateField = {
  id: 'pain',
  type: 'NUMBER',
  numberType: 'INTEGER',
  fieldRules: [
    { operator: 'GREATER_THAN', arg1: 7, color: '#ff0000', text: 'Silny ból', weight: 5 },
    { operator: 'BETWEEN', arg1: 4, arg2: 7, color: '#ffaa00', text: 'Umiarkowany', weight: 2 },
  ],
};
const mood: TemplateField = {
  id: 'mood',
  type: 'DICTIONARY',
  dictionary: {
    type: 'string',
    dictionaryValues: [
      { stringValue: 'dobry', weight: 0 },
      { stringValue: 'zły', weight: 3, color: '#000000', text: 'Zły nastrój' },
    ],
  },
};
const symptoms: TemplateField = {
  id: 'symptoms',
  type: 'DICTIONARY',
  allowMultipleAnswers: true,
  dictionary: {
    type: 'number',
    dictionaryValues: [
      { intValue: 1, weight: 0.1 },
      { intValue: 2, weight: 0.2, text: 'Kaszel' },
      { intValue: 3, weight: 1 },
    ],
  },
};
const formRules: FormRule[] = [
  {
    operator: 'GREATER_THAN',
    arg1: 6,
    color: '#ff0000',
    text: 'Pilny kontakt',
    smsMessage: 'Pilne: {imie} {nazwisko} ({identyfikator}, {telefon}) {suma_punktow} pkt',
    smsPhone: '+48600700800',
  },
  { operator: 'LESS_THAN', arg1: 1, color: '#00ff00', text: 'Bez uwag' },
  { operator: 'EQUALS', arg1: 2.3, text: 'Dokładnie 2,3' },
];

test('operators: GREATER_THAN, LESS_THAN, EQUALS and BETWEEN with both ends, in either order', () => {
  assert.equal(ruleHolds({ operator: 'GREATER_THAN', arg1: 5 }, 5), false);
  assert.equal(ruleHolds({ operator: 'GREATER_THAN', arg1: 5 }, 5.5), true);
  assert.equal(ruleHolds({ operator: 'LESS_THAN', arg1: 5 }, 5), false);
  assert.equal(ruleHolds({ operator: 'LESS_THAN', arg1: 5 }, 4), true);
  assert.equal(ruleHolds({ operator: 'EQUALS', arg1: 0.3 }, 0.1 + 0.2), true);
  assert.equal(ruleHolds({ operator: 'BETWEEN', arg1: 7, arg2: 4 }, 4), true);
  assert.equal(ruleHolds({ operator: 'BETWEEN', arg1: 4, arg2: 7 }, 7), true);
  assert.equal(ruleHolds({ operator: 'BETWEEN', arg1: 4, arg2: 7 }, 7.01), false);
  assert.equal(ruleHolds({ operator: 'BETWEEN', arg1: 4 }, 4), false);
});

test('field rules: the first that holds gives colour, text and weight; none: the item is unscored', () => {
  const strong = scoreForm(oneRowLayout(pain), [], answers({ pain: 9 }));
  assert.deepEqual(strong.items, { pain: { color: '#ff0000', text: 'Silny ból', weight: 5 } });
  assert.equal(strong.totalWeight, 5);
  const mild = scoreForm(oneRowLayout(pain), [], answers({ pain: 2 }));
  assert.deepEqual(mild.items, {});
  assert.equal(mild.totalWeight, 0);
});

test('dictionary weights: a choice scores its value; several choices add up without float noise', () => {
  const score = scoreForm(oneRowLayout(mood, symptoms), [], answers({ mood: 'zły' }, { symptoms: [1, 2] }));
  assert.deepEqual(score.items, {
    mood: { color: '#000000', text: 'Zły nastrój', weight: 3 },
    symptoms: { color: null, text: 'Kaszel', weight: 0.3 },
  });
  assert.equal(score.totalWeight, 3.3);
});

test('form rules on the total: the first that holds gives colour and text, and its SMS alert', () => {
  const urgent = scoreForm(oneRowLayout(pain, mood), formRules, answers({ pain: 8, mood: 'zły' }));
  assert.equal(urgent.totalWeight, 8);
  assert.equal(urgent.color, '#ff0000');
  assert.equal(urgent.text, 'Pilny kontakt');
  assert.deepEqual(urgent.alert, { phone: '+48600700800', message: formRules[0]!.smsMessage });

  const calm = scoreForm(oneRowLayout(pain, mood), formRules, answers({ pain: 1, mood: 'dobry' }));
  assert.equal(calm.totalWeight, 0);
  assert.equal(calm.text, 'Bez uwag');
  assert.equal(calm.alert, null);

  const repeated = scoreForm(
    oneRowLayout(mood, symptoms),
    formRules,
    answers({}, { symptoms: [2, 1, 3, 1] }),
  );
  assert.equal(repeated.totalWeight, 1.4);
  const none = scoreForm(oneRowLayout(pain), formRules, answers({ pain: 5 }));
  assert.equal(none.totalWeight, 2);
  assert.deepEqual([none.color, none.text, none.alert], [null, null, null]);
});
