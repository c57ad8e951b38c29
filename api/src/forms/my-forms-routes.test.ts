import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError } from '@formularze/domain/schemas';
import {
  myForm,
  myFormList,
  onlyScheduledForm,
  savedFormRef,
  scheduledForm,
  scheduledFormList,
  type FormPayload,
  type MyForm,
} from '@formularze/domain/schemas/forms';
import { pagedResponse, type Paged } from '@formularze/domain/schemas/paging';
import { availableForPerson } from '@formularze/domain/schemas/projects';
import { markMissedSlots } from '../jobs/missed-slots';
import { wednesdaySchedule } from '../../test/form-fixtures';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { activeFormThroughApi, type Headers, setupClockedApi } from '../../test/requests';

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
let now = new Date('2026-06-10T10:00:00Z');
const { db, app, call } = await setupClockedApi(() => now);

const scheduledPayload: FormPayload = {
  name: 'Dziennik snu',
  layoutElementObject: {
    type: 'FORM',
    children: [
      { type: 'ROW', children: [{ id: 'hours', type: 'TEXT', label: 'Godziny snu', size: 20, maxRows: 1 }] },
    ],
  },
  allowDrafting: false,
  formRules: [],
  schedule: wednesdaySchedule,
};

test('GET /api/forms/scheduled/{id}: the signed-in person reads their own window only', async () => {
  const organizationId = await createOrganization(db, { name: 'Sen' });
  await createUser(db, { email: 'owner@sen.test', authorities: 'ROLE_OWNER', organizationId });
  const annaId = await createUser(db, { email: 'anna@sen.test', authorities: 'ROLE_USER', organizationId });
  const bartekId = await createUser(db, {
    email: 'bartek@sen.test',
    authorities: 'ROLE_USER',
    organizationId,
  });
  const groupId = await createFormGroup(db, { organizationId });
  const owner = await signInFromNewAddress(app, { email: 'owner@sen.test' });
  const anna = await signInFromNewAddress(app, { username: 'anna@sen.test' });

  const formId = await activeFormThroughApi(app, db, owner, scheduledPayload, {
    groupId,
    patients: [annaId, bartekId],
    validSince: '2026-06-10',
    validTo: '2026-06-20',
  });
  const slots = await db
    .selectFrom('scheduled_forms')
    .select(['id', 'user_id'])
    .where('form_id', '=', formId)
    .execute();
  const annaSlot = slots.find((slot) => slot.user_id === annaId)!;
  const bartekSlot = slots.find((slot) => slot.user_id === bartekId)!;

  const own = await call('GET', `/api/forms/scheduled/${annaSlot.id}`, anna);
  assert.equal(own.statusCode, 200, own.body);
  assert.deepEqual(scheduledForm.parse(own.json()), {
    id: annaSlot.id,
    form: { id: formId, name: 'Dziennik snu' },
    startDate: '2026-06-10T09:00:00.000Z',
    endDate: '2026-06-10T11:00:00.000Z',
    editableUntil: null,
    readyToFill: true,
    filledBy: null,
  });

  // Once the window has passed it is still readable, no longer ready to fill.
  now = new Date('2026-06-10T11:30:00Z');
  const past = scheduledForm.parse((await call('GET', `/api/forms/scheduled/${annaSlot.id}`, anna)).json());
  assert.equal(past.readyToFill, false);

  for (const id of [bartekSlot.id, 999_999]) {
    const refused = await call('GET', `/api/forms/scheduled/${id}`, anna);
    assert.equal(refused.statusCode, 404, refused.body);
    assert.equal(apiError.parse(refused.json()).code, 'scheduled-form-not-found');
  }
});

/** An organization with a project, its owner, an editor and two patients, all signed in. */
async function clinic(name: string) {
  now = new Date('2026-06-10T10:00:00Z');
  const organizationId = await createOrganization(db, { name });
  const login = (role: string, authorities: string) =>
    createUser(db, { email: `${role}@${name}.test`, authorities, organizationId });
  await login('owner', 'ROLE_OWNER');
  const editorId = await login('editor', 'ROLE_EDITOR');
  const patientId = await login('anna', 'ROLE_USER');
  await login('bartek', 'ROLE_USER');
  const groupId = await createFormGroup(db, { organizationId });
  const owner = await signInFromNewAddress(app, { email: `owner@${name}.test` });
  /** A form of the project assigned to Anna from today, activated. */
  const activeForm = (payload: FormPayload): Promise<number> =>
    activeFormThroughApi(app, db, owner, payload, {
      groupId,
      patients: [patientId],
      validSince: '2026-06-10',
      validTo: '2026-06-20',
    });
  return {
    organizationId,
    groupId,
    editorId,
    patientId,
    owner,
    editor: await signInFromNewAddress(app, { email: `editor@${name}.test` }),
    anna: await signInFromNewAddress(app, { username: `anna@${name}.test` }),
    bartek: await signInFromNewAddress(app, { username: `bartek@${name}.test` }),
    activeForm,
  };
}

const plainPayload: FormPayload = { ...scheduledPayload, name: 'Ankieta wstępna', schedule: null };

test('the unpaged calls of the calls table answer the signed-in person, not /api/forms/{id}', async () => {
  const sen = await clinic('sen');
  const plainId = await sen.activeForm(plainPayload);
  const scheduledId = await sen.activeForm(scheduledPayload);

  const active = await call('GET', '/api/forms/active', sen.anna);
  assert.equal(active.statusCode, 200, active.body);
  assert.deepEqual(
    myFormList.parse(active.json()).map((form) => form.id),
    [plainId],
  );
  assert.deepEqual(myFormList.parse((await call('GET', '/api/forms/active', sen.bartek)).json()), []);

  const scheduled = await call('GET', '/api/forms/scheduled', sen.anna);
  assert.equal(scheduled.statusCode, 200, scheduled.body);
  assert.deepEqual(
    scheduledFormList.parse(scheduled.json()).map((slot) => [slot.form.id, slot.readyToFill]),
    [[scheduledId, true]],
  );

  const only = await call('GET', '/api/forms/has-only-one-scheduled-form', sen.owner);
  assert.equal(only.statusCode, 200, only.body);
  assert.deepEqual(onlyScheduledForm.parse(only.json()), {
    hasOnlyOneScheduledForm: true,
    form: { id: scheduledId, name: 'Dziennik snu' },
  });
  await sen.activeForm({ ...scheduledPayload, name: 'Drugi dziennik' });
  assert.deepEqual((await call('GET', '/api/forms/has-only-one-scheduled-form', sen.editor)).json(), {
    hasOnlyOneScheduledForm: false,
    form: null,
  });
  // Patients fill forms; the organization's list of forms is not theirs.
  assert.equal((await call('GET', '/api/forms/has-only-one-scheduled-form', sen.anna)).statusCode, 403);

  // Staff ask about one person: whom they may manage only.
  const byPerson = await call('GET', `/api/forms/active-by-person/${sen.patientId}`, sen.editor);
  assert.equal(byPerson.statusCode, 200, byPerson.body);
  assert.deepEqual(
    myFormList
      .parse(byPerson.json())
      .map((form) => form.name)
      .sort(),
    ['Ankieta wstępna', 'Dziennik snu', 'Drugi dziennik'].sort(),
  );
  assert.equal(
    (await call('GET', `/api/forms/active-by-person/${sen.editorId}`, sen.editor)).statusCode,
    404,
  );
  assert.equal((await call('GET', `/api/forms/active-by-person/${sen.patientId}`, sen.anna)).statusCode, 403);

  const available = await call('GET', `/api/forms/available-for-person/${sen.patientId}`, sen.owner);
  assert.equal(available.statusCode, 200, available.body);
  assert.equal(availableForPerson.parse(available.json()).length, 3);
  assert.ok(availableForPerson.parse(available.json()).every((form) => form.granted));
  const inProject = await call(
    'GET',
    `/api/forms/available-for-person/${sen.patientId}?groupId=${sen.groupId}`,
    sen.owner,
  );
  assert.equal(availableForPerson.parse(inProject.json()).length, 3);
  assert.equal(
    (await call('GET', `/api/forms/available-for-person/${sen.patientId}?groupId=999999`, sen.owner))
      .statusCode,
    404,
  );

  // The form's own address still answers its details.
  assert.equal((await call('GET', `/api/forms/${plainId}`, sen.owner)).json<{ id: number }>().id, plainId);
});

test('another organization reads none of these: its staff and patients get their own or a refusal', async () => {
  const sen = await clinic('sen');
  const plainId = await sen.activeForm(plainPayload);
  const scheduledId = await sen.activeForm(scheduledPayload);
  const other = await clinic('inna');

  assert.deepEqual((await call('GET', '/api/forms/active', other.anna)).json(), []);
  assert.deepEqual((await call('GET', '/api/forms/scheduled', other.anna)).json(), []);
  assert.deepEqual((await call('GET', '/api/forms/has-only-one-scheduled-form', other.owner)).json(), {
    hasOnlyOneScheduledForm: false,
    form: null,
  });
  for (const url of [
    `/api/forms/active-by-person/${sen.patientId}`,
    `/api/forms/available-for-person/${sen.patientId}`,
    `/api/forms/available-for-person/${other.patientId}?groupId=${sen.groupId}`,
  ]) {
    const refused = await call('GET', url, other.owner);
    assert.equal(refused.statusCode, 404, `${url}: ${refused.body}`);
  }
  const { bag } = myFormList.parse((await call('GET', '/api/forms/active', sen.anna)).json())[0]!;
  assert.deepEqual(
    pagedResponse(myForm).parse(
      (await call('GET', `/api/v2/forms/all-my-filled-previous/${bag.id}`, other.anna)).json(),
    ).content,
    [],
  );
  assert.ok(plainId && scheduledId);
});

test('GET /api/v2/forms/all-my-filled-previous/{bagId}: the earlier editions the person submitted', async () => {
  const sen = await clinic('sen');
  const firstId = await sen.activeForm(plainPayload);
  const filled = await call('POST', '/api/form_data/', sen.anna, { formId: firstId, data: { hours: '7' } });
  assert.equal(filled.statusCode, 201, filled.body);
  assert.equal((await call('PUT', `/api/forms/${firstId}/deactivate`, sen.owner)).statusCode, 204);
  const edited = await call('PUT', `/api/forms/${firstId}`, sen.owner, {
    ...plainPayload,
    name: 'Ankieta 2',
  });
  const second = savedFormRef.parse(edited.json());
  assert.notEqual(second.id, firstId);
  assert.equal((await call('PUT', `/api/forms/${second.id}/activate`, sen.owner)).statusCode, 204);

  const previous = await call('GET', `/api/v2/forms/all-my-filled-previous/${second.bag.id}`, sen.anna);
  assert.equal(previous.statusCode, 200, previous.body);
  const page = pagedResponse(myForm).parse(previous.json());
  assert.deepEqual(
    page.content.map((form) => [form.id, form.edition, form.status]),
    [[firstId, 1, 'PREVIOUS_VERSION']],
  );
  assert.equal(page.totalElements, 1);
  // Bartek filled nothing: no editions of his.
  const his = await call('GET', `/api/v2/forms/all-my-filled-previous/${second.bag.id}`, sen.bartek);
  assert.equal(pagedResponse(myForm).parse(his.json()).totalElements, 0);
});

test('a window answered in one edition is not asked again by the next; an untouched one moves to it', async () => {
  const sen = await clinic('sen');
  const firstId = await sen.activeForm(scheduledPayload);
  const bartekId = (
    await db.selectFrom('users').select('id').where('email', '=', 'bartek@sen.test').executeTakeFirstOrThrow()
  ).id;
  const assigned = await call('PUT', `/api/forms/${firstId}/allowed_users`, sen.owner, [
    { userId: bartekId, selected: true, validSince: '2026-06-10', validTo: '2026-06-20' },
  ]);
  assert.equal(assigned.statusCode, 200, assigned.body);
  const openSlots = async (headers: Headers) =>
    pagedResponse(scheduledForm).parse((await call('GET', '/api/v2/forms/scheduled', headers)).json())
      .content;
  const [today] = await openSlots(sen.anna);
  const filled = await call('POST', '/api/form_data/', sen.anna, {
    formId: firstId,
    scheduledFormId: today!.id,
    data: { hours: '7' },
  });
  assert.equal(filled.statusCode, 201, filled.body);

  // The owner pauses, edits (a new edition: the form has answers) and activates again, the same day.
  assert.equal((await call('PUT', `/api/forms/${firstId}/deactivate`, sen.owner)).statusCode, 204);
  const edited = await call('PUT', `/api/forms/${firstId}`, sen.owner, {
    ...scheduledPayload,
    description: 'Poprawione pytanie',
  });
  const second = savedFormRef.parse(edited.json());
  assert.notEqual(second.id, firstId);
  assert.equal((await call('PUT', `/api/forms/${second.id}/activate`, sen.owner)).statusCode, 204);

  // Anna answered today's window: nothing asks her again.
  assert.deepEqual(
    (await openSlots(sen.anna)).filter((slot) => slot.filledBy === null),
    [],
  );
  // Bartek had not: his window is the new edition's, once.
  const his = await openSlots(sen.bartek);
  assert.deepEqual(
    his.map((slot) => [slot.form.id, slot.startDate, slot.filledBy]),
    [[second.id, today!.startDate, null]],
  );
  // When the window ends, each of them is settled once: Bartek's one missed fill, none for Anna.
  now = new Date('2026-06-10T11:30:00Z');
  await markMissedSlots(db, now);
  const missed = await db
    .selectFrom('form_data')
    .select(['user_id', 'form_id'])
    .where('state', '=', 'MISSED')
    .execute();
  assert.deepEqual(missed, [{ user_id: bartekId, form_id: second.id }]);
});

test('GET /api/v2/forms/active in pages: each page carries the whole total, also one past the end', async () => {
  const sen = await clinic('sen');
  for (const name of ['Ankieta A', 'Ankieta B', 'Ankieta C']) await sen.activeForm({ ...plainPayload, name });
  const pageOf = async (page: number) => {
    const response = await call('GET', `/api/v2/forms/active?page=${page}&pageSize=2&sortBy=name`, sen.anna);
    assert.equal(response.statusCode, 200, response.body);
    return pagedResponse(myForm).parse(response.json());
  };
  const pages = await Promise.all([0, 1, 5].map(pageOf));
  assert.deepEqual(
    pages.map((page) => [page.content.map((form) => form.name), page.totalElements]),
    [
      [['Ankieta A', 'Ankieta B'], 3],
      [['Ankieta C'], 3],
      [[], 3],
    ],
  );
  // Someone with no form has an empty first page.
  const none = await call('GET', '/api/v2/forms/active?page=0&pageSize=2', sen.owner);
  assert.deepEqual(
    [
      pagedResponse(myForm).parse(none.json()).content,
      pagedResponse(myForm).parse(none.json()).totalElements,
    ],
    [[], 0],
  );
});

test('GET /api/v2/forms/active: each form whole, as the database writes it, in both orders and past the last page', async () => {
  const json = await clinic('json');
  const first = await json.activeForm({ ...plainPayload, name: 'Ankieta A', description: 'Przed wizytą' });
  const second = await activeFormThroughApi(
    app,
    db,
    json.owner,
    { ...plainPayload, name: 'ankieta B', allowDrafting: true },
    { groupId: json.groupId, patients: [json.patientId], validSince: '2026-06-10', validTo: '2026-06-30' },
  );
  const removedProject = await createFormGroup(db, { organizationId: json.organizationId, name: 'Usunięty' });
  const third = await activeFormThroughApi(
    app,
    db,
    json.owner,
    { ...plainPayload, name: 'Ankieta C' },
    {
      groupId: removedProject,
      patients: [json.patientId],
      validSince: '2026-06-10',
      validTo: '2026-06-20',
    },
  );
  // A form whose project was removed is a form without one.
  await db.updateTable('form_groups').set({ removed_at: now }).where('id', '=', removedProject).execute();
  const bags = await db
    .selectFrom('forms')
    .select(['id', 'bag_id'])
    .where('id', 'in', [first, second, third])
    .execute();
  const bagOf = (id: number) => bags.find((form) => form.id === id)!.bag_id;
  const expected = (id: number, name: string, more: Partial<MyForm>): MyForm => ({
    id,
    name,
    description: null,
    edition: 1,
    bag: { id: bagOf(id) },
    status: 'ACTIVE',
    formGroup: { id: json.groupId, name: 'Projekt' },
    allowDrafting: false,
    validSince: '2026-06-10',
    validTo: '2026-06-20',
    ...more,
  });
  const a = expected(first, 'Ankieta A', { description: 'Przed wizytą' });
  const b = expected(second, 'ankieta B', { allowDrafting: true, validTo: '2026-06-30' });
  const c = expected(third, 'Ankieta C', { formGroup: null });

  const page = async (query: string) => {
    const answer = await call('GET', `/api/v2/forms/active${query}`, json.anna);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
    const body = answer.json() as Paged<MyForm>;
    pagedResponse(myForm).parse(body);
    // Compared as sent: the database's JSON has neither more nor fewer fields than expected.
    return body;
  };
  assert.deepEqual(await page(''), { content: [a, b, c], totalElements: 3, page: 0, pageSize: 100 });
  assert.deepEqual((await page('?sortBy=-name')).content, [c, b, a]);
  assert.deepEqual((await page('?sortBy=validTo')).content.at(-1), b);
  assert.deepEqual((await page('?sortBy=-validTo')).content[0], b);
  assert.deepEqual(await page('?page=1&pageSize=2'), {
    content: [c],
    totalElements: 3,
    page: 1,
    pageSize: 2,
  });
  assert.deepEqual(await page('?page=5&pageSize=2'), { content: [], totalElements: 3, page: 5, pageSize: 2 });
  const unpaged = (await call('GET', '/api/forms/active', json.anna)).json();
  assert.deepEqual(myFormList.parse(unpaged), unpaged);
  assert.deepEqual(unpaged, [a, b, c]);
});
