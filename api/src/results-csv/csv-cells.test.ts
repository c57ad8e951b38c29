import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerCell, answersCell, MULTIPLE_ANSWERS_SEPARATOR, safeText } from './csv-cells';

test('text a spreadsheet would run as a formula is turned into plain text', () => {
  for (const formula of ['=1+1', '+48 600', '-2+3', '@SUM(A1)', '\tukryte', '\rukryte']) {
    assert.equal(safeText(formula), `'${formula}`);
  }
  for (const plain of ['Anna', ' =spacja', "'cytat", 'ból = 5', '']) assert.equal(safeText(plain), plain);
});

test('answers read as people typed them: numbers with a decimal comma, yes/no in words', () => {
  assert.equal(answerCell(7.5), '7,5');
  // A number is never a formula, even a negative one.
  assert.equal(answerCell(-3), '-3');
  assert.equal(answerCell(true), 'Tak');
  assert.equal(answerCell(false), 'Nie');
  assert.equal(answerCell(null), '');
  assert.equal(answerCell('2026/06/01'), '2026/06/01');
  assert.equal(answersCell(['=A1', 'kaszel'], MULTIPLE_ANSWERS_SEPARATOR), "'=A1, kaszel");
});
