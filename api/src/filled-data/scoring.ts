import type { FilledAnswers, ItemScore } from '@formularze/domain/schemas/filled-data';
import {
  templateFields,
  type FieldRule,
  type FormLayout,
  type FormRule,
  type RuleOperator,
  type TemplateField,
} from '@formularze/domain/schemas/form-template';

/**
 * Scoring at submit (§3 "Field rule", "Form rule", "Dictionary value"), without the database:
 * - a dictionary answer scores the weight, colour and text of the chosen value (several choices:
 *   the weights add up, the first choice with a colour or text gives them);
 * - a field rule is checked against the answer's number (a NUMBER answer, or the value of a numeric
 *   dictionary's single choice); the first rule that holds adds its weight and gives its colour and
 *   text, which win over the dictionary's;
 * - the total weight is the sum of the items' weights; the first form rule that holds for it gives
 *   the form's colour and text, and its SMS alert when it has a message and a phone.
 */

export interface FormScore {
  items: Record<string, ItemScore>;
  totalWeight: number;
  color: string | null;
  text: string | null;
  /** The form rule whose SMS is to be sent, if one held and has both a message and a phone. */
  alert: { phone: string; message: string } | null;
  /** The position of the form rule that held, -1 when none did. */
  ruleIndex: number;
}

/** Whether `value` meets the rule (BETWEEN: both ends included, in either order). */
export function ruleHolds(
  rule: { operator: RuleOperator; arg1: number; arg2?: number | null },
  value: number,
): boolean {
  switch (rule.operator) {
    case 'GREATER_THAN':
      return value > rule.arg1;
    case 'LESS_THAN':
      return value < rule.arg1;
    case 'EQUALS':
      return Math.abs(value - rule.arg1) < 1e-9;
    case 'BETWEEN': {
      if (typeof rule.arg2 !== 'number') return false;
      const [low, high] = rule.arg1 <= rule.arg2 ? [rule.arg1, rule.arg2] : [rule.arg2, rule.arg1];
      return value >= low && value <= high;
    }
  }
}

const smsAlertOf = (rule: FormRule | undefined) =>
  rule?.smsMessage?.trim() && rule.smsPhone ? { phone: rule.smsPhone, message: rule.smsMessage } : null;

/** Whether a form rule, when it holds, sends an SMS: it has both a message and a phone. */
export const sendsSms = (rule: FormRule): boolean => smsAlertOf(rule) !== null;

/** Sums without binary noise (0.1 + 0.2 is 0.3 here): points are shown with 2 decimals anyway. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

type Field = Pick<TemplateField, 'id' | 'type' | 'dictionary' | 'allowMultipleAnswers' | 'fieldRules'>;

function chosenValues(field: Field, answers: FilledAnswers) {
  const dictionary = field.dictionary;
  if (field.type !== 'DICTIONARY' || !dictionary) return [];
  const picked = field.allowMultipleAnswers
    ? (answers.arrayData[field.id] ?? [])
    : answers.data[field.id] === undefined || answers.data[field.id] === null
      ? []
      : [answers.data[field.id]];
  return picked.flatMap((answer) => {
    const entry = dictionary.dictionaryValues.find((candidate) =>
      dictionary.type === 'string' ? candidate.stringValue === answer : candidate.intValue === answer,
    );
    return entry ? [entry] : [];
  });
}

/** The number a field's rules are checked against, or null when the answer has none. */
function ruleInput(field: Field, answers: FilledAnswers): number | null {
  if (field.type === 'NUMBER') {
    const value = answers.data[field.id];
    return typeof value === 'number' ? value : null;
  }
  if (field.type === 'DICTIONARY' && field.dictionary?.type === 'number' && !field.allowMultipleAnswers) {
    const value = answers.data[field.id];
    return typeof value === 'number' ? value : null;
  }
  return null;
}

/** The position of the field's rule that holds for the answer, -1 when none does. */
export function heldFieldRule(field: Field, answers: FilledAnswers): number {
  const input = ruleInput(field, answers);
  if (input === null || !field.fieldRules) return -1;
  return field.fieldRules.findIndex((candidate) => ruleHolds(candidate, input));
}

export function scoreItem(field: Field, answers: FilledAnswers): ItemScore | null {
  let weight: number | null = null;
  let color: string | null = null;
  let text: string | null = null;
  for (const entry of chosenValues(field, answers)) {
    if (typeof entry.weight === 'number') weight = round((weight ?? 0) + entry.weight);
    if (color === null && text === null && (entry.color || entry.text)) {
      color = entry.color ?? null;
      text = entry.text ?? null;
    }
  }
  const rule: FieldRule | undefined = field.fieldRules?.[heldFieldRule(field, answers)];
  if (rule) {
    if (typeof rule.weight === 'number') weight = round((weight ?? 0) + rule.weight);
    color = rule.color ?? null;
    text = rule.text ?? null;
  }
  return weight === null && color === null && text === null ? null : { color, text, weight };
}

export function scoreForm(layout: FormLayout, rules: readonly FormRule[], answers: FilledAnswers): FormScore {
  const items: Record<string, ItemScore> = {};
  let totalWeight = 0;
  for (const { field } of templateFields(layout)) {
    const score = scoreItem(field, answers);
    if (!score) continue;
    items[field.id] = score;
    totalWeight = round(totalWeight + (score.weight ?? 0));
  }
  const ruleIndex = rules.findIndex((candidate) => ruleHolds(candidate, totalWeight));
  const rule = rules[ruleIndex];
  return {
    items,
    totalWeight,
    color: rule?.color ?? null,
    text: rule?.text ?? null,
    alert: smsAlertOf(rule),
    ruleIndex,
  };
}
