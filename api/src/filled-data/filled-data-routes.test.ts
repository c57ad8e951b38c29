import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import {
  ANSWER_REQUIRED_MESSAGE,
  CANNOT_FILL_MESSAGE,
  FILL_ALL_REQUIRED_MESSAGE,
  filledForm,
  IDEMPOTENCY_KEY_TAKEN_MESSAGE,
  INVALID_IDEMPOTENCY_KEY_MESSAGE,
  filledFormList,
  filledFormSummary,
  formMetadata,
  refusedSubmissionList,
  type FilledDataPayload,
} from '@formularze/domain/schemas/filled-data';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import {
  formDetails,
  formEditionList,
  formListItem,
  myForm,
  savedFormRef,
  scheduledForm,
  type FormPayload,
} from '@formularze/domain/schemas/forms';
import { pagedResponse } from '@formularze/domain/schemas/paging';
import { wednesdayMidday, wednesdaySchedule } from '../../test/form-fixtures';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { moodQuestion, oneRowLayout, painQuestion } from '../../test/pain-survey';
import { activeFormThroughApi, expectApiError, type Headers, setupClockedApi } from '../../test/requests';

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
const START = new Date('2026-06-10T10:00:00Z');
let now = START;
const { db, app, call } = await setupClockedApi(() => now);

type Response = Awaited<ReturnType<typeof app.inject>>;

const minutes = (count: number) => new Date(START.getTime() + count * 60_000);

const fields: TemplateField[] = [
  { id: 'name', type: 'TEXT', label: 'Imię', size: 50, maxRows: 1, required: true },
  painQuestion([{ operator: 'GREATER_THAN', arg1: 7, color: '#ff0000', text: 'Silny ból', weight: 5 }], {
    required: true,
  }),
  moodQuestion([
    { stringValue: 'dobry', weight: 0 },
    { stringValue: 'zły', weight: 2, color: '#000000', text: 'Zły nastrój' },
  ]),
];

const formPayload = (overrides: Partial<FormPayload> = {}): FormPayload => ({
  name: 'Ankieta bólu',
  layoutElementObject: oneRowLayout(...fields),
  allowDrafting: true,
  formRules: [
    {
      operator: 'GREATER_THAN',
      arg1: 6,
      color: '#ff0000',
      text: 'Pilny kontakt',
      smsMessage: 'Pacjent {imie} {nazwisko} ({identyfikator}, {telefon}): {suma_punktow} pkt',
      smsPhone: '+48 600 700 800',
    },
    { operator: 'LESS_THAN', arg1: 1, color: '#00ff00', text: 'Bez uwag' },
  ],
  ...overrides,
});

async function organization(name: string, phone = '+48600100200') {
  const organizationId = await createOrganization(db, { name });
  const slug = name.toLowerCase();
  const ids = {
    owner: await createUser(db, { email: `owner@${slug}.test`, authorities: 'ROLE_OWNER', organizationId }),
    editor: await createUser(db, {
      email: `editor@${slug}.test`,
      authorities: 'ROLE_EDITOR',
      organizationId,
    }),
    anna: await createUser(db, {
      email: `anna@${slug}.test`,
      phone,
      authorities: 'ROLE_USER',
      organizationId,
      firstName: 'Anna',
      surname: 'Adamska',
    }),
    bartek: await createUser(db, { email: `bartek@${slug}.test`, authorities: 'ROLE_USER', organizationId }),
  };
  await db.updateTable('users').set({ hospital_identifier: 'H-17' }).where('id', '=', ids.anna).execute();
  const groupId = await createFormGroup(db, { organizationId });
  const owner = await signInFromNewAddress(app, { email: `owner@${slug}.test` });
  const editor = await signInFromNewAddress(app, { email: `editor@${slug}.test` });
  const anna = await signInFromNewAddress(app, { username: `anna@${slug}.test` });
  const bartek = await signInFromNewAddress(app, { username: `bartek@${slug}.test` });

  /** An active form of the project, assigned to the given people from today. */
  const activeForm = (overrides: Partial<FormPayload> = {}, assigned = [ids.anna, ids.bartek]) =>
    activeFormThroughApi(app, db, owner, formPayload(overrides), {
      groupId,
      patients: assigned,
      validSince: '2026-06-10',
      validTo: '2026-06-20',
    });
  return { organizationId, ids, owner, editor, anna, bartek, activeForm };
}

const answers = (formId: number, overrides: Partial<FilledDataPayload> = {}): FilledDataPayload => ({
  formId,
  data: { name: 'Anna', pain: 8, mood: 'zły' },
  ...overrides,
});

async function save(
  headers: Headers,
  body: FilledDataPayload,
  { draft = false, id, key }: { draft?: boolean; id?: number; key?: string } = {},
) {
  const url = id ? `/api/form_data/${id}?draft=${draft}` : `/api/form_data/?draft=${draft}`;
  return call(id ? 'PUT' : 'POST', url, key ? { ...headers, 'idempotency-key': key } : headers, body);
}

/** The filled form answered, exactly in the schema's shape: no key missing, none the schema lacks. */
async function saved(response: Response, status = 201) {
  assert.equal(response.statusCode, status, response.body);
  const body = response.json();
  assert.deepEqual(body, filledForm.parse(body));
  return filledForm.parse(body);
}

test('a patient saves a draft, resumes it, submits it; the draft can be deleted, a submission cannot', async () => {
  now = START;
  const { anna, activeForm } = await organization('Alfa');
  const formId = await activeForm();

  const metadata = await call('POST', '/api/form_metadata/', anna, { form: { id: formId } });
  assert.equal(metadata.statusCode, 201, metadata.body);
  const { id: formMetadataId } = formMetadata.parse(metadata.json());

  // A draft skips the required fields.
  const draft = await saved(
    await save(anna, answers(formId, { formMetadataId, data: { name: 'Anna' } }), { draft: true }),
  );
  assert.equal(draft.state, 'SAVED');
  assert.equal(draft.completedAt, null);
  assert.equal(draft.formMetadataId, formMetadataId);
  assert.deepEqual(draft.data, { name: 'Anna' });

  now = minutes(5);
  const again = await saved(
    await save(anna, answers(formId, { data: { name: 'Anna', pain: 3 }, noteData: { name: '' } }), {
      draft: true,
      id: draft.id,
    }),
    200,
  );
  assert.equal(again.state, 'SAVED');
  assert.deepEqual(again.data, { name: 'Anna', pain: 3 });

  const drafts = filledFormList.parse((await call('GET', '/api/form_data/all/my?state=SAVED', anna)).json());
  assert.deepEqual(
    drafts.map((item) => item.id),
    [draft.id],
  );

  const submitted = await saved(await save(anna, answers(formId), { id: draft.id }), 200);
  assert.equal(submitted.state, 'COMPLETED');
  assert.equal(submitted.completedAt, minutes(5).toISOString());
  // Unscheduled forms have no edit period: the answers are final.
  assert.equal(submitted.editableUntil, null);
  // Patients see colours and texts, never points.
  assert.equal(submitted.totalWeight, null);
  assert.equal(submitted.color, '#ff0000');
  assert.deepEqual(
    submitted.items.map((item) => [item.id, item.value, item.color, item.text, item.weight]),
    [
      ['name', 'Anna', null, null, null],
      ['pain', 8, '#ff0000', 'Silny ból', null],
      ['mood', 'zły', '#000000', 'Zły nastrój', null],
    ],
  );

  expectApiError(
    await save(anna, answers(formId), { draft: true, id: draft.id }),
    409,
    'cannot-save-already-sent-form',
  );
  expectApiError(await save(anna, answers(formId), { id: draft.id }), 409, 'data-not-editable');
  expectApiError(await call('DELETE', `/api/form_data/${draft.id}`, anna), 409, 'data-not-deletable');

  const other = await saved(await save(anna, answers(formId), { draft: true }));
  assert.equal((await call('DELETE', `/api/form_data/${other.id}`, anna)).statusCode, 204);
  expectApiError(await call('GET', `/api/form_data/${other.id}`, anna), 404, 'form-data-not-found');
  expectApiError(await call('DELETE', `/api/form_data/${other.id}`, anna), 404, 'form-data-not-found');

  const mine = pagedResponse(filledFormSummary).parse(
    (await call('GET', '/api/v2/form_data/all/my?state=COMPLETED', anna)).json(),
  );
  assert.deepEqual(
    mine.content.map((item) => item.id),
    [draft.id],
  );
  assert.equal(mine.totalElements, 1);
});

test('a save answers the filled form as reading it back answers, whichever way it was written', async () => {
  now = START;
  const { anna, editor, activeForm } = await organization('Alfa');
  const formId = await activeForm();
  const readBack = async (headers: Headers, id: number) =>
    saved(await call('GET', `/api/form_data/${id}`, headers), 200);
  // One row written, answered by its insert: a draft, a calm submission, and staff filling the form.
  const calm = { data: { name: 'Anna', pain: 2, mood: 'dobry' } };
  const written = [
    { who: anna, answer: await saved(await save(anna, answers(formId, calm), { draft: true })) },
    { who: anna, answer: await saved(await save(anna, answers(formId, calm))) },
    { who: editor, answer: await saved(await save(editor, answers(formId, calm))) },
    // Its alert written with it, in a transaction, then read.
    { who: anna, answer: await saved(await save(anna, answers(formId))) },
  ];
  for (const { who, answer } of written) assert.deepEqual(answer, await readBack(who, answer.id));
  const [draft, , byStaff, alerting] = written.map(({ answer }) => answer);
  assert.equal(draft!.state, 'SAVED');
  assert.notEqual(draft!.group, null);
  assert.deepEqual(
    draft!.items.map(({ id, label, value }) => [id, label, value]),
    [
      ['name', 'Imię', 'Anna'],
      ['pain', 'Ból', 2],
      ['mood', 'Nastrój', 'dobry'],
    ],
  );
  assert.equal(byStaff!.filledBy.mail, 'editor@alfa.test');
  assert.equal(alerting!.text, 'Pilny kontakt');
});

test('submissions are checked against the template: required fields and values are named in a 400', async () => {
  now = START;
  const { anna, activeForm } = await organization('Alfa');
  const formId = await activeForm();
  const missing = expectApiError(await save(anna, answers(formId, { data: { pain: 0 } })), 400, 'validation');
  assert.equal(missing.message, FILL_ALL_REQUIRED_MESSAGE);
  assert.deepEqual(missing.fields, { 'data.name': ANSWER_REQUIRED_MESSAGE });

  const wrong = expectApiError(
    await save(anna, answers(formId, { data: { name: 'A', pain: 11, mood: 'świetny' } }), { draft: true }),
    400,
    'validation',
  );
  assert.deepEqual(wrong.fields, {
    'data.pain': 'Nieprawidłowa wartość',
    'data.mood': 'Nieprawidłowa wartość',
  });

  // The payload itself is validated too (not a 500).
  expectApiError(await call('POST', '/api/form_data/', anna, { formId: 'x' }), 400, 'validation');

  const noDrafts = await activeForm({ allowDrafting: false });
  expectApiError(await save(anna, answers(noDrafts), { draft: true }), 400, 'drafting-not-allowed');
  const count = await db
    .selectFrom('form_data')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  assert.equal(Number(count.n), 0);
});

test('scoring at submit: item and total points, the form rule, and an SMS alert through the outbox', async () => {
  now = START;
  const { anna, owner, editor, activeForm } = await organization('Alfa');
  const formId = await activeForm();
  const { id } = await saved(await save(anna, answers(formId)));

  const seen = await saved(await call('GET', `/api/form_data/${id}`, editor), 200);
  assert.equal(seen.totalWeight, 7);
  assert.deepEqual([seen.color, seen.text], ['#ff0000', 'Pilny kontakt']);
  assert.deepEqual(
    seen.items.map((item) => [item.id, item.weight]),
    [
      ['name', null],
      ['pain', 5],
      ['mood', 2],
    ],
  );
  assert.equal(seen.filledBy.name, 'Anna Adamska');

  const outbox = await db.selectFrom('outbox').select(['recipient', 'channel', 'body']).execute();
  assert.deepEqual(outbox, [
    { recipient: '+48600700800', channel: 'sms', body: 'Pacjent Anna Adamska (H-17, +48600100200): 7 pkt' },
  ]);

  // A calm answer: the other rule, no SMS.
  const calm = await saved(
    await save(anna, answers(formId, { data: { name: 'Anna', pain: 0, mood: 'dobry' } })),
  );
  const calmSeen = await saved(await call('GET', `/api/form_data/${calm.id}`, owner), 200);
  assert.deepEqual([calmSeen.totalWeight, calmSeen.text], [0, 'Bez uwag']);
  assert.equal((await db.selectFrom('outbox').select('id').execute()).length, 1);

  // The forms list counts the answers.
  const list = pagedResponse(formListItem).parse((await call('GET', '/api/v2/forms', owner)).json());
  assert.equal(list.content.find((form) => form.id === formId)?.filledFormCount, 2);
});

test('scheduled forms: only in the caller’s own open slot; editableUntil from the period', async () => {
  now = START;
  const { anna, bartek, ids, activeForm } = await organization('Alfa');
  const formId = await activeForm({
    schedule: {
      ...wednesdaySchedule,
      timePeriods: [wednesdayMidday, { dayOfWeek: 'FRIDAY', startTime: '08:00', endTime: '09:00' }],
      selectedDays: ['WEDNESDAY', 'FRIDAY'],
    },
  });
  const slots = await db
    .selectFrom('scheduled_forms')
    .select(['id', 'user_id', 'starts_at'])
    .where('form_id', '=', formId)
    .orderBy('starts_at')
    .execute();
  const annaToday = slots.find((slot) => slot.user_id === ids.anna)!;
  const annaFriday = slots.filter((slot) => slot.user_id === ids.anna)[1]!;
  const bartekToday = slots.find((slot) => slot.user_id === ids.bartek)!;

  expectApiError(await save(anna, answers(formId)), 400, 'validation');
  expectApiError(
    await save(anna, answers(formId, { scheduledFormId: bartekToday.id })),
    404,
    'scheduled-form-not-found',
  );
  expectApiError(
    await save(anna, answers(formId, { scheduledFormId: annaFriday.id })),
    409,
    'scheduled-form-not-started',
  );

  const filled = await saved(await save(anna, answers(formId, { scheduledFormId: annaToday.id })));
  assert.equal(filled.scheduledFormId, annaToday.id);
  assert.equal(filled.scheduledExecutionStart, '2026-06-10T09:00:00.000Z');
  assert.equal(filled.scheduledExecutionEnd, '2026-06-10T11:00:00.000Z');
  assert.equal(filled.editableUntil, minutes(15).toISOString());
  const open = pagedResponse(scheduledForm).parse(
    (await call('GET', '/api/v2/forms/scheduled', anna)).json(),
  );
  assert.deepEqual(
    open.content.map((slot) => [slot.id, slot.filledBy?.id, slot.editableUntil, slot.readyToFill]),
    [[annaToday.id, ids.anna, minutes(15).toISOString(), false]],
  );
  // 'one': a slot is filled once.
  expectApiError(
    await save(anna, answers(formId, { scheduledFormId: annaToday.id })),
    409,
    'scheduled-form-already-filled',
  );

  now = minutes(10);
  const corrected = await saved(
    await save(anna, answers(formId, { scheduledFormId: annaToday.id, data: { name: 'Anna', pain: 2 } }), {
      id: filled.id,
    }),
    200,
  );
  assert.equal(corrected.editableUntil, minutes(15).toISOString());
  assert.equal(corrected.completedAt, START.toISOString());
  assert.equal(corrected.color, '#00ff00');
  now = minutes(16);
  expectApiError(await save(anna, answers(formId), { id: filled.id }), 409, 'data-not-editable-anymore');

  // Bartek's slot ends at 13:00: a draft-less submission after it is refused.
  now = minutes(61);
  expectApiError(
    await save(bartek, answers(formId, { scheduledFormId: bartekToday.id })),
    409,
    'scheduled-form-is-expired',
  );
});

test('multi: an open slot stays ready to fill after each fill, and takes the next one', async () => {
  now = START;
  const { anna, ids, activeForm } = await organization('Wielo');
  const formId = await activeForm({
    schedule: {
      one: false,
      multi: true,
      startDate: '2026-06-08',
      endDate: '2026-06-14',
      timePeriods: [{ dayOfWeek: 'WEDNESDAY', startTime: '11:00', endTime: '13:00' }],
      selectedDays: ['WEDNESDAY'],
    },
  });
  const openSlots = async () =>
    pagedResponse(scheduledForm).parse((await call('GET', '/api/v2/forms/scheduled', anna)).json()).content;
  const [slot] = await openSlots();
  assert.ok(slot);
  await saved(await save(anna, answers(formId, { scheduledFormId: slot.id })));
  assert.deepEqual(
    (await openSlots()).map((open) => [open.id, open.filledBy?.id, open.readyToFill]),
    [[slot.id, ids.anna, true]],
  );
  await saved(await save(anna, answers(formId, { scheduledFormId: slot.id })));
});

test('patients fill only forms assigned to them and read only their own data; staff read the organization’s', async () => {
  now = START;
  const { anna, bartek, editor, owner, ids, activeForm } = await organization('Alfa');
  const annasForm = await activeForm({}, [ids.anna]);
  expectApiError(await save(bartek, answers(annasForm)), 404, 'form-not-found');
  expectApiError(
    await call('POST', '/api/form_metadata/', bartek, { form: { id: annasForm } }),
    404,
    'form-not-found',
  );

  const { id } = await saved(await save(anna, answers(annasForm), { draft: true }));
  expectApiError(await call('GET', `/api/form_data/${id}`, bartek), 404, 'form-data-not-found');
  expectApiError(await save(bartek, answers(annasForm), { id, draft: true }), 404, 'form-data-not-found');
  expectApiError(await call('DELETE', `/api/form_data/${id}`, bartek), 404, 'form-data-not-found');
  assert.deepEqual(
    filledFormList.parse((await call('GET', `/api/form_data/by_form_id/${annasForm}`, bartek)).json()),
    [],
  );
  // Staff read it but do not change someone else's answers.
  assert.equal((await call('GET', `/api/form_data/${id}`, editor)).statusCode, 200);
  assert.equal(
    filledFormList.parse((await call('GET', `/api/form_data/by_form_id/${annasForm}`, owner)).json()).length,
    1,
  );
  expectApiError(await save(editor, answers(annasForm), { id }), 404, 'form-data-not-found');

  // Staff fill any active form of their organization.
  assert.equal((await save(editor, answers(annasForm))).statusCode, 201);

  // The assignment ended: the form cannot be filled any more, nor the draft finished.
  now = new Date('2026-06-21T10:00:00Z');
  expectApiError(await save(anna, answers(annasForm)), 409, 'form-not-fillable');
  expectApiError(await save(anna, answers(annasForm), { id }), 409, 'form-not-fillable');
  now = START;
  // A paused form cannot be filled.
  assert.equal((await call('PUT', `/api/forms/${annasForm}/deactivate`, owner)).statusCode, 204);
  expectApiError(await save(anna, answers(annasForm)), 409, 'form-not-fillable');
});

test('tenants are isolated: another organization sees neither the form nor the data', async () => {
  now = START;
  const alfa = await organization('Alfa');
  const beta = await organization('Beta', '+48600100300');
  const formId = await alfa.activeForm();
  const { id } = await saved(await save(alfa.anna, answers(formId)));
  expectApiError(await call('GET', `/api/form_data/${id}`, beta.owner), 404, 'form-data-not-found');
  expectApiError(await save(beta.owner, answers(formId)), 404, 'form-not-found');
  expectApiError(await save(beta.anna, answers(formId)), 404, 'form-not-found');
  assert.deepEqual(
    filledFormList.parse((await call('GET', `/api/form_data/by_form_id/${formId}`, beta.owner)).json()),
    [],
  );
  const mine = pagedResponse(filledFormSummary).parse(
    (await call('GET', '/api/v2/form_data/all/my', beta.anna)).json(),
  );
  assert.equal(mine.totalElements, 0);
});

test('a form with answers gets a new edition when edited; the filler finds it among filled forms', async () => {
  now = START;
  const { anna, owner, activeForm } = await organization('Alfa');
  const formId = await activeForm();
  await saved(await save(anna, answers(formId)));

  const bags = pagedResponse(myForm).parse(
    (await call('GET', '/api/v2/forms/all-my-filled-unique-bags', anna)).json(),
  );
  assert.deepEqual(
    bags.content.map((form) => form.id),
    [formId],
  );

  assert.equal((await call('PUT', `/api/forms/${formId}/deactivate`, owner)).statusCode, 204);
  const edited = await call('PUT', `/api/forms/${formId}`, owner, formPayload({ name: 'Ankieta bólu 2' }));
  assert.equal(edited.statusCode, 200, edited.body);
  const next = savedFormRef.parse(edited.json());
  assert.notEqual(next.id, formId);
  assert.equal(next.edition, 2);
  const old = formDetails.parse((await call('GET', `/api/forms/${formId}`, owner)).json());
  assert.equal(old.status, 'PREVIOUS_VERSION');
  assert.equal(old.filledFormCount, 1);
  // The form list counts the answers of every edition: the new edition is the same form.
  const list = pagedResponse(formListItem).parse((await call('GET', '/api/v2/forms', owner)).json());
  assert.deepEqual(
    list.content.map((form) => [form.id, form.filledFormCount]),
    [[next.id, 1]],
  );
  assert.equal(
    formDetails.parse((await call('GET', `/api/forms/${next.id}`, owner)).json()).filledFormCount,
    1,
  );
  const versions = formEditionList.parse(
    (await call('GET', `/api/forms/${next.id}/old_versions`, owner)).json(),
  );
  assert.deepEqual(
    versions.map((version) => version.edition),
    [2, 1],
  );
  // The answers still read with the edition they were given to.
  const mine = pagedResponse(filledFormSummary).parse(
    (await call('GET', '/api/v2/form_data/all/my', anna)).json(),
  );
  assert.deepEqual(
    mine.content.map((item) => [item.form.id, item.form.edition]),
    [[formId, 1]],
  );
});

/** What a submission wrote: filled forms, alerts in the outbox, webhook deliveries. */
async function written() {
  const count = async (table: 'form_data' | 'outbox' | 'webhook_deliveries') =>
    (await db.selectFrom(table).select('id').execute()).length;
  return {
    filled: await count('form_data'),
    alerts: await count('outbox'),
    webhooks: await count('webhook_deliveries'),
  };
}

async function organizationWithWebhook(name: string) {
  const created = await organization(name);
  await db
    .updateTable('organizations')
    .set({ form_data_created_webhook_url: 'https://hooks.example.test/formdata' })
    .where('id', '=', created.organizationId)
    .execute();
  return created;
}

test('a save repeated with its idempotency key is stored, scored, alerted and announced once', async () => {
  now = START;
  const { anna, activeForm } = await organizationWithWebhook('Alfa');
  const formId = await activeForm();
  const key = randomUUID();
  const first = await save(anna, answers(formId), { key });
  const repeated = await save(anna, answers(formId), { key });

  assert.equal(repeated.statusCode, first.statusCode);
  assert.deepEqual(await saved(repeated), await saved(first));
  assert.deepEqual(await written(), { filled: 1, alerts: 1, webhooks: 1 });
});

test('saves sent at once with one key store one filled form', async () => {
  now = START;
  const { anna, activeForm } = await organizationWithWebhook('Alfa');
  const formId = await activeForm();
  const key = randomUUID();
  const responses = await Promise.all(Array.from({ length: 5 }, () => save(anna, answers(formId), { key })));

  const ids = await Promise.all(responses.map(async (response) => (await saved(response)).id));
  assert.equal(new Set(ids).size, 1);
  assert.deepEqual(await written(), { filled: 1, alerts: 1, webhooks: 1 });
});

test('a key names the caller’s own save: another account’s is refused, another organization’s is unrelated', async () => {
  now = START;
  const alfa = await organization('Alfa');
  const beta = await organization('Beta', '+48600100300');
  const alfaForm = await alfa.activeForm();
  const betaForm = await beta.activeForm();
  const key = randomUUID();
  const annas = await saved(await save(alfa.anna, answers(alfaForm), { key }));

  const bartek = await save(alfa.bartek, answers(alfaForm), { key });
  const refusal = expectApiError(bartek, 409, 'idempotency-key-taken');
  assert.equal(refusal.message, IDEMPOTENCY_KEY_TAKEN_MESSAGE);
  assert.ok(!bartek.body.includes(String(annas.id)));
  const elsewhere = await saved(await save(beta.anna, answers(betaForm), { key }));
  assert.notEqual(elsewhere.id, annas.id);
  // A draft of the caller's own is not someone else's save either.
  const draft = await saved(await save(alfa.anna, answers(alfaForm), { draft: true }));
  expectApiError(
    await save(alfa.anna, answers(alfaForm), { id: draft.id, key }),
    409,
    'idempotency-key-taken',
  );
  assert.equal((await written()).filled, 3);
});

test('a malformed key is a 400; without a key each save is stored, as before', async () => {
  now = START;
  const { anna, activeForm } = await organization('Alfa');
  const formId = await activeForm();

  const malformed = expectApiError(
    await save(anna, answers(formId), { key: 'not-a-uuid' }),
    400,
    'validation',
  );
  assert.match(malformed.message, new RegExp(INVALID_IDEMPOTENCY_KEY_MESSAGE.replace(/[()]/g, '\\$&')));
  const first = await saved(await save(anna, answers(formId)));
  const second = await saved(await save(anna, answers(formId)));
  assert.notEqual(first.id, second.id);
  assert.equal((await written()).filled, 2);
});

test('a draft’s submission repeated with its key answers the submission again and sends one alert', async () => {
  now = START;
  const { anna, activeForm } = await organizationWithWebhook('Alfa');
  const formId = await activeForm();
  const draft = await saved(await save(anna, answers(formId), { draft: true }));
  const key = randomUUID();

  const submitted = await saved(await save(anna, answers(formId), { id: draft.id, key }), 200);
  const repeated = await saved(await save(anna, answers(formId), { id: draft.id, key }), 200);
  assert.deepEqual(repeated, submitted);
  assert.equal(submitted.state, 'COMPLETED');
  assert.deepEqual(await written(), { filled: 1, alerts: 1, webhooks: 1 });
  // Without the key the repeat is refused, as before: the submission has no edit period.
  expectApiError(await save(anna, answers(formId), { id: draft.id }), 409, 'data-not-editable');
});

test('a queued submission refused for what changed meanwhile is recorded once, for staff only', async () => {
  now = START;
  const alfa = await organization('Alfa');
  const beta = await organization('Beta', '+48600100300');
  const pausedForm = await alfa.activeForm();
  const otherForm = await alfa.activeForm();
  const queued = (headers: Headers, key: string, queuedAt = '2026-06-10T09:41:00.000Z') => ({
    ...headers,
    'idempotency-key': key,
    'queued-at': queuedAt,
  });
  const refusedOf = async (formId: number, headers = alfa.owner, query = '') => {
    const response = await call('GET', `/api/form_data/refused_submissions/${formId}${query}`, headers);
    assert.equal(response.statusCode, 200, response.body);
    return refusedSubmissionList.parse(response.json());
  };

  // Paused while the patient's phone was offline: sent from the queue twice (a lost answer), refused twice.
  assert.equal((await call('PUT', `/api/forms/${pausedForm}/deactivate`, alfa.owner)).statusCode, 204);
  const key = randomUUID();
  now = minutes(30);
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await call(
      'POST',
      '/api/form_data/?draft=false',
      queued(alfa.anna, key),
      answers(pausedForm),
    );
    expectApiError(response, 409, 'form-not-fillable');
  }
  // Refused online (no queue): the patient saw it at once, nothing is recorded.
  expectApiError(await save(alfa.anna, answers(pausedForm), { key: randomUUID() }), 409, 'form-not-fillable');
  // The edition's answers no longer fit (a field became required): recorded as a validation refusal.
  const invalid = await call(
    'POST',
    '/api/form_data/?draft=false',
    queued(alfa.bartek, randomUUID(), '2026-06-10T09:00:00+02:00'),
    answers(otherForm, { data: { name: 'Bartek' } }),
  );
  expectApiError(invalid, 400, 'validation');

  assert.deepEqual(
    (await refusedOf(pausedForm)).map(({ id: _id, ...refusal }) => refusal),
    [
      {
        person: { id: alfa.ids.anna, name: 'Anna Adamska' },
        form: { id: pausedForm, edition: 1 },
        scheduledFormId: null,
        queuedAt: '2026-06-10T09:41:00.000Z',
        receivedAt: minutes(30).toISOString(),
        code: 'form-not-fillable',
        reason: CANNOT_FILL_MESSAGE,
      },
    ],
  );
  const [validation] = await refusedOf(otherForm);
  assert.deepEqual(
    [validation?.person.id, validation?.code, validation?.queuedAt],
    [alfa.ids.bartek, 'validation', '2026-06-10T07:00:00.000Z'],
  );
  assert.deepEqual(await refusedOf(pausedForm, alfa.editor, `?personId=${alfa.ids.bartek}`), []);
  assert.equal((await refusedOf(pausedForm, alfa.editor, `?personId=${alfa.ids.anna}`)).length, 1);

  // Patients do not read the history; another organization does not find the form.
  assert.equal(
    (await call('GET', `/api/form_data/refused_submissions/${pausedForm}`, alfa.anna)).statusCode,
    403,
  );
  expectApiError(
    await call('GET', `/api/form_data/refused_submissions/${pausedForm}`, beta.owner),
    404,
    'form-not-found',
  );
  // A queued save naming another organization's form records nothing there or here.
  const betaForm = await beta.activeForm();
  expectApiError(
    await call('POST', '/api/form_data/?draft=false', queued(alfa.anna, randomUUID()), answers(betaForm)),
    404,
    'form-not-found',
  );
  assert.deepEqual(await refusedOf(betaForm, beta.owner), []);
  assert.equal((await db.selectFrom('refused_submissions').select('id').execute()).length, 2);
});

test('access taken away while a submission waited: its first step is refused and recorded for staff, said as such', async () => {
  now = START;
  const alfa = await organization('Alfa');
  const formId = await alfa.activeForm();
  const key = randomUUID();
  const queued = { ...alfa.anna, 'idempotency-key': key, 'queued-at': '2026-06-10T09:41:00.000Z' };
  const removed = await call('PUT', `/api/forms/${formId}/allowed_users`, alfa.owner, [
    { userId: alfa.ids.anna, selected: false },
  ]);
  assert.equal(removed.statusCode, 200, removed.body);
  now = minutes(30);

  // Online, the patient is told at once and nothing is recorded.
  expectApiError(
    await call('POST', '/api/form_metadata/', alfa.anna, { form: { id: formId } }),
    404,
    'form-not-found',
  );
  // From the queue (twice: a lost answer), one record.
  for (let attempt = 0; attempt < 2; attempt++) {
    expectApiError(
      await call('POST', '/api/form_metadata/', queued, { form: { id: formId } }),
      404,
      'form-not-found',
    );
  }
  const response = await call('GET', `/api/form_data/refused_submissions/${formId}`, alfa.owner);
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(
    refusedSubmissionList.parse(response.json()).map(({ id: _id, ...refusal }) => refusal),
    [
      {
        person: { id: alfa.ids.anna, name: 'Anna Adamska' },
        form: { id: formId, edition: 1 },
        scheduledFormId: null,
        queuedAt: '2026-06-10T09:41:00.000Z',
        receivedAt: minutes(30).toISOString(),
        code: 'form-not-found',
        reason: 'Brak dostępu do formularza: dostęp odebrano albo formularz usunięto',
      },
    ],
  );
  // Bartek still has access: his queued submission starts as before.
  const started = await call(
    'POST',
    '/api/form_metadata/',
    { ...alfa.bartek, 'idempotency-key': randomUUID(), 'queued-at': '2026-06-10T09:41:00.000Z' },
    { form: { id: formId } },
  );
  assert.equal(started.statusCode, 201, started.body);
});

test('answers given to an edition replaced meanwhile go to the edition in force if they fit it, and are refused as invalid if not', async () => {
  now = START;
  const { anna, bartek, owner, activeForm } = await organization('Alfa');
  const first = await activeForm();
  // Anna's answers make the next change a new edition.
  await saved(await save(anna, answers(first)));
  const newEdition = async (formId: number, payload: FormPayload) => {
    assert.equal((await call('PUT', `/api/forms/${formId}/deactivate`, owner)).statusCode, 204);
    const edited = await call('PUT', `/api/forms/${formId}`, owner, payload);
    assert.equal(edited.statusCode, 200, edited.body);
    const { id } = savedFormRef.parse(edited.json());
    assert.equal((await call('PUT', `/api/forms/${id}/activate`, owner)).statusCode, 204);
    return id;
  };

  // Bartek started on edition 1 (its metadata too); a new name makes edition 2 meanwhile.
  const metadata = formMetadata.parse(
    (await call('POST', '/api/form_metadata/', bartek, { form: { id: first } })).json(),
  );
  const second = await newEdition(first, formPayload({ name: 'Ankieta bólu 2' }));
  const followed = await saved(await save(bartek, answers(first, { formMetadataId: metadata.id })));
  assert.deepEqual(
    [followed.form.id, followed.form.edition, followed.formMetadataId],
    [second, 2, metadata.id],
  );
  // Scored by the edition in force (staff read the score).
  const scored = filledForm.parse((await call('GET', `/api/form_data/${followed.id}`, owner)).json());
  assert.equal(scored.totalWeight, 7);

  // Edition 3 asks a new required question: answers given to edition 1 do not fit it.
  const extra: TemplateField = {
    id: 'sleep',
    type: 'TEXT',
    label: 'Sen',
    size: 50,
    maxRows: 1,
    required: true,
  };
  await newEdition(
    second,
    formPayload({
      layoutElementObject: oneRowLayout(...fields, extra),
    }),
  );
  const refused = await save(bartek, answers(first));
  expectApiError(refused, 400, 'validation');
  assert.deepEqual(Object.keys(refused.json().fields ?? {}), ['data.sleep']);
});
