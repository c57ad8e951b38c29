import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ItemScore } from '@formularze/domain/schemas/filled-data';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import type { FormPayload } from '@formularze/domain/schemas/forms';
import {
  INVALID_FILTER_CODE,
  POINTS_FILTER_MESSAGE,
  formResultsPage,
  latestResultsPage,
  type FormResultsRequest,
  type LatestResultsRequest,
  type ResultFilter,
} from '@formularze/domain/schemas/results';
import { insertFilling, type FillingRow } from '../../test/form-data-rows';
import { activeFormSelectedFor, projectTeam, setupDatabaseAndApp } from '../../test/helpers';
import { expectApiError, type Headers } from '../../test/requests';
import { latestResults } from './results-repository';

const { db, app } = await setupDatabaseAndApp();

type Response = Awaited<ReturnType<typeof app.inject>>;

const fields: TemplateField[] = [
  { id: 'pain', type: 'NUMBER', label: 'Ból', numberType: 'INTEGER', minValue: 0, maxValue: 10 },
  { id: 'note', type: 'TEXT', label: 'Uwagi', size: 200, maxRows: 1 },
  { id: 'day', type: 'DATE', label: 'Data objawów' },
  {
    id: 'symptoms',
    type: 'DICTIONARY',
    label: 'Objawy',
    allowMultipleAnswers: true,
    dictionary: {
      type: 'string',
      dictionaryValues: [
        { stringValue: 'kaszel' },
        { stringValue: 'gorączka' },
        { stringValue: 'ból głowy' },
      ],
    },
  },
  { id: 'info', type: 'LABEL', text: 'Dziękujemy' },
];

const formPayload = (name: string): FormPayload => ({
  name,
  layoutElementObject: { type: 'FORM', children: [{ type: 'ROW', children: fields }] },
});

/** An organization with an owner, an editor, two patients and a project. */
async function organization(name: string, phone = '+48600100200') {
  const { organizationId, ids, groupId, owner, editor, anna } = await projectTeam(app, db, name, [
    'anna',
    'bartek',
  ]);
  await db
    .updateTable('users')
    .set({
      hospital_identifier: 'H-17',
      phone,
      address: JSON.stringify({
        street: 'Długa 1',
        city: 'Gdańsk',
        zipCode: '80-001',
        post: 'Gdańsk',
        name: null,
      }),
    })
    .where('id', '=', ids.anna)
    .execute();

  /** A form of the project, selected for the given people. */
  const form = (formName: string, selected: number[] = [ids.anna, ids.bartek]) =>
    activeFormSelectedFor(app, db, owner, formPayload(formName), { groupId, selected });

  /** A filling stored as the filling page would leave it. */
  const filling = (
    formId: number,
    userId: number,
    row: Omit<FillingRow, 'organizationId' | 'formId' | 'userId'>,
  ) => insertFilling(db, { organizationId, formId, userId, ...row });
  return { organizationId, groupId, ids, owner, editor, anna, form, filling };
}

const latest = (headers: Headers, body: LatestResultsRequest | Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/form_data/latest_for_projects_and_users', headers, payload: body });

const byForm = (
  headers: Headers,
  formId: number,
  body: FormResultsRequest | Record<string, unknown> = {},
  showMissedForms?: boolean,
) =>
  app.inject({
    method: 'POST',
    url: `/api/form_data/by_form_id_extended/${formId}${showMissedForms === undefined ? '' : `?showMissedForms=${showMissedForms}`}`,
    headers,
    payload: body,
  });

/** The page answered, exactly in the schema's shape: no key missing, none the schema lacks. */
function latestPage(response: Response) {
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json();
  assert.deepEqual(body, latestResultsPage.parse(body));
  return latestResultsPage.parse(body);
}

function formPage(response: Response) {
  assert.equal(response.statusCode, 200, response.body);
  return formResultsPage.parse(response.json());
}

/* ------------------------------------------------------------------ latest per person */

test('the results table shows each person’s latest filling of each form, with counts, highest points first', async () => {
  const { ids, owner, form, filling } = await organization('Alfa');
  const pain = await form('Ankieta bólu');
  const sleep = await form('Sen');
  await filling(pain, ids.anna, { at: '2026-06-01T08:00:00Z', totalWeight: 9 });
  await filling(pain, ids.anna, { at: '2026-06-03T08:00:00Z', totalWeight: 2 });
  const annaLatest = await filling(pain, ids.anna, {
    at: '2026-06-05T08:00:00Z',
    totalWeight: 5,
    color: '#ff0000',
  });
  const bartekPain = await filling(pain, ids.bartek, { at: '2026-06-02T08:00:00Z', totalWeight: 7 });
  // A slot Bartek let pass after his last filling: his latest is the miss.
  await filling(sleep, ids.bartek, { at: '2026-06-01T08:00:00Z', totalWeight: 1 });
  const bartekMissed = await filling(sleep, ids.bartek, { state: 'MISSED', at: '2026-06-04T08:00:00Z' });
  // Drafts are never results.
  await filling(sleep, ids.anna, { state: 'SAVED', at: '2026-06-06T08:00:00Z' });

  const page = latestPage(await latest(owner));
  assert.equal(page.totalElements, 3);
  assert.equal(page.pageSize, 10);
  assert.deepEqual(
    page.content.map((row) => [row.formDataId, row.state, row.totalWeight, row.filledFormsPerPersonCount]),
    [
      [bartekPain, 'COMPLETED', 7, 1],
      [annaLatest, 'COMPLETED', 5, 3],
      [bartekMissed, 'MISSED', null, 1],
    ],
  );
  const anna = page.content[1]!;
  assert.equal(anna.color, '#ff0000');
  assert.equal(anna.text, 'Pilny kontakt');
  assert.equal(anna.completedAt, '2026-06-05T08:00:00.000Z');
  assert.deepEqual(anna.filledBy, {
    id: ids.anna,
    name: 'Anna Adamska',
    mail: 'anna@alfa.test',
    phone: '+48600100200',
    hospitalIdentifier: 'H-17',
    address: { street: 'Długa 1', city: 'Gdańsk', zipCode: '80-001', post: 'Gdańsk' },
  });
  assert.equal(anna.form.name, 'Ankieta bólu');
  assert.equal(anna.group?.name, 'Projekt Alfa');

  const ascending = latestPage(await latest(owner, { sort: 'totalWeight' }));
  assert.deepEqual(
    ascending.content.map((row) => row.totalWeight),
    [5, 7, null],
  );
  const byCount = latestPage(await latest(owner, { sort: '-filledFormsPerPersonCount' }));
  assert.equal(byCount.content[0]!.formDataId, annaLatest);
  // Sorted by the count, a filter still picks the rows, and the count is of all the person's fillings.
  const countedPain = latestPage(
    await latest(owner, {
      sort: 'filledFormsPerPersonCount',
      q: [{ field: 'totalWeight', operator: 'between', value: [6, 10] }],
    }),
  );
  assert.deepEqual(
    countedPain.content.map((row) => [
      row.form.id,
      row.filledBy.id,
      row.totalWeight,
      row.filledFormsPerPersonCount,
    ]),
    [
      [pain, ids.bartek, 7, 1],
      [pain, ids.anna, 9, 3],
    ],
  );
  assert.equal(countedPain.totalElements, 2);
  const byName = latestPage(await latest(owner, { sort: 'filledBy' }));
  assert.deepEqual(
    byName.content.map((row) => row.filledBy.name),
    ['Anna Adamska', 'Bartek Borowski', 'Bartek Borowski'],
  );
});

test('the results table filters by form, a column, points and the day of filling', async () => {
  const { ids, owner, editor, form, filling } = await organization('Alfa');
  const pain = await form('Ankieta bólu');
  const sleep = await form('Sen');
  await filling(pain, ids.anna, { at: '2026-06-01T08:00:00Z', totalWeight: 9 });
  const annaPain = await filling(pain, ids.anna, { at: '2026-06-03T21:30:00Z', totalWeight: 2 });
  const bartekPain = await filling(pain, ids.bartek, { at: '2026-06-02T08:00:00Z', totalWeight: 7 });
  const annaSleep = await filling(sleep, ids.anna, { at: '2026-06-02T22:30:00Z', totalWeight: 7 });

  const ids_ = async (q: ResultFilter, headers = owner) =>
    latestPage(await latest(headers, { q, sort: 'completedAt' })).content.map((row) => row.formDataId);

  assert.deepEqual(await ids_([{ field: 'form.id', operator: 'is', value: sleep }]), [annaSleep]);
  assert.deepEqual(await ids_([{ field: 'filledBy', operator: 'contains', value: 'borow' }]), [bartekPain]);
  assert.deepEqual(await ids_([{ field: 'filledBy', operator: 'contains', value: 'h-17' }]), [
    annaSleep,
    annaPain,
  ]);
  assert.deepEqual(await ids_([{ field: 'filledBy', operator: 'is', value: ids.bartek }]), [bartekPain]);
  assert.deepEqual(await ids_([{ field: 'form.name', operator: 'contains', value: 'BÓL' }]), [
    bartekPain,
    annaPain,
  ]);
  assert.deepEqual(await ids_([{ field: 'form.name', operator: 'is', value: 'sen' }]), [annaSleep]);
  assert.deepEqual(await ids_([{ field: 'group.name', operator: 'contains', value: 'alfa' }]), [
    bartekPain,
    annaSleep,
    annaPain,
  ]);
  assert.deepEqual(await ids_([{ field: 'group.name', operator: 'contains', value: 'Beta' }]), []);
  assert.deepEqual(await ids_([{ field: 'totalWeight', operator: 'is', value: 7 }]), [bartekPain, annaSleep]);
  assert.deepEqual(await ids_([{ field: 'totalWeight', operator: 'between', value: [null, 5] }]), [annaPain]);
  // The filter picks the fillings first: Anna's earlier 9 points is her latest filling with 9.
  const nine = await ids_([{ field: 'totalWeight', operator: 'between', value: [8, 10] }]);
  assert.equal(nine.length, 1);
  assert.notEqual(nine[0], annaPain);
  // Days are Poland's: 22:30 UTC on 2 June is already 3 June in Warsaw.
  assert.deepEqual(await ids_([{ field: 'completedAt', operator: 'is', value: '2026-06-03' }]), [
    annaSleep,
    annaPain,
  ]);
  assert.deepEqual(
    await ids_([{ field: 'completedAt', operator: 'between', value: ['2026-06-02', '2026-06-02'] }]),
    [bartekPain],
  );
  assert.deepEqual(
    await ids_([
      { field: 'completedAt', operator: 'between', value: ['2026-06-02T00:00:00Z', '2026-06-02T23:00:00Z'] },
    ]),
    [bartekPain, annaSleep],
  );
  assert.deepEqual(
    await ids_([
      { field: 'form.id', operator: 'is', value: pain },
      { field: 'filledBy', operator: 'contains', value: 'anna' },
    ]),
    [annaPain],
  );
  assert.deepEqual(await ids_([{ field: 'state', operator: 'is', value: 'MISSED' }], editor), []);
  // A user's own `%` is a character, not a wildcard.
  assert.deepEqual(await ids_([{ field: 'filledBy', operator: 'contains', value: '%' }]), []);
});

test('results page through the rows and count them all', async () => {
  const { ids, owner, form, filling } = await organization('Alfa');
  const formIds = [await form('A'), await form('B'), await form('C')];
  for (const [index, formId] of formIds.entries()) {
    await filling(formId, ids.anna, { at: `2026-06-0${index + 1}T08:00:00Z`, totalWeight: index });
    await filling(formId, ids.bartek, { at: `2026-06-0${index + 1}T09:00:00Z`, totalWeight: index + 10 });
  }
  const first = latestPage(await latest(owner, { page: 0, pageSize: 4 }));
  const second = latestPage(await latest(owner, { page: 1, pageSize: 4 }));
  assert.equal(first.totalElements, 6);
  assert.equal(second.totalElements, 6);
  assert.deepEqual(
    [...first.content, ...second.content].map((row) => row.totalWeight),
    [12, 11, 10, 2, 1, 0],
  );
  const past = latestPage(await latest(owner, { page: 5, pageSize: 4 }));
  assert.equal(past.content.length, 0);
  assert.equal(past.totalElements, 6);
});

/* ------------------------------------------------------------------ one form */

test('one form’s results carry the answers and filter them field by field', async () => {
  const { ids, owner, form, filling } = await organization('Alfa');
  const formId = await form('Ankieta bólu');
  const scores = (weight: number): Record<string, ItemScore> => ({
    pain: { color: '#ff0000', text: 'Ból', weight },
  });
  const strong = await filling(formId, ids.anna, {
    at: '2026-06-01T08:00:00Z',
    totalWeight: 5,
    data: { pain: 8, note: 'Silny ból pleców', day: '2026/05/30' },
    arrayData: { symptoms: ['kaszel', 'gorączka'] },
    itemScores: scores(5),
  });
  const mild = await filling(formId, ids.bartek, {
    at: '2026-06-02T08:00:00Z',
    totalWeight: 1,
    data: { pain: 3, note: 'lekki', day: '2026/06/01' },
    arrayData: { symptoms: ['ból głowy'] },
    itemScores: scores(1),
  });
  // A number typed as text is not a number answer.
  const typed = await filling(formId, ids.bartek, {
    at: '2026-06-03T08:00:00Z',
    totalWeight: 0,
    data: { pain: '9', note: '100% lepiej' },
  });

  const page = formPage(await byForm(owner, formId));
  assert.deepEqual(page.form, {
    id: formId,
    name: 'Ankieta bólu',
    edition: 1,
    bag: page.form.bag,
    group: page.form.group,
  });
  assert.deepEqual(
    page.fields.map((field) => [field.id, field.dataType]),
    [
      ['pain', 'NUMBER'],
      ['note', 'TEXT'],
      ['day', 'DATE'],
      ['symptoms', 'DICTIONARY'],
    ],
  );
  assert.deepEqual(page.editions, [{ id: formId, name: 'Ankieta bólu', edition: 1 }]);
  // Newest first by default.
  assert.deepEqual(
    page.content.map((row) => row.formDataId),
    [typed, mild, strong],
  );
  const strongRow = page.content[2]!;
  assert.deepEqual(strongRow.data, { pain: 8, note: 'Silny ból pleców', day: '2026/05/30' });
  assert.deepEqual(strongRow.arrayData, { symptoms: ['kaszel', 'gorączka'] });
  assert.deepEqual(strongRow.itemScores, scores(5));
  assert.equal(strongRow.filledFormsPerPersonCount, 1);
  assert.equal(page.content[0]!.filledFormsPerPersonCount, 2);

  const matching = async (q: ResultFilter) =>
    formPage(await byForm(owner, formId, { q, sort: 'completedAt' })).content.map((row) => row.formDataId);
  assert.deepEqual(await matching([{ field: 'data.note', operator: 'contains', value: 'BÓL' }]), [strong]);
  assert.deepEqual(await matching([{ field: 'data.note', operator: 'contains', value: '100%' }]), [typed]);
  assert.deepEqual(await matching([{ field: 'data.pain', operator: 'is', value: 8 }]), [strong]);
  assert.deepEqual(await matching([{ field: 'data.pain', operator: 'is', value: '9' }]), [typed]);
  assert.deepEqual(await matching([{ field: 'data.pain', operator: 'between', value: [2, 8] }]), [
    strong,
    mild,
  ]);
  assert.deepEqual(await matching([{ field: 'data.pain', operator: 'between', value: [4, null] }]), [strong]);
  assert.deepEqual(
    await matching([{ field: 'data.day', operator: 'between', value: ['2026/05/31', '2026/06/30'] }]),
    [mild],
  );
  assert.deepEqual(await matching([{ field: 'data.symptoms', operator: 'is', value: 'gorączka' }]), [strong]);
  assert.deepEqual(await matching([{ field: 'data.symptoms', operator: 'contains', value: 'głowy' }]), [
    mild,
  ]);
  assert.deepEqual(await matching([{ field: 'data.missing', operator: 'contains', value: 'x' }]), []);
  assert.deepEqual(await matching([{ field: 'fieldWeight.pain', operator: 'is', value: 1 }]), [mild]);
  assert.deepEqual(await matching([{ field: 'fieldWeight.pain', operator: 'between', value: [2, 10] }]), [
    strong,
  ]);
  // A field id is a value, never SQL.
  assert.deepEqual(await matching([{ field: "data.x' or '1'='1", operator: 'contains', value: 'a' }]), []);

  const sorted = formPage(await byForm(owner, formId, { sort: '-totalWeight' }));
  assert.deepEqual(
    sorted.content.map((row) => row.totalWeight),
    [5, 1, 0],
  );
  const paged = formPage(await byForm(owner, formId, { sort: 'completedAt', page: 1, pageSize: 2 }));
  assert.equal(paged.totalElements, 3);
  assert.deepEqual(
    paged.content.map((row) => row.formDataId),
    [typed],
  );
  const bartekOnly = formPage(await byForm(owner, formId, { personId: ids.bartek }));
  assert.deepEqual(
    bartekOnly.content.map((row) => row.formDataId),
    [typed, mild],
  );
});

test('missed slots show only when asked for; each edition has its own results', async () => {
  const { ids, owner, form, filling } = await organization('Alfa');
  const first = await form('Ankieta bólu');
  const sent = await filling(first, ids.anna, { at: '2026-06-01T08:00:00Z', totalWeight: 3 });
  const missed = await filling(first, ids.anna, { state: 'MISSED', at: '2026-06-02T08:00:00Z' });
  await filling(first, ids.anna, { state: 'SAVED', at: '2026-06-03T08:00:00Z' });
  const { bag_id: bagId } = await db
    .selectFrom('forms')
    .select('bag_id')
    .where('id', '=', first)
    .executeTakeFirstOrThrow();
  await db.updateTable('forms').set({ status: 'PREVIOUS_VERSION' }).where('id', '=', first).execute();
  const original = await db.selectFrom('forms').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
  const newer = await db
    .insertInto('forms')
    .values({
      organization_id: original.organization_id,
      bag_id: bagId,
      edition: 2,
      name: 'Ankieta bólu v2',
      status: 'ACTIVE',
      template: JSON.stringify({ type: 'FORM', children: [{ type: 'ROW', children: [fields[0]] }] }),
      rules: '[]',
      settings: JSON.stringify(original.settings),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const later = await filling(newer.id, ids.anna, { at: '2026-06-04T08:00:00Z', totalWeight: 1 });

  assert.deepEqual(
    formPage(await byForm(owner, first)).content.map((row) => row.formDataId),
    [sent],
  );
  assert.deepEqual(
    formPage(await byForm(owner, first, {}, false)).content.map((row) => row.formDataId),
    [sent],
  );
  const withMissed = formPage(await byForm(owner, first, {}, true));
  assert.deepEqual(
    withMissed.content.map((row) => [row.formDataId, row.state, row.completedAt]),
    [
      [sent, 'COMPLETED', '2026-06-01T08:00:00.000Z'],
      [missed, 'MISSED', null],
    ],
  );
  // The miss is not a filling: the count is of sent ones.
  assert.deepEqual(
    withMissed.content.map((row) => row.filledFormsPerPersonCount),
    [1, 1],
  );
  const newest = formPage(await byForm(owner, newer.id));
  assert.deepEqual(
    newest.content.map((row) => row.formDataId),
    [later],
  );
  assert.deepEqual(
    newest.fields.map((field) => field.id),
    ['pain'],
  );
  assert.deepEqual(
    newest.editions.map((edition) => [edition.id, edition.edition]),
    [
      [newer.id, 2],
      [first, 1],
    ],
  );
});

/* ------------------------------------------------------------------ who sees what */

test('a patient sees only their own results of forms they are selected for, without points', async () => {
  const { organizationId, ids, anna, form, filling } = await organization('Alfa');
  const pain = await form('Ankieta bólu');
  const notHers = await form('Tylko Bartek', [ids.bartek]);
  const own = await filling(pain, ids.anna, {
    at: '2026-06-01T08:00:00Z',
    totalWeight: 5,
    color: '#ff0000',
    itemScores: { pain: { color: '#ff0000', text: 'Ból', weight: 5 } },
    data: { pain: 8 },
  });
  await filling(pain, ids.bartek, { at: '2026-06-02T08:00:00Z', totalWeight: 7 });
  await filling(notHers, ids.bartek, { at: '2026-06-02T08:00:00Z', totalWeight: 7 });
  // Filled once, then no longer selected for it: no longer hers to see.
  const dropped = await form('Dawna ankieta');
  await filling(dropped, ids.anna, { at: '2026-06-01T08:00:00Z', totalWeight: 1 });
  await db.deleteFrom('form_allowed_users').where('form_id', '=', dropped).execute();

  const sleep = await form('Sen');
  const ownSleep = await filling(sleep, ids.anna, { at: '2026-06-03T08:00:00Z', totalWeight: 1 });

  // Without points to see, a sort by points is a sort by the newest.
  const mine = latestPage(await latest(anna, { sort: '-totalWeight' }));
  assert.deepEqual(
    mine.content.map((row) => [row.formDataId, row.totalWeight, row.color, row.text]),
    [
      [ownSleep, null, null, null],
      [own, null, null, null],
    ],
  );
  // Compiled once per kind of caller: her query keeps her own rows and selection even below
  // row-level security (the test's database sees every organization), after a reviewer's ran.
  const query = (readsAllData: boolean) =>
    latestResults(db, {
      caller: { userId: ids.anna, organizationId, fillsAnyForm: readsAllData, readsAllData },
      filter: [],
      page: { page: 0, pageSize: 20, sort: { key: 'completedAt', descending: true } },
    });
  assert.equal((await query(true)).totalElements, 5);
  assert.deepEqual(
    (await query(false)).content.map((row) => [row.formDataId, row.totalWeight]),
    [
      [ownSleep, null],
      [own, null],
    ],
  );
  const perForm = formPage(await byForm(anna, pain));
  assert.deepEqual(
    perForm.content.map((row) => row.formDataId),
    [own],
  );
  assert.equal(perForm.content[0]!.totalWeight, null);
  assert.deepEqual(perForm.content[0]!.itemScores, {});
  assert.deepEqual(perForm.content[0]!.data, { pain: 8 });
  assert.deepEqual(
    formPage(await byForm(anna, pain, { personId: ids.anna })).content.map((row) => row.formDataId),
    [own],
  );

  expectApiError(await byForm(anna, notHers), 404, 'form-not-found');
  expectApiError(await byForm(anna, dropped), 404, 'form-not-found');
  expectApiError(await byForm(anna, pain, { personId: ids.bartek }), 404, 'form-not-found');
  // Points could be guessed from a filter on them.
  const byPoints = expectApiError(
    await latest(anna, { q: [{ field: 'totalWeight', operator: 'between', value: [5, 5] }] }),
    400,
    INVALID_FILTER_CODE,
  );
  assert.equal(byPoints.message, POINTS_FILTER_MESSAGE);
  expectApiError(
    await byForm(anna, pain, { q: [{ field: 'fieldWeight.pain', operator: 'is', value: 5 }] }),
    400,
    INVALID_FILTER_CODE,
  );
});

test('another organization’s forms and results are not there', async () => {
  const alfa = await organization('Alfa');
  const beta = await organization('Beta', '+48600100300');
  const alfaForm = await alfa.form('Ankieta');
  const betaForm = await beta.form('Ankieta');
  const alfaRow = await alfa.filling(alfaForm, alfa.ids.anna, { at: '2026-06-01T08:00:00Z', totalWeight: 1 });
  await beta.filling(betaForm, beta.ids.anna, { at: '2026-06-01T08:00:00Z', totalWeight: 1 });

  expectApiError(await byForm(alfa.owner, betaForm), 404, 'form-not-found');
  assert.deepEqual(
    latestPage(await latest(alfa.owner)).content.map((row) => row.formDataId),
    [alfaRow],
  );
  assert.deepEqual(
    latestPage(await latest(alfa.owner, { q: [{ field: 'form.id', operator: 'is', value: betaForm }] }))
      .content,
    [],
  );
  expectApiError(await byForm(alfa.owner, 2_000_000), 404, 'form-not-found');
});

test('a filter or sort the language does not have is refused with a Polish message', async () => {
  const { owner, form } = await organization('Alfa');
  const formId = await form('Ankieta');
  const refused = async (q: unknown) =>
    expectApiError(await byForm(owner, formId, { q }), 400, INVALID_FILTER_CODE);

  assert.equal(
    (await refused([{ field: 'password', operator: 'is', value: 'x' }])).message,
    'Nie można filtrować wyników po polu „password”',
  );
  assert.equal(
    (await refused([{ field: 'form.id', operator: 'like', value: 1 }])).message,
    'Nieznany warunek filtra „like”',
  );
  assert.equal(
    (await refused([{ field: 'form.id', operator: 'contains', value: '1' }])).message,
    'Pole „form.id” nie przyjmuje warunku „contains”',
  );
  await refused([{ field: 'completedAt', operator: 'is', value: '03/06/2026' }]);
  await refused([{ field: 'totalWeight', operator: 'between', value: [null, null] }]);
  await refused([{ field: 'totalWeight', operator: 'is', value: 'dużo' }]);
  await refused([{ field: 'data.', operator: 'is', value: 'x' }]);
  await refused([{ field: 'form.id', operator: 'is', value: 1, extra: true }]);
  await refused({ field: 'form.id', operator: 'is', value: 1 });
  await refused('[{"field": "form.id"');
  // The JSON text of a query string reads the same as the array.
  assert.equal(
    formPage(
      await byForm(owner, formId, {
        q: JSON.stringify([{ field: 'form.id', operator: 'is', value: formId }]),
      }),
    ).totalElements,
    0,
  );
  expectApiError(await byForm(owner, formId, { sort: '-password' }), 400, 'validation');
  expectApiError(await latest(owner, { pageSize: 501 }), 400, 'validation');
});
