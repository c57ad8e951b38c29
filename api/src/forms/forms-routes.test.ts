import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FormLayout } from '@formularze/domain/schemas/form-template';
import {
  formEditionList,
  formListItem,
  formTemplate,
  savedFormRef,
  type FormPayload,
} from '@formularze/domain/schemas/forms';
import { pagedResponse } from '@formularze/domain/schemas/paging';
import {
  createFormGroup,
  createUser,
  organizationWithSignedInRoles,
  setupDatabaseAndApp,
} from '../../test/helpers';
import {
  createFormThroughApi,
  expectApiError,
  formDetailsAs,
  type Headers,
  jsonCaller,
} from '../../test/requests';
import { updateForm } from './forms-repository';

const { db, app } = await setupDatabaseAndApp();

const textField = (id: string) => ({ id, type: 'TEXT' as const, label: `Pole ${id}`, size: 100, maxRows: 1 });
const layout = (...fields: FormLayout['children'][number]['children']): FormLayout => ({
  type: 'FORM',
  children: fields.length ? [{ type: 'ROW', children: fields }] : [],
});
const payload = (overrides: Partial<FormPayload> = {}): FormPayload => ({
  name: 'Ankieta',
  description: 'Opis',
  layoutElementObject: layout(textField('a')),
  ...overrides,
});

const organization = (name: string, options: { editorsCanManageForms?: boolean } = {}) =>
  organizationWithSignedInRoles(app, db, name, options);

const call = jsonCaller(app);

const create = (headers: Headers, body: unknown = payload()) => createFormThroughApi(app, headers, body);
const details = (id: number, headers: Headers) => formDetailsAs(app, id, headers);

async function userIdOf(email: string) {
  const { id } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return id;
}

async function inProject(formId: number, organizationId: number) {
  const groupId = await createFormGroup(db, { organizationId });
  await db.updateTable('forms').set({ group_id: groupId }).where('id', '=', formId).execute();
  return groupId;
}

test('a created form reads back with its template, settings and defaults', async () => {
  const { owner } = await organization('Alfa');
  const id = await create(owner, {
    ...payload(),
    schedule: {
      one: false,
      multi: true,
      startDate: '2030-01-01',
      endDate: '2030-01-31',
      timePeriods: [{ dayOfWeek: 'EVERYDAY', startTime: '08:00', endTime: '12:00' }],
      selectedDays: ['EVERYDAY'],
    },
    fillReminders: [{ notification: 1, timeBeforeEnd: 60 }],
    formRules: [{ operator: 'BETWEEN', arg1: 1, arg2: 5, color: '#ff0000', smsPhone: '600 100 200' }],
  });
  const form = await details(id, owner);
  assert.equal(form.status, 'DRAFT');
  assert.equal(form.edition, 1);
  assert.equal(form.layoutId, id);
  assert.equal(form.defaultAssignmentDuration, 10);
  assert.equal(form.allowDrafting, false);
  assert.deepEqual(form.layoutElementObject, layout(textField('a')));
  assert.equal(form.formRules[0]?.smsPhone, '+48600100200');
  // EVERYDAY is stored as the seven days it stands for.
  assert.equal(form.schedule?.timePeriods.length, 7);
  assert.deepEqual(form.fillReminders, [{ notification: 1, timeBeforeEnd: 60 }]);
});

test('a malformed template is a 400 naming the field, never a 500', async () => {
  const { owner } = await organization('Alfa');
  const cases: [unknown, string, string][] = [
    [
      layout({ id: 'n', type: 'NUMBER', minValue: 5, maxValue: 1 } as never),
      'layoutElementObject.children.0.children.0.numberType',
      'Brak ustawionego typu liczby',
    ],
    [
      layout({ id: 'n', type: 'NUMBER', numberType: 'INTEGER', minValue: 5, maxValue: 1 }),
      'layoutElementObject.children.0.children.0.maxValue',
      'Wartość maksymalna jest mniejsza od wartości minimalnej',
    ],
    [
      layout({ ...textField('t'), size: 2.5 }),
      'layoutElementObject.children.0.children.0.size',
      'Liczba znaków musi być liczbą całkowitą',
    ],
    [
      layout({ id: 'f', type: 'FILE' }),
      'layoutElementObject.children.0.children.0.maxNumberOfFiles',
      'Brak ustawionej maksymalnej liczby plików',
    ],
    [
      layout(textField('x'), textField('x')),
      'layoutElementObject.children.0.children.1.id',
      'Identyfikator pola powtarza się w formularzu',
    ],
    [
      { type: 'FORM', children: [{ type: 'COLUMN', children: [] }] },
      'layoutElementObject.children.0.type',
      '',
    ],
    [
      layout({
        id: 'd',
        type: 'DICTIONARY',
        dictionary: { type: 'number', dictionaryValues: [{ stringValue: 'tak' }] },
      }),
      'layoutElementObject.children.0.children.0.dictionary.dictionaryValues.0.intValue',
      'Wartość słownika nie pasuje do jego typu',
    ],
  ];
  for (const [template, field, message] of cases) {
    const response = await call('POST', '/api/forms', owner, { ...payload(), layoutElementObject: template });
    const body = expectApiError(response, 400, 'validation');
    assert.ok(body.fields?.[field] !== undefined, `${field} in ${JSON.stringify(body.fields)}`);
    if (message) assert.equal(body.fields?.[field], message);
  }
  const rule = await call('POST', '/api/forms', owner, {
    ...payload(),
    formRules: [{ operator: 'BETWEEN', arg1: 1 }],
  });
  const ruleBody = expectApiError(rule, 400, 'validation');
  assert.ok(ruleBody.fields?.['formRules.0.arg2']);
  assert.ok(ruleBody.fields?.['formRules.0.color']);
  const reminder = await call('POST', '/api/forms', owner, {
    ...payload(),
    schedule: {
      one: true,
      multi: false,
      startDate: '2030-01-01',
      endDate: '2030-01-02',
      timePeriods: [{ dayOfWeek: 'MONDAY', startTime: '08:00', endTime: '09:00' }],
    },
    fillReminders: [{ notification: 1, timeBeforeEnd: 61 }],
  });
  assert.equal(
    expectApiError(reminder, 400, 'validation').fields?.['fillReminders.0.timeBeforeEnd'],
    'Czas powiadomienia jest dłuższy, niż okno czasowe wypełnienia',
  );
});

test('lifecycle: draft → active → paused → active; an active form is not edited or deleted', async () => {
  const { owner, organizationId } = await organization('Alfa');
  const id = await create(owner);
  const activate = () => call('PUT', `/api/forms/${id}/activate`, owner);

  expectApiError(await activate(), 400, 'form-without-project');
  await inProject(id, organizationId);
  assert.equal((await activate()).statusCode, 204);
  assert.equal((await details(id, owner)).status, 'ACTIVE');
  expectApiError(await activate(), 409, 'form-already-active');
  expectApiError(await call('PUT', `/api/forms/${id}`, owner, payload()), 409, 'form-is-active');
  expectApiError(await call('DELETE', `/api/forms/${id}`, owner), 409, 'form-is-active');

  assert.equal((await call('PUT', `/api/forms/${id}/deactivate`, owner)).statusCode, 204);
  assert.equal((await details(id, owner)).status, 'PAUSED');
  expectApiError(await call('PUT', `/api/forms/${id}/deactivate`, owner), 409, 'form-not-active');
  assert.equal((await call('PUT', `/api/forms/${id}`, owner, payload({ name: 'Nowa' }))).statusCode, 200);
  assert.equal((await activate()).statusCode, 204);
  assert.equal((await details(id, owner)).name, 'Nowa');
});

test('activation of an empty form (or labels only) is refused with the specification message', async () => {
  const { owner, organizationId } = await organization('Alfa');
  for (const template of [layout(), layout({ id: 'l', type: 'LABEL', label: 'Witaj', labelType: 'text' })]) {
    const id = await create(owner, payload({ layoutElementObject: template }));
    await inProject(id, organizationId);
    const body = expectApiError(
      await call('PUT', `/api/forms/${id}/activate`, owner),
      400,
      'template-is-empty',
    );
    assert.equal(body.message, 'Błąd aktywacji formularza - formularz jest pusty');
  }
});

test('a deleted form is never listed nor found', async () => {
  const { owner } = await organization('Alfa');
  const id = await create(owner);
  assert.equal((await call('DELETE', `/api/forms/${id}`, owner)).statusCode, 204);
  const list = pagedResponse(formListItem).parse((await call('GET', '/api/v2/forms', owner)).json());
  assert.equal(list.totalElements, 0);
  expectApiError(await call('GET', `/api/forms/${id}`, owner), 404, 'form-not-found');
  expectApiError(await call('DELETE', `/api/forms/${id}`, owner), 404, 'form-not-found');
  expectApiError(await call('PUT', `/api/forms/${id}/duplicate`, owner), 404, 'form-not-found');
});

test('editing a form with answers makes a new edition in the same bag; old_versions lists them', async () => {
  const { owner, organizationId } = await organization('Alfa');
  const id = await create(owner);
  const userId = await userIdOf('owner@alfa.test');
  const edited = await updateForm(
    db,
    { organizationId, formId: id, userId, payload: payload({ name: 'Wydanie 2' }), now: new Date() },
    async () => true,
  );
  assert.notEqual(edited.id, id);
  assert.equal(edited.edition, 2);

  const old = await details(id, owner);
  assert.equal(old.status, 'PREVIOUS_VERSION');
  assert.equal(edited.bag.id, old.bag.id);
  const list = pagedResponse(formListItem).parse((await call('GET', '/api/v2/forms', owner)).json());
  assert.deepEqual(
    list.content.map((form) => [form.id, form.edition, form.name]),
    [[edited.id, 2, 'Wydanie 2']],
  );
  const versions = formEditionList.parse(
    (await call('GET', `/api/forms/${edited.id}/old_versions`, owner)).json(),
  );
  assert.deepEqual(
    versions.map((version) => [version.id, version.edition, version.status]),
    [
      [edited.id, 2, 'DRAFT'],
      [id, 1, 'PREVIOUS_VERSION'],
    ],
  );
  expectApiError(await call('PUT', `/api/forms/${id}`, owner, payload()), 409, 'form-is-previous-version');

  // Without answers the edition is changed in place.
  const response = await call('PUT', `/api/forms/${edited.id}`, owner, payload({ name: 'Poprawka' }));
  assert.deepEqual(savedFormRef.parse(response.json()), edited);
});

test('duplicate: a draft copy in its own bag, in the same project', async () => {
  const { owner, organizationId } = await organization('Alfa');
  const id = await create(owner);
  const groupId = await inProject(id, organizationId);
  await call('PUT', `/api/forms/${id}/activate`, owner);
  const response = await call('PUT', `/api/forms/${id}/duplicate`, owner);
  assert.equal(response.statusCode, 201, response.body);
  const copy = await details(savedFormRef.parse(response.json()).id, owner);
  assert.equal(copy.name, 'Ankieta - kopia');
  assert.equal(copy.status, 'DRAFT');
  assert.equal(copy.edition, 1);
  assert.equal(copy.formGroup?.id, groupId);
  assert.notEqual(copy.bag.id, (await details(id, owner)).bag.id);
});

test('editors: create and activate always; edit, delete, duplicate and pause only with editorsCanManageForms', async () => {
  for (const flag of [false, true]) {
    const { owner, editor, organizationId } = await organization(flag ? 'Flaga' : 'Bezflagi', {
      editorsCanManageForms: flag,
    });
    const id = await create(editor);
    await inProject(id, organizationId);
    assert.equal((await call('PUT', `/api/forms/${id}/activate`, editor)).statusCode, 204);
    const pause = await call('PUT', `/api/forms/${id}/deactivate`, editor);
    const edit = await call('PUT', `/api/forms/${id}`, editor, payload());
    const duplicate = await call('PUT', `/api/forms/${id}/duplicate`, editor);
    const remove = await call('DELETE', `/api/forms/${id}`, editor);
    if (flag) {
      assert.deepEqual(
        [pause, edit, duplicate, remove].map((response) => response.statusCode),
        [204, 200, 201, 204],
      );
    } else {
      for (const response of [pause, edit, duplicate, remove]) expectApiError(response, 403, 'forbidden');
      // The owner always may.
      assert.equal((await call('PUT', `/api/forms/${id}/deactivate`, owner)).statusCode, 204);
      assert.equal((await call('PUT', `/api/forms/${id}`, owner, payload())).statusCode, 200);
      assert.equal((await call('PUT', `/api/forms/${id}/duplicate`, owner)).statusCode, 201);
      assert.equal((await call('DELETE', `/api/forms/${id}`, owner)).statusCode, 204);
    }
  }
});

test('patients see no form definitions; they get the template of a form assigned to them only', async () => {
  const { owner, patient } = await organization('Alfa');
  const id = await create(owner);
  expectApiError(await call('GET', '/api/v2/forms', patient), 403, 'forbidden');
  expectApiError(await call('GET', `/api/forms/${id}`, patient), 403, 'forbidden');
  expectApiError(await call('POST', '/api/forms', patient, payload()), 403, 'forbidden');
  expectApiError(await call('GET', `/api/form_template/${id}`, patient), 404, 'form-not-found');

  const patientId = await userIdOf('patient@alfa.test');
  await db
    .insertInto('form_allowed_users')
    .values({ form_id: id, user_id: patientId, valid_since: '2026-01-01', valid_to: null })
    .execute();
  const answer = await call('GET', `/api/form_template/${id}`, patient);
  assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
  const template: unknown = answer.json();
  // Sent as stored: exactly what its schema describes, nothing left out or added.
  assert.deepEqual(formTemplate.parse(template), template);
  assert.deepEqual(template, {
    layoutId: id,
    layoutElementObject: layout(textField('a')),
    name: 'Ankieta',
    description: 'Opis',
    status: 'DRAFT',
    allowDrafting: false,
    schedule: null,
  });
  assert.equal((await call('GET', `/api/form_template/${id}`, owner)).statusCode, 200);
});

test('organizations never see each other’s forms: 404 to read, change or list', async () => {
  const a = await organization('Alfa');
  const b = await organization('Beta');
  const id = await create(b.owner);
  for (const [method, url, body] of [
    ['GET', `/api/forms/${id}`],
    ['PUT', `/api/forms/${id}`, payload()],
    ['DELETE', `/api/forms/${id}`],
    ['PUT', `/api/forms/${id}/duplicate`],
    ['PUT', `/api/forms/${id}/activate`],
    ['PUT', `/api/forms/${id}/deactivate`],
    ['GET', `/api/forms/${id}/old_versions`],
    ['GET', `/api/form_template/${id}`],
    ['GET', `/api/forms/${id}/allowed_users`],
    ['PUT', `/api/forms/${id}/allowed_users`, []],
  ] as const) {
    expectApiError(await call(method, url, a.owner, body), 404, 'form-not-found');
  }
  const list = pagedResponse(formListItem).parse((await call('GET', '/api/v2/forms', a.owner)).json());
  assert.equal(list.totalElements, 0);
  assert.equal((await details(id, b.owner)).name, 'Ankieta');
});

test('GET /api/v2/forms pages and sorts by the five list keys', async () => {
  const { owner, organizationId } = await organization('Alfa');
  const ids: Record<string, number> = {};
  for (const name of ['bravo', 'Alfa', 'charlie']) ids[name] = await create(owner, payload({ name }));
  await inProject(ids.charlie!, organizationId);
  await db.updateTable('form_groups').set({ name: 'A-projekt' }).execute();
  await call('PUT', `/api/forms/${ids.charlie}/activate`, owner);
  const patients = await Promise.all(
    [1, 2].map((n) => createUser(db, { email: `p${n}@alfa.test`, authorities: 'ROLE_USER', organizationId })),
  );
  for (const userId of patients) {
    await db
      .insertInto('form_allowed_users')
      .values({ form_id: ids.bravo!, user_id: userId, valid_since: '2026-01-01', valid_to: null })
      .execute();
  }

  const names = async (query: string) => {
    const response = await call('GET', `/api/v2/forms?${query}`, owner);
    assert.equal(response.statusCode, 200, response.body);
    const page = pagedResponse(formListItem).parse(response.json());
    assert.equal(page.totalElements, 3);
    return page.content.map((form) => form.name);
  };
  assert.deepEqual(await names(''), ['Alfa', 'bravo', 'charlie']);
  assert.deepEqual(await names('sortBy=-name'), ['charlie', 'bravo', 'Alfa']);
  assert.deepEqual(await names('sortBy=projectName'), ['charlie', 'Alfa', 'bravo']);
  assert.deepEqual(await names('sortBy=-status'), ['Alfa', 'bravo', 'charlie']);
  assert.deepEqual(await names('sortBy=-userCount'), ['bravo', 'Alfa', 'charlie']);
  assert.deepEqual(await names('sortBy=answerCount'), ['Alfa', 'bravo', 'charlie']);
  assert.deepEqual(await names('page=1&pageSize=2'), ['charlie']);

  const list = pagedResponse(formListItem).parse(
    (await call('GET', '/api/v2/forms?sortBy=-userCount&pageSize=1', owner)).json(),
  );
  assert.deepEqual(
    [list.page, list.pageSize, list.content[0]?.numberOfUsers, list.content[0]?.numberOfUsersActiveNow],
    [0, 1, 2, 2],
  );
  expectApiError(await call('GET', '/api/v2/forms?sortBy=created', owner), 400, 'validation');
  expectApiError(await call('GET', '/api/v2/forms?pageSize=501', owner), 400, 'validation');
});

test('dictionaries marked to keep are the organization’s saved fields, replaced by label', async () => {
  const a = await organization('Alfa');
  const b = await organization('Beta');
  const dictionaryField = (values: string[]) => ({
    id: 'd',
    type: 'DICTIONARY' as const,
    label: 'Samopoczucie',
    saveDictionaryGlobally: true,
    dictionary: { type: 'string' as const, dictionaryValues: values.map((stringValue) => ({ stringValue })) },
  });
  await create(a.owner, payload({ layoutElementObject: layout(dictionaryField(['dobre', 'złe'])) }));
  await create(
    a.owner,
    payload({ layoutElementObject: layout(dictionaryField(['dobre', 'średnie', 'złe'])) }),
  );
  const saved = (await call('GET', '/api/form_layouts/saved_fields', a.owner)).json();
  assert.equal(saved.length, 1);
  assert.equal(saved[0].label, 'Samopoczucie');
  assert.deepEqual(
    saved[0].dictionary.dictionaryValues.map((value: { stringValue: string }) => value.stringValue),
    ['dobre', 'średnie', 'złe'],
  );
  assert.deepEqual((await call('GET', '/api/form_layouts/saved_fields', b.owner)).json(), []);
});
