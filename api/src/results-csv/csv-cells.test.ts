import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { answerCell, answersCell, MULTIPLE_ANSWERS_SEPARATOR, polishDateTimes, safeText } from './csv-cells';

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

test('dates and times read as on screen, in Poland, across the changes to and from summer time', () => {
  const formatted = polishDateTimes();
  // Every 7 minutes through 2026's spring and autumn changes (29 March, 25 October).
  for (const start of ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z']) {
    for (let minute = 0; minute < 12 * 60; minute += 7) {
      const instant = new Date(Date.parse(start) + minute * 60_000 + 13_000);
      assert.equal(formatted(instant), formatDateTime(instant), instant.toISOString());
    }
  }
  assert.equal(formatted(new Date('2026-06-10T10:00:00Z')), '2026-06-10 12:00');
  assert.equal(formatted(new Date('2026-12-31T23:30:00Z')), '2027-01-01 00:30');
});
