import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FormPayload } from '@formularze/domain/schemas/forms';
import { project, projectFormRef, projectList } from '@formularze/domain/schemas/projects';
import { createFormGroup, organizationWithSignedInRoles, setupDatabaseAndApp } from '../../test/helpers';
import {
  createFormThroughApi,
  expectApiError,
  formDetailsAs,
  type Headers,
  jsonCaller,
} from '../../test/requests';

const { db, app } = await setupDatabaseAndApp();

const payload: FormPayload = {
  name: 'Ankieta',
  description: 'Opis',
  layoutElementObject: {
    type: 'FORM',
    children: [{ type: 'ROW', children: [{ id: 'a', type: 'TEXT', label: 'Pole', size: 100, maxRows: 1 }] }],
  },
};

const organization = (name: string, options: { editorsCanManageForms?: boolean } = {}) =>
  organizationWithSignedInRoles(app, db, name, options);

const call = jsonCaller(app);

const createForm = (headers: Headers) => createFormThroughApi(app, headers, payload);
const details = (id: number, headers: Headers) => formDetailsAs(app, id, headers);

const move = (formId: number, groupId: number, headers: Headers) =>
  call('POST', `/api/form_group/move_form_to_group/${formId}/${groupId}`, headers);
const copy = (formId: number, groupId: number, headers: Headers) =>
  call('POST', `/api/form_group/clone_form_to_group/${formId}/${groupId}`, headers);
const detach = (formId: number, headers: Headers) =>
  call('POST', `/api/form_group/detach_form_from_group/${formId}`, headers);

test('a project is created with its fields and listed by name with the live projects only', async () => {
  const { owner, organizationId } = await organization('Alfa');
  const created = await call('POST', '/api/form_group', owner, {
    name: '  Badanie snu  ',
    internalDescription: 'Opis wewnętrzny',
    smsPhone: '600 100 200',
    welcomeSmsMessage: 'Witamy',
    welcomeEmailMessage: 'Witamy w projekcie',
    enableAllFormAccess: true,
  });
  assert.equal(created.statusCode, 201, created.body);
  const body = project.parse(created.json());
  assert.deepEqual(
    { ...body, id: 0 },
    {
      id: 0,
      name: 'Badanie snu',
      internalDescription: 'Opis wewnętrzny',
      smsPhone: '+48600100200',
      welcomeSmsMessage: 'Witamy',
      welcomeEmailMessage: 'Witamy w projekcie',
      enableAllFormAccess: true,
    },
  );
  const minimal = await call('POST', '/api/form_group', owner, { name: 'Astma' });
  assert.equal(minimal.statusCode, 201, minimal.body);
  const removed = await createFormGroup(db, { organizationId, name: 'Archiwalny' });
  await db.updateTable('form_groups').set({ removed_at: new Date() }).where('id', '=', removed).execute();

  const list = projectList.parse((await call('GET', '/api/form_group', owner)).json());
  assert.deepEqual(
    list.map(({ name, enableAllFormAccess, smsPhone }) => ({ name, enableAllFormAccess, smsPhone })),
    [
      { name: 'Astma', enableAllFormAccess: false, smsPhone: null },
      { name: 'Badanie snu', enableAllFormAccess: true, smsPhone: '+48600100200' },
    ],
  );
});

test('a project without a name or with a bad phone is a 400 with Polish messages', async () => {
  const { owner } = await organization('Alfa');
  const blank = expectApiError(
    await call('POST', '/api/form_group', owner, { name: '   ' }),
    400,
    'validation',
  );
  assert.equal(blank.fields?.name, 'To pole jest wymagane');
  const phone = expectApiError(
    await call('POST', '/api/form_group', owner, { name: 'P', smsPhone: '12' }),
    400,
    'validation',
  );
  assert.equal(phone.fields?.smsPhone, 'Nieprawidłowy numer telefonu');
  expectApiError(await call('POST', '/api/form_group', owner, {}), 400, 'validation');
});

test('moving a form puts it into the other project; moving it there again is refused', async () => {
  const { owner, organizationId } = await organization('Alfa');
  const first = await createFormGroup(db, { organizationId, name: 'Pierwszy' });
  const second = await createFormGroup(db, { organizationId, name: 'Drugi' });
  const formId = await createForm(owner);

  const moved = await move(formId, first, owner);
  assert.equal(moved.statusCode, 200, moved.body);
  assert.deepEqual(projectFormRef.parse(moved.json()), {
    id: formId,
    formGroup: { id: first, name: 'Pierwszy' },
  });
  expectApiError(await move(formId, first, owner), 409, 'same-project');
  // Now it can be activated (§4: activation needs a project).
  assert.equal((await call('PUT', `/api/forms/${formId}/activate`, owner)).statusCode, 204);
  // An active form keeps its project until paused.
  const locked = expectApiError(await move(formId, second, owner), 409, 'form-is-active');
  assert.match(locked.message, /najpierw go wstrzymaj/);
  expectApiError(await detach(formId, owner), 409, 'form-is-active');
  assert.equal((await call('PUT', `/api/forms/${formId}/deactivate`, owner)).statusCode, 204);

  assert.equal((await move(formId, second, owner)).statusCode, 200);
  assert.deepEqual((await details(formId, owner)).formGroup, { id: second, name: 'Drugi' });
});

test('copying a form to a project makes a draft with its own bag there; the original stays', async () => {
  const { owner, organizationId } = await organization('Alfa');
  const source = await createFormGroup(db, { organizationId, name: 'Źródło' });
  const target = await createFormGroup(db, { organizationId, name: 'Cel' });
  const formId = await createForm(owner);
  assert.equal((await move(formId, source, owner)).statusCode, 200);
  assert.equal((await call('PUT', `/api/forms/${formId}/activate`, owner)).statusCode, 204);

  expectApiError(await copy(formId, source, owner), 409, 'same-project');
  // Copying leaves the original alone, so an active form may be copied.
  const copied = await copy(formId, target, owner);
  assert.equal(copied.statusCode, 201, copied.body);
  const ref = projectFormRef.parse(copied.json());
  assert.deepEqual(ref.formGroup, { id: target, name: 'Cel' });

  const original = await details(formId, owner);
  const duplicate = await details(ref.id, owner);
  assert.equal(original.status, 'ACTIVE');
  assert.deepEqual(original.formGroup, { id: source, name: 'Źródło' });
  assert.equal(duplicate.status, 'DRAFT');
  assert.equal(duplicate.edition, 1);
  assert.equal(duplicate.name, 'Ankieta');
  assert.notEqual(duplicate.bag.id, original.bag.id);
  assert.deepEqual(duplicate.layoutElementObject, original.layoutElementObject);
});

test('removing a form from its project leaves it without one; a form without a project is refused', async () => {
  const { owner, organizationId } = await organization('Alfa');
  const group = await createFormGroup(db, { organizationId });
  const formId = await createForm(owner);
  expectApiError(await detach(formId, owner), 409, 'form-not-in-project');
  assert.equal((await move(formId, group, owner)).statusCode, 200);

  const detached = await detach(formId, owner);
  assert.equal(detached.statusCode, 200, detached.body);
  assert.deepEqual(projectFormRef.parse(detached.json()), { id: formId, formGroup: null });
  assert.equal((await details(formId, owner)).formGroup, null);
  expectApiError(await call('PUT', `/api/forms/${formId}/activate`, owner), 400, 'form-without-project');
});

test('tenants never reach each other’s forms or projects', async () => {
  const alfa = await organization('Alfa');
  const beta = await organization('Beta');
  const alfaGroup = await createFormGroup(db, { organizationId: alfa.organizationId, name: 'Alfa P' });
  const betaGroup = await createFormGroup(db, { organizationId: beta.organizationId, name: 'Beta P' });
  const alfaForm = await createForm(alfa.owner);
  const betaForm = await createForm(beta.owner);

  expectApiError(await move(alfaForm, betaGroup, alfa.owner), 404, 'project-not-found');
  expectApiError(await copy(alfaForm, betaGroup, alfa.owner), 404, 'project-not-found');
  expectApiError(await move(betaForm, alfaGroup, alfa.owner), 404, 'form-not-found');
  expectApiError(await copy(betaForm, alfaGroup, alfa.owner), 404, 'form-not-found');
  expectApiError(await detach(betaForm, alfa.owner), 404, 'form-not-found');
  expectApiError(await move(alfaForm, 2_147_483_647, alfa.owner), 404, 'project-not-found');
  expectApiError(await move(alfaForm, 99_999_999_999, alfa.owner), 400, 'validation');
  assert.deepEqual(
    projectList.parse((await call('GET', '/api/form_group', beta.owner)).json()).map((group) => group.name),
    ['Beta P'],
  );
  assert.equal((await details(betaForm, beta.owner)).formGroup, null);
});

test('editors list and create projects; they copy, move and detach forms only with editorsCanManageForms', async () => {
  for (const flag of [false, true]) {
    const { owner, editor, patient, organizationId } = await organization(flag ? 'Flaga' : 'Bezflagi', {
      editorsCanManageForms: flag,
    });
    assert.equal((await call('GET', '/api/form_group', editor)).statusCode, 200);
    assert.equal((await call('POST', '/api/form_group', editor, { name: 'Od lekarza' })).statusCode, 201);
    const group = await createFormGroup(db, { organizationId });
    const formId = await createForm(owner);
    const responses = [await copy(formId, group, editor), await move(formId, group, editor)];
    if (flag) {
      assert.deepEqual(
        responses.map((response) => response.statusCode),
        [201, 200],
      );
      assert.equal((await detach(formId, editor)).statusCode, 200);
    } else {
      for (const response of [...responses, await detach(formId, editor)]) {
        expectApiError(response, 403, 'forbidden');
      }
    }
    // Patients manage nothing here.
    expectApiError(await call('GET', '/api/form_group', patient), 403, 'forbidden');
    expectApiError(await call('POST', '/api/form_group', patient, { name: 'X' }), 403, 'forbidden');
    expectApiError(await move(formId, group, patient), 403, 'forbidden');
  }
});
