import * as z from 'zod/mini';
import { fieldDataType, formLayout, formRule, RULE_OPERATORS } from './form-template';

/**
 * The rule back-test (ADR 224): the editor's unsaved rules and scoring run over the form's past
 * filled forms, every edition of it, next to the edition in force, without sending anything.
 */

export const BACKTEST_PERIODS = ['30', '90', '365', 'all'] as const;
export type BacktestPeriod = (typeof BACKTEST_PERIODS)[number];
/** The filled forms whose outcome changes, listed newest first, at most this many. */
export const CHANGED_OUTCOMES_SHOWN = 50;

/** `POST /api/forms/{id}/rules/backtest`: what the editor holds, saved or not. */
export const rulesBacktestRequest = z.object({
  layoutElementObject: formLayout,
  formRules: z.array(formRule),
  /** Days back from now, or every filled form. */
  period: z.enum(BACKTEST_PERIODS),
});
export type RulesBacktestRequest = z.infer<typeof rulesBacktestRequest>;

/** How often one form rule would hold: the first rule that holds for a score is the one applied. */
export const formRuleOutcome = z.object({
  operator: z.enum(RULE_OPERATORS),
  arg1: z.number(),
  arg2: z.nullable(z.number()),
  text: z.nullable(z.string()),
  /** Whether it sends an SMS (a message and a phone). */
  sendsSms: z.boolean(),
  filledForms: z.number(),
  smsAlerts: z.number(),
});
export type FormRuleOutcome = z.infer<typeof formRuleOutcome>;

/** The rule at one position of the list, in force and in the draft (null where there is none). */
export const formRuleComparison = z.object({
  position: z.number(),
  active: z.nullable(formRuleOutcome),
  draft: z.nullable(formRuleOutcome),
});
export type FormRuleComparison = z.infer<typeof formRuleComparison>;

/** How many filled forms a field's rule at `position` would apply to, in force and in the draft. */
export const fieldRuleComparison = z.object({
  fieldId: z.string(),
  position: z.number(),
  active: z.nullable(z.number()),
  draft: z.nullable(z.number()),
});
export type FieldRuleComparison = z.infer<typeof fieldRuleComparison>;

export const backtestTotals = z.object({
  /** Filled forms for which a form rule holds. */
  filledForms: z.number(),
  /** SMS alerts those rules send (form rules alert by SMS only, §3 "Form rule"). */
  smsAlerts: z.number(),
});
export type BacktestTotals = z.infer<typeof backtestTotals>;

const outcome = z.object({
  score: z.number(),
  color: z.nullable(z.string()),
  text: z.nullable(z.string()),
  smsAlert: z.boolean(),
});

/** A filled form whose score, colour, text or alert differs under the draft. */
export const changedOutcome = z.object({
  filledFormId: z.number(),
  /** The edition it was filled in. */
  formId: z.number(),
  person: z.object({ id: z.number(), name: z.string() }),
  completedAt: z.string(),
  active: outcome,
  draft: outcome,
});
export type ChangedOutcome = z.infer<typeof changedOutcome>;

/** A field of the edition in force whose answers the draft cannot read. */
export const unevaluableField = z.object({
  fieldId: z.string(),
  label: z.nullable(z.string()),
  activeType: fieldDataType,
  /** The draft's type for the id; null when the draft removed the field. */
  draftType: z.nullable(fieldDataType),
});
export type UnevaluableField = z.infer<typeof unevaluableField>;

/** Filled forms whose score falls in `[from, to)` (the last bin includes `to`), in force and in the draft. */
export const backtestScoreBin = z.object({
  from: z.number(),
  to: z.number(),
  active: z.number(),
  draft: z.number(),
});
export type BacktestScoreBin = z.infer<typeof backtestScoreBin>;

/** Patients with a filled form whose score moves from below a rule's threshold to at or above it, or back. */
export const thresholdCrossing = z.object({
  threshold: z.number(),
  upward: z.number(),
  downward: z.number(),
});
export type ThresholdCrossing = z.infer<typeof thresholdCrossing>;

export const rulesBacktest = z.object({
  period: z.enum(BACKTEST_PERIODS),
  /** The earliest completion read; null for every filled form. */
  since: z.nullable(z.string()),
  /** The edition the draft is compared with: the form's active edition, else the one edited. */
  activeFormId: z.number(),
  filledForms: z.number(),
  formRules: z.array(formRuleComparison),
  fieldRules: z.array(fieldRuleComparison),
  total: z.object({ active: backtestTotals, draft: backtestTotals, difference: backtestTotals }),
  changed: z.object({ content: z.array(changedOutcome), totalElements: z.number() }),
  unevaluableFields: z.array(unevaluableField),
  histogram: z.array(backtestScoreBin),
  thresholds: z.array(thresholdCrossing),
});
export type RulesBacktest = z.infer<typeof rulesBacktest>;
