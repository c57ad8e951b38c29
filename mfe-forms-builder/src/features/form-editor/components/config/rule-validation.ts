import {
  DICTIONARY_VALUE_MESSAGE,
  FIELD_RULE_EFFECT_MESSAGE,
  FORM_RULE_EFFECT_MESSAGE,
  normalizeSmsPhone,
  REQUIRED_MESSAGE,
  RULE_ARG2_MESSAGE,
  SMS_PHONE_MESSAGE,
  WEIGHT_MESSAGE,
  type DictionaryValue,
  type FieldRule,
  type FormRule,
  type RuleOperator,
} from '@formularze/domain/schemas/form-template';
import {
  REMINDER_TOO_LONG_MESSAGE,
  scheduleFillMode,
  shortestWindowMinutes,
  type FillReminder,
  type FormSettings,
  type Schedule,
} from '@formularze/domain/schemas/forms';
import type { RuleDraft } from '../../template-editing';

/**
 * What the configuration editors check before the form is saved (§5 "Rules", "Form settings",
 * "Form builder" for dictionary values), with the messages the API answers with. Each check
 * returns the messages by the name of the input they belong to; no message: valid.
 */

export type FieldRuleDraft = RuleDraft<FieldRule>;
export type FormRuleDraft = RuleDraft<FormRule>;

export type RuleErrors = Partial<
  Record<'operator' | 'arg1' | 'arg2' | 'effect' | 'weight' | 'smsPhone', string>
>;

export const NOT_A_NUMBER_MESSAGE = 'Podaj liczbę';
export const NEGATIVE_MESSAGE = 'Wartość nie może być ujemna';
export const INTEGER_MESSAGE = 'Podaj liczbę całkowitą';
export const DUPLICATE_DICTIONARY_VALUE_MESSAGE = 'Ta wartość jest już w słowniku';

export const hasErrors = (errors: object) => Object.values(errors).some((message) => message !== undefined);

const blank = (text: string | null | undefined) => !text || text.trim() === '';
const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A weight may be left out; given, it is a number of at least 0. */
function weightError(weight: number | null | undefined): string | undefined {
  if (weight === null || weight === undefined) return undefined;
  if (!Number.isFinite(weight)) return NOT_A_NUMBER_MESSAGE;
  return weight < 0 ? WEIGHT_MESSAGE : undefined;
}

function commonRuleErrors(rule: {
  operator?: RuleOperator | null;
  arg1: number | null;
  arg2?: number | null;
}): RuleErrors {
  const errors: RuleErrors = {};
  if (!rule.operator) errors.operator = REQUIRED_MESSAGE;
  if (!isNumber(rule.arg1)) errors.arg1 = REQUIRED_MESSAGE;
  if (rule.operator === 'BETWEEN' && !isNumber(rule.arg2)) errors.arg2 = RULE_ARG2_MESSAGE;
  return errors;
}

/** A field's scoring rule: operator, arguments, a colour or a text, a weight of at least 0. */
export function fieldRuleErrors(rule: FieldRuleDraft): RuleErrors {
  const errors = commonRuleErrors(rule);
  if (!rule.color && blank(rule.text)) errors.effect = FIELD_RULE_EFFECT_MESSAGE;
  const weight = weightError(rule.weight);
  if (weight) errors.weight = weight;
  return errors;
}

/** A whole-form rule: operator, arguments, a colour, a text or an SMS; a phone that can be dialled. */
export function formRuleErrors(rule: FormRuleDraft): RuleErrors {
  const errors = commonRuleErrors(rule);
  if (!rule.color && blank(rule.text) && blank(rule.smsMessage)) errors.effect = FORM_RULE_EFFECT_MESSAGE;
  if (rule.smsPhone && !/^(\+\d{6,15})?$/.test(normalizeSmsPhone(rule.smsPhone))) {
    errors.smsPhone = SMS_PHONE_MESSAGE;
  }
  return errors;
}

export const fieldRulesValid = (rules: readonly FieldRuleDraft[]) =>
  rules.every((rule) => !hasErrors(fieldRuleErrors(rule)));
export const formRulesValid = (rules: readonly FormRuleDraft[]) =>
  rules.every((rule) => !hasErrors(formRuleErrors(rule)));

const orNull = (text: string | null | undefined) => (blank(text) ? null : text!);

/** A valid rule as saved: its operator and first argument, arg2 only for BETWEEN, a blank text as null. */
function savedRule<Rule extends FieldRule | FormRule>(rule: RuleDraft<Rule>) {
  return {
    ...rule,
    operator: rule.operator!,
    arg1: rule.arg1!,
    arg2: rule.operator === 'BETWEEN' ? rule.arg2 : null,
    text: orNull(rule.text),
  };
}

/** The rules to save (see savedRule); null while any rule is invalid. */
export function fieldRulesOf(drafts: readonly FieldRuleDraft[]): FieldRule[] | null {
  return fieldRulesValid(drafts) ? drafts.map(savedRule) : null;
}

/** The form rules to save (see savedRule), the SMS's blank message as null and its phone normalised; null while any rule is invalid. */
export function formRulesOf(drafts: readonly FormRuleDraft[]): FormRule[] | null {
  if (!formRulesValid(drafts)) return null;
  return drafts.map((rule) => ({
    ...savedRule(rule),
    smsMessage: orNull(rule.smsMessage),
    smsPhone: orNull(normalizeSmsPhone(rule.smsPhone ?? '')),
  }));
}

/* ---------------------------------------------------------------- dictionary values */

export type DictionaryType = 'string' | 'number';
export type DictionaryValueErrors = Partial<Record<'value' | 'weight', string>>;

/** The value a dictionary entry offers, whichever its type. */
export const dictionaryEntryValue = (entry: DictionaryValue, type: DictionaryType) =>
  type === 'string' ? (entry.stringValue ?? '') : formatEntryNumber(entry.intValue);

const formatEntryNumber = (value: number | null | undefined) => (isNumber(value) ? String(value) : '');

/**
 * A value being added or edited: present, a number in a number dictionary, not already in the
 * dictionary (`others`: the values of the other entries), and a weight of at least 0.
 */
export function dictionaryValueErrors(
  draft: { value: string; weight: number | null },
  type: DictionaryType,
  others: readonly string[],
): DictionaryValueErrors {
  const errors: DictionaryValueErrors = {};
  const value = draft.value.trim();
  if (value === '') errors.value = REQUIRED_MESSAGE;
  else if (type === 'number' && !Number.isFinite(Number(value))) errors.value = DICTIONARY_VALUE_MESSAGE;
  else if (others.includes(type === 'number' ? String(Number(value)) : value)) {
    errors.value = DUPLICATE_DICTIONARY_VALUE_MESSAGE;
  }
  const weight = weightError(draft.weight);
  if (weight) errors.weight = weight;
  return errors;
}

/* ---------------------------------------------------------------- settings */

/** What the reminder check needs of the schedule (§5: the shortest fill window). */
export type ScheduleWindows = Pick<Schedule, 'one' | 'multi' | 'timePeriods'>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The shortest fill window of the schedule in minutes, or null when reminders are not bound by one:
 * a form filled anytime, or no complete period yet.
 */
export function reminderLimitMinutes(schedule: ScheduleWindows | null | undefined): number | null {
  if (!schedule || scheduleFillMode(schedule) === 'without') return null;
  const complete = schedule.timePeriods.filter(
    (period) => TIME.test(period.startTime) && TIME.test(period.endTime),
  );
  return shortestWindowMinutes({ timePeriods: complete });
}

export type ReminderErrors = Partial<Record<keyof FillReminder, string>>;

function countError(value: number): string | undefined {
  if (!Number.isFinite(value)) return NOT_A_NUMBER_MESSAGE;
  if (value < 0) return NEGATIVE_MESSAGE;
  if (!Number.isInteger(value)) return INTEGER_MESSAGE;
  return undefined;
}

/** §5 "Form settings": counts and minutes of at least 0, no reminder earlier than the window is long. */
export function reminderErrors(reminder: FillReminder, limitMinutes: number | null): ReminderErrors {
  const errors: ReminderErrors = {};
  const notification = countError(reminder.notification);
  if (notification) errors.notification = notification;
  const minutes = countError(reminder.timeBeforeEnd);
  if (minutes) errors.timeBeforeEnd = minutes;
  else if (limitMinutes !== null && reminder.timeBeforeEnd > limitMinutes) {
    errors.timeBeforeEnd = REMINDER_TOO_LONG_MESSAGE;
  }
  return errors;
}

/** Whether the settings can be saved with this schedule (the editor disables Save otherwise). */
export function settingsValid(settings: FormSettings, schedule: ScheduleWindows | null | undefined): boolean {
  const limit = reminderLimitMinutes(schedule);
  return settings.fillReminders.every((reminder) => !hasErrors(reminderErrors(reminder, limit)));
}
