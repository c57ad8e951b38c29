import {
  ANSWER_REQUIRED_MESSAGE,
  DATE_OUT_OF_RANGE_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  INVALID_PESEL_MESSAGE,
  INVALID_VALUE_MESSAGE,
} from '@formularze/domain/schemas/filled-data';
import type { AttachedFile } from '../attached-file';
import {
  answerDateToTyped,
  answerProblem,
  isBlank,
  requiredProblem,
  sanitizeNumberInput,
  sanitizePeselInput,
  typedDateToAnswer,
} from '../field-validation';
import type { FillableField } from '../fillable-field';

const field = (overrides: Partial<FillableField>): FillableField => ({ id: 'x', type: 'TEXT', ...overrides });
const integer = field({ type: 'NUMBER', numberType: 'INTEGER', minValue: 0, maxValue: 10 });
const decimal = field({ type: 'NUMBER', numberType: 'DECIMAL', decimalDigitNumber: 2 });
const pesel = field({ type: 'PESEL' });
const date = field({ type: 'DATE' });
const dictionary = (overrides: Partial<FillableField> = {}) =>
  field({
    type: 'DICTIONARY',
    dictionary: { type: 'string', dictionaryValues: [{ stringValue: 'tak' }, { stringValue: 'nie' }] },
    ...overrides,
  });

describe('PESEL', () => {
  it.each([
    ['44051401359', null],
    ['02070803628', null],
    ['44051401358', INVALID_PESEL_MESSAGE],
    ['4405140135', INVALID_PESEL_MESSAGE],
    ['00000000001', INVALID_PESEL_MESSAGE],
    ['', null],
  ])('%s → %s', (value, message) => {
    expect(answerProblem(pesel, value)?.message ?? null).toBe(message);
  });

  it('keeps digits only, at most 11', () => {
    expect(sanitizePeselInput('44a05-14 0135912')).toBe('44051401359');
  });
});

describe('number input', () => {
  it.each([
    [integer, '12a3', '123'],
    [integer, '1.5', '15'],
    [integer, '-3', '3'],
    [field({ type: 'NUMBER', numberType: 'INTEGER', minValue: -5 }), '-3', '-3'],
    [decimal, '3,14159', '3,14'],
    [decimal, '2.5', '2.5'],
    [decimal, ',5', '0,5'],
    [decimal, '.5', '0.5'],
    [decimal, '1.2.3', '1.23'],
    [field({ type: 'NUMBER', numberType: 'DECIMAL', decimalDigitNumber: 0 }), '7.9', '7'],
  ])('%# keeps what the field allows', (numberField, typed, kept) => {
    expect(sanitizeNumberInput(numberField, typed)).toBe(kept);
  });

  it.each([
    ['0', null],
    ['10', null],
    ['11', INVALID_VALUE_MESSAGE],
    ['', null],
  ])('range of an integer 0..10: %s → %s', (typed, message) => {
    expect(answerProblem(integer, typed)?.message ?? null).toBe(message);
    if (message) expect(answerProblem(integer, typed)?.blocking).toBe(true);
  });

  it('reads a decimal comma', () => {
    const bounded = field({ type: 'NUMBER', numberType: 'DECIMAL', minValue: 1, maxValue: 2 });
    expect(answerProblem(bounded, '1,5')).toBeNull();
    expect(answerProblem(bounded, '2,5')?.message).toBe(INVALID_VALUE_MESSAGE);
  });
});

describe('dates', () => {
  it.each([
    ['31/12/2024', '2024/12/31'],
    ['29/02/2024', '2024/02/29'],
    ['29/02/2023', null],
    ['2024/12/31', null],
    ['1/2/2024', null],
  ])('typed %s is sent as %s', (typed, answer) => {
    expect(typedDateToAnswer(typed)).toBe(answer);
  });

  it('shows answers and picked dates as dd/MM/yyyy', () => {
    expect(answerDateToTyped('2024/12/31')).toBe('31/12/2024');
    expect(answerDateToTyped('2024-01-05')).toBe('05/01/2024');
  });

  it('an unreadable date is a format problem that does not stop a save; out of range does', () => {
    expect(answerProblem(date, '31/02/2024')).toEqual({ message: INVALID_FORMAT_MESSAGE, blocking: false });
    expect(answerProblem(date, '01/01/1850')).toEqual({ message: DATE_OUT_OF_RANGE_MESSAGE, blocking: true });
    expect(answerProblem(date, '01/01/2000')).toBeNull();
  });
});

describe('required fields', () => {
  const required = (overrides: Partial<FillableField>) => field({ required: true, ...overrides });

  it('a number of 0 is an answer, text that is no number is not', () => {
    expect(requiredProblem(required({ type: 'NUMBER' }), '0')).toBeNull();
    expect(requiredProblem(required({ type: 'NUMBER' }), 'NaN')).toBe(ANSWER_REQUIRED_MESSAGE);
    expect(requiredProblem(required({ type: 'NUMBER' }), '')).toBe(ANSWER_REQUIRED_MESSAGE);
  });

  it('an invalid date counts as blank', () => {
    expect(requiredProblem(required({ type: 'DATE' }), '31/02/2024')).toBe(ANSWER_REQUIRED_MESSAGE);
    expect(requiredProblem(required({ type: 'DATE' }), '28/02/2024')).toBeNull();
  });

  it('text of spaces is blank', () => {
    expect(requiredProblem(required({}), '   ')).toBe(ANSWER_REQUIRED_MESSAGE);
    expect(requiredProblem(required({}), 'a')).toBeNull();
  });

  it('a multiple-answer dictionary needs one choice', () => {
    const multiple = dictionary({ required: true, allowMultipleAnswers: true });
    expect(requiredProblem(multiple, [])).toBe(ANSWER_REQUIRED_MESSAGE);
    expect(requiredProblem(multiple, ['1'])).toBeNull();
  });

  it('a dictionary with an alternative answer takes a choice or the text', () => {
    const withAlternative = dictionary({ required: true, allowAlternativeAnswer: true });
    expect(requiredProblem(withAlternative, '', '')).toBe(ANSWER_REQUIRED_MESSAGE);
    expect(requiredProblem(withAlternative, '', 'inne')).toBeNull();
    expect(requiredProblem(withAlternative, '0', '')).toBeNull();
    // Without allowAlternativeAnswer the text does not count.
    expect(requiredProblem(dictionary({ required: true }), '', 'inne')).toBe(ANSWER_REQUIRED_MESSAGE);
  });

  it('a file field is satisfied once files exist', () => {
    const files: AttachedFile[] = [
      { key: 'a', status: 'pending', file: new File(['x'], 'a.pdf'), progress: 0 },
    ];
    expect(requiredProblem(required({ type: 'FILE' }), [])).toBe(ANSWER_REQUIRED_MESSAGE);
    expect(requiredProblem(required({ type: 'FILE' }), files)).toBeNull();
  });

  it('yes/no needs a choice; "Nie" is one', () => {
    expect(isBlank(field({ type: 'BOOL' }), null)).toBe(true);
    expect(isBlank(field({ type: 'BOOL' }), false)).toBe(false);
  });

  it('date and time need both parts', () => {
    const dateTime = required({ type: 'DATETIME' });
    expect(requiredProblem(dateTime, { date: '01/02/2024', time: '' })).toBe(ANSWER_REQUIRED_MESSAGE);
    expect(requiredProblem(dateTime, { date: '01/02/2024', time: '08:30' })).toBeNull();
  });

  it('optional fields are never missing', () => {
    expect(requiredProblem(field({ type: 'NUMBER' }), '')).toBeNull();
  });
});
