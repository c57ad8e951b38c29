import type { Kysely, Transaction } from 'kysely';
import type { FilledAnswers } from '@formularze/domain/schemas/filled-data';
import { templateFields, type FormLayout, type FormRule } from '@formularze/domain/schemas/form-template';
import {
  CHANGED_OUTCOMES_SHOWN,
  type ChangedOutcome,
  type FieldRuleComparison,
  type FormRuleOutcome,
  type RulesBacktest,
  type RulesBacktestRequest,
  type UnevaluableField,
} from '@formularze/domain/schemas/rules-backtest';
import { scoreHistogram } from '@formularze/domain/schemas/score-trends';
import { inReadOnlyTransaction } from '../db/read-only-transaction';
import type { Database } from '../db/schema';
import { personName } from '../persons/person-name';
import { heldFieldRule, scoreForm, sendsSms, type FormScore } from './scoring';

/**
 * The rule back-test (ADR 224): the draft's scoring and rules, and those of the edition in force,
 * applied by the very code a submission runs (`scoreForm`) to every completed filled form of the
 * form's editions in the period. The filled forms are read in pages by id, newest first, inside
 * one read-only transaction, and only counters are kept, so memory does not grow with their number.
 */

/** Filled forms read per statement. */
export const BACKTEST_PAGE_SIZE = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Edition {
  id: number;
  template: FormLayout;
  rules: FormRule[];
}

interface Scoring {
  layout: FormLayout;
  rules: readonly FormRule[];
  /** Field id → the field's rule counts, for fields with rules. */
  fieldRules: Map<string, { field: ScoredField; counts: number[] }>;
  ruleCounts: number[];
  scores: Map<number, number>;
}

type ScoredField = ReturnType<typeof templateFields>[number]['field'];

function scoringOf(layout: FormLayout, rules: readonly FormRule[]): Scoring {
  const fieldRules = new Map<string, { field: ScoredField; counts: number[] }>();
  for (const { field } of templateFields(layout)) {
    if (field.fieldRules?.length) fieldRules.set(field.id, { field, counts: field.fieldRules.map(() => 0) });
  }
  return { layout, rules, fieldRules, ruleCounts: rules.map(() => 0), scores: new Map() };
}

/** Scores the answers as a submission would, and counts what held. */
function tally(scoring: Scoring, answers: FilledAnswers): FormScore {
  const score = scoreForm(scoring.layout, scoring.rules, answers);
  if (score.ruleIndex >= 0) scoring.ruleCounts[score.ruleIndex]! += 1;
  for (const { field, counts } of scoring.fieldRules.values()) {
    const held = heldFieldRule(field, answers);
    if (held >= 0) counts[held]! += 1;
  }
  scoring.scores.set(score.totalWeight, (scoring.scores.get(score.totalWeight) ?? 0) + 1);
  return score;
}

/** The fields of the edition in force that take answers and that the draft removed or gave another type. */
function unevaluableFields(active: FormLayout, draft: FormLayout): UnevaluableField[] {
  const draftTypes = new Map(templateFields(draft).map(({ field }) => [field.id, field.type]));
  return templateFields(active).flatMap(({ field }) => {
    const draftType = draftTypes.get(field.id) ?? null;
    if (field.type === 'LABEL' || draftType === field.type) return [];
    return [{ fieldId: field.id, label: field.label ?? null, activeType: field.type, draftType }];
  });
}

/** The answers without those of `fieldIds`: answers given to another type mean nothing to the draft. */
function withoutFields(answers: FilledAnswers, fieldIds: ReadonlySet<string>): FilledAnswers {
  if (fieldIds.size === 0) return answers;
  const keep = <T>(record: Record<string, T> | undefined) =>
    Object.fromEntries(Object.entries(record ?? {}).filter(([id]) => !fieldIds.has(id)));
  return { ...answers, data: keep(answers.data), arrayData: keep(answers.arrayData) };
}

const differs = (active: FormScore, draft: FormScore) =>
  active.totalWeight !== draft.totalWeight ||
  active.color !== draft.color ||
  active.text !== draft.text ||
  (active.alert === null) !== (draft.alert === null);

const outcomeOf = (score: FormScore) => ({
  score: score.totalWeight,
  color: score.color,
  text: score.text,
  smsAlert: score.alert !== null,
});

function ruleOutcome(rule: FormRule | undefined, filledForms: number): FormRuleOutcome | null {
  if (!rule) return null;
  const sms = sendsSms(rule);
  return {
    operator: rule.operator,
    arg1: rule.arg1,
    arg2: rule.arg2 ?? null,
    text: rule.text ?? null,
    sendsSms: sms,
    filledForms,
    smsAlerts: sms ? filledForms : 0,
  };
}

function totalsOf(scoring: Scoring) {
  return scoring.rules.reduce(
    (sum, rule, index) => {
      const count = scoring.ruleCounts[index]!;
      return {
        filledForms: sum.filledForms + count,
        smsAlerts: sum.smsAlerts + (sendsSms(rule) ? count : 0),
      };
    },
    { filledForms: 0, smsAlerts: 0 },
  );
}

function fieldRuleComparisons(active: Scoring, draft: Scoring): FieldRuleComparison[] {
  const fieldIds = [...new Set([...active.fieldRules.keys(), ...draft.fieldRules.keys()])];
  return fieldIds.flatMap((fieldId) => {
    const [before, after] = [active.fieldRules.get(fieldId)?.counts, draft.fieldRules.get(fieldId)?.counts];
    const positions = Math.max(before?.length ?? 0, after?.length ?? 0);
    return Array.from({ length: positions }, (_, position) => ({
      fieldId,
      position,
      active: before?.[position] ?? null,
      draft: after?.[position] ?? null,
    }));
  });
}

/** Both distributions in the same bins: each histogram spans every score of both. */
function histogramOf(active: Scoring, draft: Scoring) {
  const entries = (scores: Map<number, number>) =>
    [...scores].map(([score, patients]) => ({ score, patients }));
  const unweighted = (scores: Map<number, number>) =>
    [...scores.keys()].map((score) => ({ score, patients: 0 }));
  const before = scoreHistogram([...entries(active.scores), ...unweighted(draft.scores)]);
  const after = scoreHistogram([...entries(draft.scores), ...unweighted(active.scores)]);
  return before.map((bin, index) => ({
    from: bin.from,
    to: bin.to,
    active: bin.patients,
    draft: after[index]!.patients,
  }));
}

/** The form's edition in force (its active edition, else the one edited), or undefined when there is no such form. */
async function editionsOf(db: Kysely<Database>, organizationId: number, formId: number) {
  const form = await db
    .selectFrom('forms')
    .select(['id', 'bag_id', 'template', 'rules'])
    .where('id', '=', formId)
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'DELETED')
    .executeTakeFirst();
  if (!form) return undefined;
  const editions = await db
    .selectFrom('forms')
    .select(['id', 'status', 'template', 'rules'])
    .where('bag_id', '=', form.bag_id)
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'DELETED')
    .orderBy('edition', 'desc')
    .execute();
  const active: Edition = editions.find((edition) => edition.status === 'ACTIVE') ?? form;
  return { active, editionIds: editions.map((edition) => edition.id) };
}

export async function backtestRules(
  db: Kysely<Database>,
  {
    organizationId,
    formId,
    draft: request,
    now,
  }: { organizationId: number; formId: number; draft: RulesBacktestRequest; now: Date },
): Promise<RulesBacktest | undefined> {
  const { period } = request;
  const since = period === 'all' ? null : new Date(now.getTime() - Number(period) * DAY_MS);
  return inReadOnlyTransaction(db, async (trx) => {
    const form = await editionsOf(trx, organizationId, formId);
    if (!form) return undefined;
    const active = scoringOf(form.active.template, form.active.rules);
    const draft = scoringOf(request.layoutElementObject, request.formRules);
    const unevaluable = unevaluableFields(form.active.template, request.layoutElementObject);
    const retyped = new Set(
      unevaluable.filter((field) => field.draftType !== null).map((field) => field.fieldId),
    );
    const thresholds = [
      ...new Set(
        [...form.active.rules, ...request.formRules].flatMap((rule) =>
          typeof rule.arg2 === 'number' ? [rule.arg1, rule.arg2] : [rule.arg1],
        ),
      ),
    ].sort((a, b) => a - b);
    const crossings = thresholds.map(() => ({ upward: new Set<number>(), downward: new Set<number>() }));
    const shown: (Omit<ChangedOutcome, 'person'> & { userId: number })[] = [];
    let changed = 0;
    let filledForms = 0;

    for await (const page of completedFilledForms(trx, {
      organizationId,
      editionIds: form.editionIds,
      since,
    })) {
      for (const row of page) {
        filledForms += 1;
        const before = tally(active, row.answers);
        const after = tally(draft, withoutFields(row.answers, retyped));
        thresholds.forEach((threshold, index) => {
          const [wasAbove, isAbove] = [before.totalWeight >= threshold, after.totalWeight >= threshold];
          if (!wasAbove && isAbove) crossings[index]!.upward.add(row.user_id);
          if (wasAbove && !isAbove) crossings[index]!.downward.add(row.user_id);
        });
        if (!differs(before, after)) continue;
        changed += 1;
        if (shown.length < CHANGED_OUTCOMES_SHOWN) {
          shown.push({
            filledFormId: row.id,
            formId: row.form_id,
            userId: row.user_id,
            completedAt: row.completed_at.toISOString(),
            active: outcomeOf(before),
            draft: outcomeOf(after),
          });
        }
      }
    }

    const names = await personNames(trx, organizationId, [...new Set(shown.map((row) => row.userId))]);
    const positions = Math.max(active.rules.length, draft.rules.length);
    const [totalActive, totalDraft] = [totalsOf(active), totalsOf(draft)];
    return {
      period,
      since: since?.toISOString() ?? null,
      activeFormId: form.active.id,
      filledForms,
      formRules: Array.from({ length: positions }, (_, position) => ({
        position,
        active: ruleOutcome(active.rules[position], active.ruleCounts[position] ?? 0),
        draft: ruleOutcome(draft.rules[position], draft.ruleCounts[position] ?? 0),
      })),
      fieldRules: fieldRuleComparisons(active, draft),
      total: {
        active: totalActive,
        draft: totalDraft,
        difference: {
          filledForms: totalDraft.filledForms - totalActive.filledForms,
          smsAlerts: totalDraft.smsAlerts - totalActive.smsAlerts,
        },
      },
      changed: {
        content: shown.map(({ userId, ...row }) => ({
          ...row,
          person: { id: userId, name: names.get(userId) ?? '' },
        })),
        totalElements: changed,
      },
      unevaluableFields: unevaluable,
      histogram: histogramOf(active, draft),
      thresholds: thresholds.map((threshold, index) => ({
        threshold,
        upward: crossings[index]!.upward.size,
        downward: crossings[index]!.downward.size,
      })),
    };
  });
}

/** The completed filled forms of the editions since `since`, newest saved first, a page at a time. */
async function* completedFilledForms(
  trx: Transaction<Database>,
  { organizationId, editionIds, since }: { organizationId: number; editionIds: number[]; since: Date | null },
) {
  let before: number | null = null;
  for (;;) {
    let query = trx
      .selectFrom('form_data')
      .select(['id', 'form_id', 'user_id', 'completed_at', 'answers'])
      .where('organization_id', '=', organizationId)
      .where('form_id', 'in', editionIds)
      .where('state', '=', 'COMPLETED')
      .where('removed_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(BACKTEST_PAGE_SIZE);
    if (since) query = query.where('completed_at', '>=', since);
    if (before !== null) query = query.where('id', '<', before);
    const page = await query.execute();
    if (page.length === 0) return;
    yield page.map((row) => ({ ...row, completed_at: new Date(row.completed_at!) }));
    if (page.length < BACKTEST_PAGE_SIZE) return;
    before = page[page.length - 1]!.id;
  }
}

async function personNames(trx: Transaction<Database>, organizationId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'surname', 'email', 'phone'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, personName(row)]));
}
