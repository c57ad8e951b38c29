import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  allowedUserList,
  formDetails,
  myForm,
  savedFormRef,
  type FormPayload,
} from '@formularze/domain/schemas/forms';
import { pagedResponse } from '@formularze/domain/schemas/paging';
import {
  personAccess,
  personGroupIds,
  project,
  projectFormList,
  projectPage,
  projectUserList,
  PROJECT_HAS_ACTIVE_FORMS_MESSAGE,
  type ProjectPayload,
} from '@formularze/domain/schemas/projects';
import { createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { expectApiError, type Headers, setupClockedApi } from '../../test/requests';

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
const now = new Date('2026-06-10T10:00:00Z');
const { db, app, call } = await setupClockedApi(() => now);

function ok<T>(
  response: { statusCode: number; json(): unknown; body: string },
  schema: { parse(v: unknown): T },
  status = 200,
) {
  assert.equal(response.statusCode, status, response.body);
  return schema.parse(response.json());
}

const formPayload: FormPayload = {
  name: 'Ankieta',
  layoutElementObject: {
    type: 'FORM',
    children: [{ type: 'ROW', children: [{ id: 'a', type: 'TEXT', label: 'Pole', size: 100, maxRows: 1 }] }],
  },
};

const annaPhone = (organizationId: number) => `+48600${String(organizationId).padStart(6, '0')}`;

async function organization(name: string) {
  const organizationId = await createOrganization(db, { name });
  const slug = name.toLowerCase();
  const person = (
    local: string,
    authorities: string,
    extra: { phone?: string; firstName?: string; surname?: string } = {},
  ) => createUser(db, { email: `${local}@${slug}.test`, authorities, organizationId, ...extra });
  const ids = {
    owner: await person('owner', 'ROLE_OWNER', { surname: 'Właściciel' }),
    editor: await person('editor', 'ROLE_EDITOR', { surname: 'Lekarz' }),
    anna: await person('anna', 'ROLE_USER', {
      firstName: 'Anna',
      surname: 'Nowak',
      phone: annaPhone(organizationId),
    }),
    bartek: await person('bartek', 'ROLE_USER', { surname: 'Zieliński' }),
  };
  return {
    organizationId,
    ids,
    owner: await signInFromNewAddress(app, { email: `owner@${slug}.test` }),
    editor: await signInFromNewAddress(app, { email: `editor@${slug}.test` }),
    anna: await signInFromNewAddress(app, { username: `anna@${slug}.test` }),
    bartek: await signInFromNewAddress(app, { username: `bartek@${slug}.test` }),
  };
}

async function createProject(headers: Headers, payload: ProjectPayload) {
  return ok(await call('POST', '/api/form_group', headers, payload), project, 201);
}

/** A form of the owner's in `groupId`, ACTIVE unless told otherwise. */
async function formInProject(owner: Headers, groupId: number, { active = true } = {}) {
  const created = await call('POST', '/api/forms', owner, formPayload);
  const { id } = ok(created, savedFormRef, 201);
  assert.equal(
    (await call('POST', `/api/form_group/move_form_to_group/${id}/${groupId}`, owner)).statusCode,
    200,
  );
  if (active) assert.equal((await call('PUT', `/api/forms/${id}/activate`, owner)).statusCode, 204);
  return id;
}

const outbox = () => db.selectFrom('outbox').select(['recipient', 'channel', 'body']).orderBy('id').execute();

test('the paged list sorts by each column, empty texts last, and counts the live projects of the organization only', async () => {
  const { owner, editor } = await organization('Alfa');
  const other = await organization('Beta');
  await createProject(other.owner, { name: 'Obcy' });
  await createProject(owner, { name: 'beta', internalDescription: 'Zz', smsPhone: '+48500000002' });
  await createProject(owner, {
    name: 'Alfa',
    welcomeSmsMessage: 'Witaj',
    welcomeEmailMessage: 'Dzień dobry',
  });
  const removed = await createProject(owner, {
    name: 'Gamma',
    internalDescription: 'Aa',
    smsPhone: '+48500000001',
  });
  await createProject(owner, { name: 'Delta', internalDescription: 'Mm' });
  assert.equal((await call('DELETE', `/api/form_group/${removed.id}`, owner)).statusCode, 204);

  const names = async (query: string, headers = owner) =>
    ok(await call('GET', `/api/v2/form_group${query}`, headers), projectPage).content.map(
      (item) => item.name,
    );
  assert.deepEqual(await names(''), ['Alfa', 'beta', 'Delta']);
  assert.deepEqual(await names('?sortBy=-name'), ['Delta', 'beta', 'Alfa']);
  assert.deepEqual(await names('?sortBy=description'), ['Delta', 'beta', 'Alfa']);
  assert.deepEqual(await names('?sortBy=-description'), ['beta', 'Delta', 'Alfa']);
  assert.deepEqual(await names('?sortBy=smsPhone'), ['beta', 'Alfa', 'Delta']);
  assert.deepEqual(await names('?sortBy=welcomeSmsMessage'), ['Alfa', 'beta', 'Delta']);
  assert.deepEqual(await names('?sortBy=-welcomeEmailMessage'), ['Alfa', 'beta', 'Delta']);
  // Editors read the list too (groups:fetch).
  assert.deepEqual(await names('', editor), ['Alfa', 'beta', 'Delta']);

  const secondPage = ok(await call('GET', '/api/v2/form_group?page=1&pageSize=2', owner), projectPage);
  assert.deepEqual(
    { ...secondPage, content: secondPage.content.map((item) => item.name) },
    { content: ['Delta'], totalElements: 3, page: 1, pageSize: 2 },
  );
  expectApiError(await call('GET', '/api/v2/form_group?sortBy=users', owner), 400, 'validation');
  expectApiError(await call('GET', '/api/v2/form_group?pageSize=501', owner), 400, 'validation');
});

test('owners update a project; editors may not; a bad name or phone is a 400', async () => {
  const { owner, editor } = await organization('Alfa');
  const created = await createProject(owner, {
    name: 'Sen',
    smsPhone: '+48500000001',
    enableAllFormAccess: true,
  });
  const updated = ok(
    await call('PUT', `/api/form_group/${created.id}`, owner, {
      name: ' Sen i zdrowie ',
      internalDescription: 'Opis',
      smsPhone: '',
      welcomeSmsMessage: 'Witaj {imie}',
      welcomeEmailMessage: '  ',
    }),
    project,
  );
  assert.deepEqual(updated, {
    id: created.id,
    name: 'Sen i zdrowie',
    internalDescription: 'Opis',
    smsPhone: null,
    welcomeSmsMessage: 'Witaj {imie}',
    welcomeEmailMessage: null,
    // Not sent: the setting stays as it was.
    enableAllFormAccess: true,
  });
  assert.deepEqual(ok(await call('GET', '/api/form_group', owner), projectPage.shape.content), [updated]);

  assert.equal(
    (await call('PUT', `/api/form_group/${created.id}`, editor, { name: 'Inny' })).statusCode,
    403,
  );
  const blank = expectApiError(
    await call('PUT', `/api/form_group/${created.id}`, owner, { name: '   ' }),
    400,
    'validation',
  );
  assert.deepEqual(blank.fields, { name: 'To pole jest wymagane' });
  expectApiError(
    await call('PUT', `/api/form_group/${created.id}`, owner, { name: 'X', smsPhone: '12ab' }),
    400,
    'validation',
  );
  expectApiError(await call('PUT', '/api/form_group/abc', owner, { name: 'X' }), 400, 'validation');
  expectApiError(await call('PUT', '/api/form_group/999999', owner, { name: 'X' }), 404, 'project-not-found');
});

test('a project with an active form is not deleted; once paused, its forms leave it and it is gone', async () => {
  const { owner, editor } = await organization('Alfa');
  const { id: groupId } = await createProject(owner, { name: 'Sen' });
  const activeForm = await formInProject(owner, groupId);
  const draftForm = await formInProject(owner, groupId, { active: false });

  const refused = expectApiError(
    await call('DELETE', `/api/form_group/${groupId}`, owner),
    409,
    'project-has-active-forms',
  );
  assert.equal(refused.message, PROJECT_HAS_ACTIVE_FORMS_MESSAGE);
  assert.equal((await call('DELETE', `/api/form_group/${groupId}`, editor)).statusCode, 403);

  assert.equal((await call('PUT', `/api/forms/${activeForm}/deactivate`, owner)).statusCode, 204);
  assert.equal((await call('DELETE', `/api/form_group/${groupId}`, owner)).statusCode, 204);
  for (const formId of [activeForm, draftForm]) {
    assert.equal(ok(await call('GET', `/api/forms/${formId}`, owner), formDetails).formGroup, null);
  }
  assert.deepEqual(ok(await call('GET', '/api/v2/form_group', owner), projectPage).totalElements, 0);
  expectApiError(await call('DELETE', `/api/form_group/${groupId}`, owner), 404, 'project-not-found');
  expectApiError(await call('GET', `/api/form_group/${groupId}/forms`, owner), 404, 'project-not-found');
});

test('duplicating copies the fields with " (kopia)", the members only when asked, never the forms', async () => {
  const { owner, editor, ids } = await organization('Alfa');
  const original = await createProject(owner, {
    name: 'Sen',
    internalDescription: 'Opis',
    smsPhone: '+48500000001',
    welcomeSmsMessage: 'Witaj',
    enableAllFormAccess: true,
  });
  const formId = await formInProject(owner, original.id, { active: false });
  await call('PUT', `/api/form_group/${original.id}/allowed_users`, owner, [
    { userId: ids.anna, selected: true },
  ]);
  const messagesBefore = (await outbox()).length;

  const bare = ok(
    await call('PUT', `/api/form_group/${original.id}/duplicate`, owner, { withUsers: false }),
    project,
    201,
  );
  assert.deepEqual({ ...bare, id: 0 }, { ...original, id: 0, name: 'Sen (kopia)' });
  assert.notEqual(bare.id, original.id);
  const members = async (groupId: number) =>
    ok(await call('GET', `/api/form_group/${groupId}/allowed_users`, owner), projectUserList)
      .filter((user) => user.selected)
      .map((user) => user.userId);
  assert.deepEqual(await members(bare.id), []);

  const withUsers = ok(
    await call('PUT', `/api/form_group/${original.id}/duplicate`, owner, { withUsers: true }),
    project,
    201,
  );
  assert.equal(withUsers.name, 'Sen (kopia)');
  assert.deepEqual(await members(withUsers.id), [ids.anna]);
  assert.deepEqual(
    ok(await call('GET', `/api/form_group/${withUsers.id}/forms`, owner), projectFormList),
    [],
  );
  assert.deepEqual(ok(await call('GET', `/api/form_group/${original.id}/forms`, owner), projectFormList), [
    { id: formId, name: 'Ankieta' },
  ]);
  // The copied members were welcomed to the original already.
  assert.equal((await outbox()).length, messagesBefore);

  // A name at the limit still fits with its suffix.
  const long = await createProject(owner, { name: 'x'.repeat(200) });
  const longCopy = ok(
    await call('PUT', `/api/form_group/${long.id}/duplicate`, owner, { withUsers: false }),
    project,
    201,
  );
  assert.equal(longCopy.name, `${'x'.repeat(192)} (kopia)`);

  assert.equal(
    (await call('PUT', `/api/form_group/${original.id}/duplicate`, editor, { withUsers: false })).statusCode,
    403,
  );
  expectApiError(await call('PUT', `/api/form_group/${original.id}/duplicate`, owner, {}), 400, 'validation');
});

test('project users: owners see every non-owner, editors patients only, removed people never; new members are welcomed once', async () => {
  const { owner, editor, ids, organizationId } = await organization('Alfa');
  const removed = await createUser(db, {
    email: 'removed@alfa.test',
    authorities: 'ROLE_USER',
    organizationId,
  });
  await db.updateTable('users').set({ removed_at: now }).where('id', '=', removed).execute();
  const { id: groupId } = await createProject(owner, {
    name: 'Sen',
    welcomeSmsMessage: 'Witaj {imie} w projekcie',
    welcomeEmailMessage: 'Dzień dobry',
  });
  const list = async (headers: Headers) =>
    ok(await call('GET', `/api/form_group/${groupId}/allowed_users`, headers), projectUserList);

  assert.deepEqual(
    (await list(owner)).map((user) => [user.userId, user.roles, user.selected]),
    [
      [ids.editor, ['ROLE_EDITOR'], false],
      [ids.anna, ['ROLE_USER'], false],
      [ids.bartek, ['ROLE_USER'], false],
    ],
  );
  assert.deepEqual(
    (await list(editor)).map((user) => user.userId),
    [ids.anna, ids.bartek],
  );

  const afterAdding = ok(
    await call('PUT', `/api/form_group/${groupId}/allowed_users`, editor, [
      { userId: ids.anna, selected: true },
      { userId: ids.bartek, selected: true },
    ]),
    projectUserList,
  );
  assert.deepEqual(
    afterAdding.map((user) => user.selected),
    [true, true],
  );
  const welcomes = await outbox();
  assert.deepEqual(
    welcomes.map((message) => [message.recipient, message.channel, message.body]),
    [
      [annaPhone(organizationId), 'sms', 'Witaj Anna w projekcie'],
      ['anna@alfa.test', 'mail', 'Dzień dobry'],
      ['bartek@alfa.test', 'mail', 'Dzień dobry'],
    ],
  );

  // Selecting a member again, and removing one, sends nothing new.
  await call('PUT', `/api/form_group/${groupId}/allowed_users`, owner, [
    { userId: ids.anna, selected: true },
    { userId: ids.bartek, selected: false },
  ]);
  assert.equal((await outbox()).length, welcomes.length);
  assert.deepEqual(
    (await list(owner)).filter((user) => user.selected).map((user) => user.userId),
    [ids.anna],
  );

  // Editors add patients only; owners, removed people and strangers are not found.
  for (const userId of [ids.editor, ids.owner, removed, 999_999]) {
    expectApiError(
      await call('PUT', `/api/form_group/${groupId}/allowed_users`, editor, [{ userId, selected: true }]),
      404,
      'user-not-found',
    );
  }
  expectApiError(
    await call('PUT', `/api/form_group/${groupId}/allowed_users`, owner, [
      { userId: ids.anna, selected: true },
      { userId: ids.anna, selected: false },
    ]),
    400,
    'duplicate-user',
  );
  expectApiError(
    await call('PUT', `/api/form_group/${groupId}/allowed_users`, owner, [{ userId: 'x', selected: true }]),
    400,
    'validation',
  );
});

test('person_to_groups makes the person a member of exactly the listed projects', async () => {
  const { owner, editor, ids } = await organization('Alfa');
  const sleep = await createProject(owner, { name: 'Sen', welcomeEmailMessage: 'Witaj w projekcie Sen' });
  const diet = await createProject(owner, { name: 'Dieta', welcomeEmailMessage: 'Witaj w projekcie Dieta' });
  const assign = (body: unknown, headers = editor, personId = ids.anna) =>
    call('POST', `/api/form_group/person_to_groups/${personId}`, headers, body);

  assert.deepEqual(
    ok(await assign([sleep.id, diet.id]), personGroupIds),
    [sleep.id, diet.id].sort((a, b) => a - b),
  );
  assert.deepEqual(ok(await assign([diet.id, diet.id]), personGroupIds), [diet.id]);
  assert.deepEqual(
    (await outbox()).map((message) => message.body),
    ['Witaj w projekcie Sen', 'Witaj w projekcie Dieta'],
  );

  // A missing project changes nothing.
  expectApiError(await assign([sleep.id, 999_999]), 404, 'project-not-found');
  assert.deepEqual(ok(await assign([diet.id]), personGroupIds), [diet.id]);
  assert.deepEqual(ok(await assign([]), personGroupIds), []);

  expectApiError(await assign([sleep.id], editor, ids.editor), 404, 'user-not-found');
  assert.deepEqual(ok(await assign([sleep.id], owner, ids.editor), personGroupIds), [sleep.id]);
  expectApiError(await assign({ groups: [sleep.id] }), 400, 'validation');
});

test('members of a project giving all its forms may fill them; others may not; the person access shows both kinds of access', async () => {
  const { owner, editor, ids, anna, bartek } = await organization('Alfa');
  const { id: groupId } = await createProject(owner, { name: 'Sen', enableAllFormAccess: true });
  const formId = await formInProject(owner, groupId);
  const direct = await formInProject(owner, groupId, { active: false });
  const outside = ok(await call('POST', '/api/forms', owner, formPayload), savedFormRef, 201).id;
  await call('PUT', `/api/forms/person_to_forms/${ids.anna}`, owner, { allow: [direct], disallow: [] });
  await call('PUT', `/api/form_group/${groupId}/allowed_users`, owner, [
    { userId: ids.anna, selected: true },
  ]);

  const activeForms = async (headers: Headers) =>
    ok(await call('GET', '/api/v2/forms/active', headers), pagedResponse(myForm)).content.map(
      (form) => form.id,
    );
  const fill = (headers: Headers) =>
    call('POST', '/api/form_data/?draft=false', headers, { formId, data: { a: 'tak' } });

  assert.deepEqual(await activeForms(anna), [formId]);
  assert.equal((await fill(anna)).statusCode, 201);
  assert.equal((await call('GET', `/api/form_template/${formId}`, anna)).statusCode, 200);
  assert.deepEqual(await activeForms(bartek), []);
  expectApiError(await fill(bartek), 404, 'form-not-found');
  expectApiError(await call('GET', `/api/form_template/${formId}`, bartek), 404, 'form-not-found');

  const panel = ok(await call('GET', `/api/forms/${formId}/allowed_users`, owner), allowedUserList);
  assert.deepEqual(
    panel.filter((user) => user.grantedByProject).map((user) => [user.userId, user.selected]),
    [[ids.anna, false]],
  );

  const access = ok(await call('GET', `/api/form_group/person_access/${ids.anna}`, editor), personAccess);
  assert.deepEqual(access, {
    projects: [
      {
        id: groupId,
        name: 'Sen',
        enableAllFormAccess: true,
        member: true,
        forms: [
          { id: formId, name: 'Ankieta', status: 'ACTIVE', granted: false, grantedByProject: true },
          { id: direct, name: 'Ankieta', status: 'DRAFT', granted: true, grantedByProject: true },
        ].sort((a, b) => a.id - b.id),
      },
    ],
    formsWithoutProject: [
      { id: outside, name: 'Ankieta', status: 'DRAFT', granted: false, grantedByProject: false },
    ],
  });
  expectApiError(
    await call('GET', `/api/form_group/person_access/${ids.editor}`, editor),
    404,
    'user-not-found',
  );

  // Turning the setting off takes the members' access away.
  ok(
    await call('PUT', `/api/form_group/${groupId}`, owner, { name: 'Sen', enableAllFormAccess: false }),
    project,
  );
  assert.deepEqual(await activeForms(anna), []);
  expectApiError(await fill(anna), 404, 'form-not-found');
});

test('a scheduled form of a project giving all its forms gets slots for members who join, and loses them when they leave', async () => {
  const { owner, ids } = await organization('Alfa');
  const { id: groupId } = await createProject(owner, { name: 'Sen', enableAllFormAccess: true });
  const created = await call('POST', '/api/forms', owner, {
    ...formPayload,
    schedule: {
      one: true,
      multi: false,
      startDate: '2026-06-08',
      endDate: '2026-06-30',
      timePeriods: [
        { dayOfWeek: 'FRIDAY', startTime: '11:00', endTime: '13:00', allowEditMinutesAfterSave: 0 },
      ],
      selectedDays: ['FRIDAY'],
    },
  });
  const { id: formId } = ok(created, savedFormRef, 201);
  await call('POST', `/api/form_group/move_form_to_group/${formId}/${groupId}`, owner);
  assert.equal((await call('PUT', `/api/forms/${formId}/activate`, owner)).statusCode, 204);
  const slotsOfAnna = () =>
    db
      .selectFrom('scheduled_forms')
      .select('id')
      .where('form_id', '=', formId)
      .where('user_id', '=', ids.anna)
      .execute();

  await call('POST', `/api/form_group/person_to_groups/${ids.anna}`, owner, [groupId]);
  assert.equal((await slotsOfAnna()).length, 3);
  await call('POST', `/api/form_group/person_to_groups/${ids.anna}`, owner, []);
  assert.equal((await slotsOfAnna()).length, 0);
});

test('another organization’s projects and people are not found', async () => {
  const alfa = await organization('Alfa');
  const beta = await organization('Beta');
  const { id: betaGroup } = await createProject(beta.owner, { name: 'Beta projekt' });
  const { id: alfaGroup } = await createProject(alfa.owner, { name: 'Alfa projekt' });

  for (const [method, url, body] of [
    ['PUT', `/api/form_group/${betaGroup}`, { name: 'X' }],
    ['DELETE', `/api/form_group/${betaGroup}`, undefined],
    ['PUT', `/api/form_group/${betaGroup}/duplicate`, { withUsers: true }],
    ['GET', `/api/form_group/${betaGroup}/forms`, undefined],
    ['GET', `/api/form_group/${betaGroup}/allowed_users`, undefined],
    ['PUT', `/api/form_group/${betaGroup}/allowed_users`, [{ userId: alfa.ids.anna, selected: true }]],
    ['POST', `/api/form_group/person_to_groups/${alfa.ids.anna}`, [betaGroup]],
  ] as const) {
    expectApiError(await call(method, url, alfa.owner, body), 404, 'project-not-found');
  }
  expectApiError(
    await call('PUT', `/api/form_group/${alfaGroup}/allowed_users`, alfa.owner, [
      { userId: beta.ids.anna, selected: true },
    ]),
    404,
    'user-not-found',
  );
  expectApiError(
    await call('POST', `/api/form_group/person_to_groups/${beta.ids.anna}`, alfa.owner, [alfaGroup]),
    404,
    'user-not-found',
  );
  expectApiError(
    await call('GET', `/api/form_group/person_access/${beta.ids.anna}`, alfa.owner),
    404,
    'user-not-found',
  );
  assert.equal(
    ok(await call('GET', '/api/v2/form_group', beta.owner), projectPage).content[0]?.name,
    'Beta projekt',
  );
  // Patients do not manage projects.
  assert.equal((await call('GET', '/api/v2/form_group', alfa.anna)).statusCode, 403);
});
