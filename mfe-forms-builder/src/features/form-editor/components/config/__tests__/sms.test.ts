import { insertIntoText, isLongerThanOneSms, SMS_LENGTH, smsLength } from '../sms';

describe('smsLength', () => {
  it('counts plain text by its characters', () => {
    expect(smsLength('')).toBe(0);
    expect(smsLength('Dzień dobry')).toBe(11);
  });

  it('counts each placeholder as its longest expected value', () => {
    // {imie} 20, {nazwisko} 30, {identyfikator} 20, {telefon} 12, {suma_punktow} 10
    expect(smsLength('{imie}')).toBe(20);
    expect(smsLength('Pani {imie} {nazwisko}')).toBe('Pani '.length + 20 + 1 + 30);
    expect(smsLength('{identyfikator}{telefon}{suma_punktow}')).toBe(42);
    expect(smsLength('{imie} i {imie}')).toBe(43);
  });

  it('counts unknown braces as typed', () => {
    expect(smsLength('{wiek}')).toBe(6);
    expect(smsLength('{imie')).toBe(5);
  });

  it('tells when a message needs more than one SMS', () => {
    expect(isLongerThanOneSms('a'.repeat(SMS_LENGTH))).toBe(false);
    expect(isLongerThanOneSms('a'.repeat(SMS_LENGTH + 1))).toBe(true);
    expect(isLongerThanOneSms(`${'a'.repeat(SMS_LENGTH - 19)}{imie}`)).toBe(true);
    expect(isLongerThanOneSms(`${'a'.repeat(SMS_LENGTH - 20)}{imie}`)).toBe(false);
  });
});

describe('insertIntoText', () => {
  it('inserts at the caret and puts the caret after the insertion', () => {
    expect(insertIntoText('Witaj !', '{imie}', 6)).toEqual({ text: 'Witaj {imie}!', caret: 12 });
  });

  it('replaces the selection', () => {
    expect(insertIntoText('Witaj XYZ', '{imie}', 6, 9)).toEqual({ text: 'Witaj {imie}', caret: 12 });
  });

  it('appends without a caret or with one outside the text', () => {
    expect(insertIntoText('Wynik: ', '{suma_punktow}')).toEqual({ text: 'Wynik: {suma_punktow}', caret: 21 });
    expect(insertIntoText('ab', 'X', 10, 12)).toEqual({ text: 'abX', caret: 3 });
  });
});
