import {
  DICTIONARY_VALUE_MESSAGE,
  FIELD_RULE_EFFECT_MESSAGE,
  fieldRule,
  FORM_RULE_EFFECT_MESSAGE,
  formRule,
  REQUIRED_MESSAGE,
  RULE_ARG2_MESSAGE,
  SMS_PHONE_MESSAGE,
  WEIGHT_MESSAGE,
} from '@formularze/domain/schemas/form-template';
import { DEFAULT_FORM_SETTINGS, REMINDER_TOO_LONG_MESSAGE } from '@formularze/domain/schemas/forms';
import {
  DUPLICATE_DICTIONARY_VALUE_MESSAGE,
  fieldRuleErrors,
  fieldRulesOf,
  formRuleErrors,
  formRulesOf,
  INTEGER_MESSAGE,
  NEGATIVE_MESSAGE,
  NOT_A_NUMBER_MESSAGE,
  dictionaryValueErrors,
  reminderErrors,
  reminderLimitMinutes,
  settingsValid,
  type FieldRuleDraft,
  type FormRuleDraft,
  type ScheduleWindows,
} from '../rule-validation';

const fieldDraft = (overrides: Partial<FieldRuleDraft> = {}): FieldRuleDraft => ({
  operator: 'GREATER_THAN',
  arg1: 5,
  arg2: null,
  color: '#ff0000',
  text: '',
  weight: null,
  ...overrides,
});

const formDraft = (overrides: Partial<FormRuleDraft> = {}): FormRuleDraft => ({
  operator: 'LESS_THAN',
  arg1: 10,
  arg2: null,
  color: null,
  text: null,
  smsMessage: 'Wynik {suma_punktow}',
  smsPhone: '',
  ...overrides,
});

describe('field rules', () => {
  it('accepts a complete rule, which the shared schema accepts too', () => {
    expect(fieldRuleErrors(fieldDraft())).toEqual({});
    const [saved] = fieldRulesOf([fieldDraft({ text: 'Uwaga', weight: 2 })])!;
    expect(fieldRule.safeParse(saved).success).toBe(true);
  });

  it('needs the first argument, and the second for BETWEEN', () => {
    expect(fieldRuleErrors(fieldDraft({ arg1: null }))).toEqual({ arg1: REQUIRED_MESSAGE });
    expect(fieldRuleErrors(fieldDraft({ arg1: Number.NaN }))).toEqual({ arg1: REQUIRED_MESSAGE });
    expect(fieldRuleErrors(fieldDraft({ operator: 'BETWEEN' }))).toEqual({ arg2: RULE_ARG2_MESSAGE });
    expect(fieldRuleErrors(fieldDraft({ operator: 'BETWEEN', arg2: 9 }))).toEqual({});
  });

  it('needs a colour or a text (blank text does not count)', () => {
    expect(fieldRuleErrors(fieldDraft({ color: null, text: '  ' }))).toEqual({
      effect: FIELD_RULE_EFFECT_MESSAGE,
    });
    expect(fieldRuleErrors(fieldDraft({ color: null, text: 'Wysoki wynik' }))).toEqual({});
  });

  it('refuses a negative or unreadable weight', () => {
    expect(fieldRuleErrors(fieldDraft({ weight: -1 }))).toEqual({ weight: WEIGHT_MESSAGE });
    expect(fieldRuleErrors(fieldDraft({ weight: Number.NaN }))).toEqual({ weight: NOT_A_NUMBER_MESSAGE });
    expect(fieldRuleErrors(fieldDraft({ weight: 0 }))).toEqual({});
  });

  it('gives the rules to save only when all are valid, arg2 only for BETWEEN', () => {
    expect(fieldRulesOf([fieldDraft(), fieldDraft({ arg1: null })])).toBeNull();
    expect(fieldRulesOf([fieldDraft({ arg2: 3 })])).toEqual([
      { operator: 'GREATER_THAN', arg1: 5, arg2: null, color: '#ff0000', text: null, weight: null },
    ]);
  });
});

describe('form rules', () => {
  it('accepts a colour, a text or an SMS message as the effect', () => {
    expect(formRuleErrors(formDraft())).toEqual({});
    expect(formRuleErrors(formDraft({ smsMessage: '', text: 'Tekst' }))).toEqual({});
    expect(formRuleErrors(formDraft({ smsMessage: ' ' }))).toEqual({ effect: FORM_RULE_EFFECT_MESSAGE });
  });

  it('checks the phone after normalising it', () => {
    expect(formRuleErrors(formDraft({ smsPhone: '600 100 200' }))).toEqual({});
    expect(formRuleErrors(formDraft({ smsPhone: '12' }))).toEqual({ smsPhone: SMS_PHONE_MESSAGE });
  });

  it('saves the phone normalised and blank texts as null, as the shared schema wants', () => {
    const saved = formRulesOf([formDraft({ smsPhone: '48 600-100-200', operator: 'BETWEEN', arg2: 20 })]);
    expect(saved).toEqual([
      {
        operator: 'BETWEEN',
        arg1: 10,
        arg2: 20,
        color: null,
        text: null,
        smsMessage: 'Wynik {suma_punktow}',
        smsPhone: '+48600100200',
      },
    ]);
    expect(formRule.safeParse(saved![0]).success).toBe(true);
    expect(formRulesOf([formDraft({ arg1: null })])).toBeNull();
  });
});

describe('dictionary values', () => {
  it('needs a value of the dictionary type, once', () => {
    expect(dictionaryValueErrors({ value: ' ', weight: null }, 'string', [])).toEqual({
      value: REQUIRED_MESSAGE,
    });
    expect(dictionaryValueErrors({ value: 'abc', weight: null }, 'number', [])).toEqual({
      value: DICTIONARY_VALUE_MESSAGE,
    });
    expect(dictionaryValueErrors({ value: 'Tak', weight: null }, 'string', ['Tak'])).toEqual({
      value: DUPLICATE_DICTIONARY_VALUE_MESSAGE,
    });
    expect(dictionaryValueErrors({ value: '2.0', weight: null }, 'number', ['2'])).toEqual({
      value: DUPLICATE_DICTIONARY_VALUE_MESSAGE,
    });
    expect(dictionaryValueErrors({ value: 'Nie', weight: 0 }, 'string', ['Tak'])).toEqual({});
  });

  it('refuses a negative weight', () => {
    expect(dictionaryValueErrors({ value: 'Tak', weight: -0.5 }, 'string', [])).toEqual({
      weight: WEIGHT_MESSAGE,
    });
  });
});

describe('reminders', () => {
  const schedule = (one: boolean, periods: [string, string][]): ScheduleWindows => ({
    one,
    multi: false,
    timePeriods: periods.map(([startTime, endTime]) => ({ dayOfWeek: 'MONDAY', startTime, endTime })),
  });

  it('are bound by the shortest window of a schedule that is on', () => {
    expect(
      reminderLimitMinutes(
        schedule(true, [
          ['08:00', '10:00'],
          ['12:00', '12:45'],
        ]),
      ),
    ).toBe(45);
    expect(reminderLimitMinutes(schedule(false, [['08:00', '10:00']]))).toBeNull();
    expect(reminderLimitMinutes(null)).toBeNull();
    // A period still being typed does not count.
    expect(reminderLimitMinutes(schedule(true, [['08:00', '']]))).toBeNull();
  });

  it('need counts and minutes of at least 0, whole', () => {
    expect(reminderErrors({ notification: -1, timeBeforeEnd: 1.5 }, null)).toEqual({
      notification: NEGATIVE_MESSAGE,
      timeBeforeEnd: INTEGER_MESSAGE,
    });
    expect(reminderErrors({ notification: 0, timeBeforeEnd: 0 }, null)).toEqual({});
  });

  it('may not start before the window does', () => {
    expect(reminderErrors({ notification: 1, timeBeforeEnd: 46 }, 45)).toEqual({
      timeBeforeEnd: REMINDER_TOO_LONG_MESSAGE,
    });
    expect(reminderErrors({ notification: 1, timeBeforeEnd: 45 }, 45)).toEqual({});
  });

  it('decide whether the settings can be saved', () => {
    const settings = { ...DEFAULT_FORM_SETTINGS, fillReminders: [{ notification: 1, timeBeforeEnd: 90 }] };
    expect(settingsValid(settings, schedule(true, [['08:00', '09:00']]))).toBe(false);
    expect(settingsValid(settings, schedule(true, [['08:00', '10:00']]))).toBe(true);
    expect(settingsValid(settings, null)).toBe(true);
  });
});
