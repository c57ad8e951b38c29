import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillAlertPlaceholders, formatPoints } from './alert-message';

test('SMS placeholders are filled; what the person lacks is left empty', () => {
  const person = { firstName: 'Anna', surname: 'Adamska', hospitalIdentifier: 'H-17', phone: '+48600100200' };
  assert.equal(
    fillAlertPlaceholders(
      'Pilne: {imie} {nazwisko} ({identyfikator}, {telefon}) {suma_punktow} pkt',
      person,
      7.256,
    ),
    'Pilne: Anna Adamska (H-17, +48600100200) 7.26 pkt',
  );
  assert.equal(
    fillAlertPlaceholders(
      '{imie}{identyfikator}|{suma_punktow}|{inne}',
      { ...person, hospitalIdentifier: null },
      7,
    ),
    'Anna|7|{inne}',
  );
  assert.equal(formatPoints(7.5), '7.5');
});
