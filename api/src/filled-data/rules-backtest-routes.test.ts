import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { apiError } from '@formularze/domain/schemas';
import type { FilledDataPayload } from '@formularze/domain/schemas/filled-data';
import type { FieldRule, FormRule } from '@formularze/domain/schemas/form-template';
import { savedFormRef, type FormPayload } from '@formularze/domain/schemas/forms';
import {
  rulesBacktest,
  type RulesBacktest,
  type RulesBacktestRequest,
} from '@formularze/domain/schemas/rules-backtest';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { moodQuestion, oneRowLayout, painQuestion } from '../../test/pain-survey';
import { activeFormThroughApi, type Headers, setupClockedApi } from '../../test/requests';

/**
 * `POST /api/forms/{id}/rules/backtest` (ADR 224): the editor's rules and scoring over the form's
 * past filled forms, next to the edition in force, counted exactly as real submissions would be.
 */

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
const START = new Date('2026-06-10T10:00:00Z');
let now = START;
const { db, app, call } = await setupClockedApi(() => now);

const DAY_MS = 24 * 60 * 60 * 1000;

const moodField = moodQuestion([
  { stringValue: 'dobry', weight: 0 },
  { stringValue: 'zły', weight: 3 },
]);

const SMS_PHONE = '+48600700800';
const urgent: FormRule = {
  operator: 'GREATER_THAN',
  arg1: 6,
  text: 'Pilny kontakt',
  smsMessage: 'Pacjent {imie} {nazwisko}: {suma_punktow} pkt',
  smsPhone: SMS_PHONE,
};
const calm: FormRule = { operator: 'LESS_THAN', arg1: 1, text: 'Bez uwag' };

/** `editorsCanManageForms`: whether its editors may edit forms, and so back-test them (§6). */
async function organization(name: string, editorsCanManageForms = false) {
  const organizationId = await createOrganization(db, { name, editorsCanManageForms });
  const slug = name.toLowerCase();
  const person = (login: string, authorities: string, names: { firstName?: string; surname?: string } = {}) =>
    createUser(db, { email: `${login}@${slug}.test`, authorities, organizationId, ...names });
  const ids = {
    owner: await person('owner', 'ROLE_OWNER'),
    editor: await person('editor', 'ROLE_EDITOR'),
    anna: await person('anna', 'ROLE_USER', { firstName: 'Anna', surname: 'Adamska' }),
    bartek: await person('bartek', 'ROLE_USER', { firstName: 'Bartek', surname: 'Bednarz' }),
  };
  const groupId = await createFormGroup(db, { organizationId });
  const owner = await signInFromNewAddress(app, { email: `owner@${slug}.test` });
  const editor = await signInFromNewAddress(app, { email: `editor@${slug}.test` });
  const anna = await signInFromNewAddress(app, { username: `anna@${slug}.test` });
  const bartek = await signInFromNewAddress(app, { username: `bartek@${slug}.test` });

  /** An active form of the project, assigned to Anna and Bartek for the year. */
  const activeForm = (payload: Pick<FormPayload, 'layoutElementObject' | 'formRules'>) =>
    activeFormThroughApi(
      app,
      db,
      owner,
      { name: 'Ankieta bólu', ...payload },
      {
        groupId,
        patients: [ids.anna, ids.bartek],
        validSince: '2026-01-01',
        validTo: '2027-12-31',
      },
    );
  return { organizationId, ids, owner, editor, anna, bartek, activeForm };
}

async function submit(headers: Headers, formId: number, data: FilledDataPayload['data']) {
  const response = await call('POST', '/api/form_data/?draft=false', headers, { formId, data });
  assert.equal(response.statusCode, 201, response.body);
}

const alertCount = async () =>
  Number(
    (
      await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('subject', '=', 'Alert formularza')
        .executeTakeFirstOrThrow()
    ).count,
  );

async function backtest(
  formId: number,
  body: RulesBacktestRequest,
  headers: Headers,
): Promise<RulesBacktest> {
  const response = await call('POST', `/api/forms/${formId}/rules/backtest`, headers, body);
  assert.equal(response.statusCode, 200, response.body);
  return rulesBacktest.parse(response.json());
}

test('the draft is compared with the edition in force over every edition, per rule and in total, sending nothing', async () => {
  now = new Date(START.getTime() - 120 * DAY_MS);
  const org = await organization('Alfa', true);
  const pain = painQuestion([
    { operator: 'GREATER_THAN', arg1: 7, text: 'Silny ból', weight: 5 },
    { operator: 'GREATER_THAN', arg1: 3, text: 'Umiarkowany ból', weight: 2 },
  ]);
  const formId = await org.activeForm({
    layoutElementObject: oneRowLayout(pain, moodField),
    formRules: [urgent, calm],
  });
  // Scores under the edition in force: 0 + 3 = 3; 5 + 3 = 8 (urgent, alert); 0 (calm); 5.
  const daysAgo = (days: number) => (now = new Date(START.getTime() - days * DAY_MS));
  daysAgo(100);
  await submit(org.anna, formId, { pain: 2, mood: 'zły' });
  daysAgo(10);
  await submit(org.anna, formId, { pain: 8, mood: 'zły' });
  daysAgo(5);
  await submit(org.bartek, formId, { pain: 0, mood: 'dobry' });
  daysAgo(1);
  await submit(org.bartek, formId, { pain: 9 });
  now = START;
  const sent = await alertCount();
  assert.equal(sent, 1);

  // The draft alerts above 1 point and drops the mood question: 0 (calm); 5 (alert); 0 (calm); 5 (alert).
  const draft: RulesBacktestRequest = {
    layoutElementObject: oneRowLayout(pain),
    formRules: [{ ...urgent, arg1: 1 }, calm],
    period: 'all',
  };
  const result = await backtest(formId, draft, org.editor);
  assert.equal(result.activeFormId, formId);
  assert.equal(result.filledForms, 4);
  assert.deepEqual(
    result.formRules.map(({ active, draft }) => [
      active?.filledForms,
      active?.smsAlerts,
      draft?.filledForms,
      draft?.smsAlerts,
    ]),
    [
      [1, 1, 2, 2],
      [1, 0, 2, 0],
    ],
  );
  assert.deepEqual(result.total, {
    active: { filledForms: 2, smsAlerts: 1 },
    draft: { filledForms: 4, smsAlerts: 2 },
    difference: { filledForms: 2, smsAlerts: 1 },
  });
  assert.deepEqual(result.fieldRules, [
    { fieldId: 'pain', position: 0, active: 2, draft: 2 },
    { fieldId: 'pain', position: 1, active: 0, draft: 0 },
  ]);
  assert.deepEqual(result.unevaluableFields, [
    { fieldId: 'mood', label: 'Nastrój', activeType: 'DICTIONARY', draftType: null },
  ]);
  // Latest saved first; Bartek's calm 0 is the same under both.
  assert.equal(result.changed.totalElements, 3);
  assert.deepEqual(
    result.changed.content.map((row) => [
      row.person.name,
      row.active.score,
      row.draft.score,
      row.active.smsAlert,
      row.draft.smsAlert,
      row.draft.text,
    ]),
    [
      ['Bartek Bednarz', 5, 5, false, true, 'Pilny kontakt'],
      ['Anna Adamska', 8, 5, true, true, 'Pilny kontakt'],
      ['Anna Adamska', 3, 0, false, false, 'Bez uwag'],
    ],
  );
  assert.equal(
    result.changed.content[2]?.completedAt,
    new Date(START.getTime() - 100 * DAY_MS).toISOString(),
  );
  const binned = (side: 'active' | 'draft') => result.histogram.reduce((sum, bin) => sum + bin[side], 0);
  assert.deepEqual([binned('active'), binned('draft')], [4, 4]);
  assert.equal(result.histogram[0]?.from, 0);
  // Anna's 3 → 0 falls below 1, her 8 → 5 below 6.
  assert.deepEqual(result.thresholds, [
    { threshold: 1, upward: 0, downward: 1 },
    { threshold: 6, upward: 0, downward: 1 },
  ]);
  assert.equal(await alertCount(), sent, 'the back-test sends nothing');

  // The last 30 days: the filling of 100 days ago is left out.
  const recent = await backtest(formId, { ...draft, period: '30' }, org.owner);
  assert.equal(recent.filledForms, 3);
  assert.equal(recent.since, new Date(START.getTime() - 30 * DAY_MS).toISOString());
  assert.deepEqual(recent.total.difference, { filledForms: 1, smsAlerts: 1 });
});

test('fillings of earlier editions count, under the active edition and the draft alike', async () => {
  now = START;
  const org = await organization('Beta');
  const pain = painQuestion([{ operator: 'GREATER_THAN', arg1: 5, text: 'Silny ból', weight: 10 }]);
  const first = await org.activeForm({ layoutElementObject: oneRowLayout(pain), formRules: [urgent] });
  await submit(org.anna, first, { pain: 7 });
  assert.equal((await call('PUT', `/api/forms/${first}/deactivate`, org.owner)).statusCode, 204);
  const edited = await call('PUT', `/api/forms/${first}`, org.owner, {
    name: 'Ankieta bólu',
    layoutElementObject: oneRowLayout(pain, moodField),
    formRules: [urgent],
  });
  const second = savedFormRef.parse(edited.json()).id;
  assert.notEqual(second, first);
  assert.equal((await call('PUT', `/api/forms/${second}/activate`, org.owner)).statusCode, 204);
  await submit(org.bartek, second, { pain: 3, mood: 'zły' });

  // A draft that turns the pain into a text: the answers of that field are left unread.
  const result = await backtest(
    second,
    {
      layoutElementObject: oneRowLayout(
        { id: 'pain', type: 'TEXT', label: 'Ból', size: 10, maxRows: 1 },
        moodField,
      ),
      formRules: [{ ...urgent, arg1: 2 }],
      period: 'all',
    },
    org.owner,
  );
  assert.equal(result.activeFormId, second);
  assert.equal(result.filledForms, 2);
  assert.deepEqual(result.total.active, { filledForms: 1, smsAlerts: 1 });
  assert.deepEqual(result.total.draft, { filledForms: 1, smsAlerts: 1 });
  assert.deepEqual(result.unevaluableFields, [
    { fieldId: 'pain', label: 'Ból', activeType: 'NUMBER', draftType: 'TEXT' },
  ]);
  // Under the edition in force Anna's 10 alerts and Bartek's 3 does not; under the draft, the reverse.
  assert.deepEqual(result.thresholds, [
    { threshold: 2, upward: 0, downward: 1 },
    { threshold: 6, upward: 0, downward: 1 },
  ]);
});

test("refusals: a bad request, another organization's or a missing form, and people who may not edit forms", async () => {
  now = START;
  const alfa = await organization('Gamma');
  const beta = await organization('Delta');
  const formId = await alfa.activeForm({
    layoutElementObject: oneRowLayout(painQuestion([])),
    formRules: [urgent],
  });
  const draft: RulesBacktestRequest = {
    layoutElementObject: oneRowLayout(painQuestion([])),
    formRules: [],
    period: '90',
  };
  const url = `/api/forms/${formId}/rules/backtest`;

  const badPeriod = await call('POST', url, alfa.owner, { ...draft, period: '7' });
  assert.equal(badPeriod.statusCode, 400, badPeriod.body);
  const badRule = await call('POST', url, alfa.owner, {
    ...draft,
    formRules: [{ operator: 'BETWEEN', arg1: 1, text: 'Bez końca' }],
  });
  assert.equal(badRule.statusCode, 400, badRule.body);

  for (const [target, headers] of [
    [url, beta.owner],
    ['/api/forms/2147483000/rules/backtest', alfa.owner],
  ] as const) {
    const response = await call('POST', target, headers, draft);
    assert.equal(response.statusCode, 404, response.body);
    assert.equal(apiError.parse(response.json()).code, 'form-not-found');
  }
  await db.updateTable('forms').set({ status: 'DELETED' }).where('id', '=', formId).execute();
  assert.equal((await call('POST', url, alfa.owner, draft)).statusCode, 404);

  for (const headers of [alfa.anna, alfa.editor]) {
    const response = await call('POST', url, headers, draft);
    assert.equal(response.statusCode, 403, response.body);
  }
});

const operators = ['GREATER_THAN', 'LESS_THAN', 'EQUALS', 'BETWEEN'] as const;
const ruleArbitrary = fc.record({
  operator: fc.constantFrom(...operators),
  arg1: fc.integer({ min: -2, max: 22 }),
  arg2: fc.integer({ min: -2, max: 22 }),
  sms: fc.boolean(),
});
const formRulesArbitrary = fc.array(ruleArbitrary, { maxLength: 3 }).map((rules) =>
  rules.map(({ sms, ...rule }, index): FormRule => ({
    ...rule,
    text: `Reguła ${index}`,
    ...(sms ? { smsMessage: 'Alert {suma_punktow}', smsPhone: SMS_PHONE } : {}),
  })),
);
const fieldRulesArbitrary = fc
  .array(
    fc.record({
      operator: fc.constantFrom(...operators),
      arg1: fc.integer({ min: 0, max: 10 }),
      arg2: fc.integer({ min: 0, max: 10 }),
      weight: fc.integer({ min: 0, max: 6 }),
    }),
    { maxLength: 2 },
  )
  .map((rules) => rules.map((rule): FieldRule => ({ ...rule, text: 'Ból' })));
const answersArbitrary = fc.array(
  fc.record(
    { pain: fc.integer({ min: 0, max: 10 }), mood: fc.constantFrom('dobry', 'zły') },
    { requiredKeys: ['pain'] },
  ),
  { minLength: 1, maxLength: 5 },
);

test('property: the back-test counts what saving the same answers under each edition does', async () => {
  now = START;
  const org = await organization('Epsilon');
  /** Saves every answer as Anna to a new form with `rules`: which rule each held, and the alerts sent. */
  async function saveAll(
    form: Pick<FormPayload, 'layoutElementObject' | 'formRules'>,
    answers: FilledDataPayload['data'][],
  ) {
    const formId = await org.activeForm(form);
    const alertsBefore = await alertCount();
    for (const data of answers) await submit(org.anna, formId, data);
    const rows = await db.selectFrom('form_data').select('text').where('form_id', '=', formId).execute();
    const held = (form.formRules ?? []).map((rule) => rows.filter((row) => row.text === rule.text).length);
    return { formId, held, alerts: (await alertCount()) - alertsBefore };
  }

  await fc.assert(
    fc.asyncProperty(
      formRulesArbitrary,
      fieldRulesArbitrary,
      formRulesArbitrary,
      fieldRulesArbitrary,
      answersArbitrary,
      async (activeRules, activeFieldRules, draftRules, draftFieldRules, answers) => {
        const active = {
          layoutElementObject: oneRowLayout(painQuestion(activeFieldRules), moodField),
          formRules: activeRules,
        };
        const draft = {
          layoutElementObject: oneRowLayout(painQuestion(draftFieldRules), moodField),
          formRules: draftRules,
        };
        const underActive = await saveAll(active, answers);
        const underDraft = await saveAll(draft, answers);

        const result = await backtest(underActive.formId, { ...draft, period: 'all' }, org.owner);
        assert.equal(result.filledForms, answers.length);
        const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
        assert.deepEqual(
          result.formRules.flatMap((rule) => (rule.active ? [rule.active.filledForms] : [])),
          underActive.held,
        );
        assert.deepEqual(
          result.formRules.flatMap((rule) => (rule.draft ? [rule.draft.filledForms] : [])),
          underDraft.held,
        );
        assert.deepEqual(result.total.active, {
          filledForms: sum(underActive.held),
          smsAlerts: underActive.alerts,
        });
        assert.deepEqual(result.total.draft, {
          filledForms: sum(underDraft.held),
          smsAlerts: underDraft.alerts,
        });
      },
    ),
    { numRuns: 15 },
  );
});
