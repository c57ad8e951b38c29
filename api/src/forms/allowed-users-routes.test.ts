import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  allowedUserList,
  myForm,
  savedFormRef,
  scheduledForm,
  type FormPayload,
  type Schedule,
} from '@formularze/domain/schemas/forms';
import { pagedResponse } from '@formularze/domain/schemas/paging';
import { wednesdayMidday } from '../../test/form-fixtures';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { expectApiError, type Headers, setupClockedApi } from '../../test/requests';

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
let now = new Date('2026-06-10T10:00:00Z');
const { db, app, call } = await setupClockedApi(() => now);

const weekdays: Schedule = {
  one: false,
  multi: true,
  startDate: '2026-06-08',
  endDate: '2026-06-14',
  timePeriods: [
    wednesdayMidday,
    { dayOfWeek: 'FRIDAY', startTime: '08:00', endTime: '09:00' },
    { dayOfWeek: 'MONDAY', startTime: '08:00', endTime: '09:00' },
  ],
  selectedDays: ['MONDAY', 'WEDNESDAY', 'FRIDAY'],
};

const payload = (overrides: Partial<FormPayload> = {}): FormPayload => ({
  name: 'Ankieta',
  layoutElementObject: {
    type: 'FORM',
    children: [{ type: 'ROW', children: [{ id: 'a', type: 'TEXT', size: 10, maxRows: 1 }] }],
  },
  defaultAssignmentDuration: 7,
  ...overrides,
});

async function setup() {
  const organizationId = await createOrganization(db, { name: 'Alfa' });
  const ids = {
    owner: await createUser(db, { email: 'owner@alfa.test', authorities: 'ROLE_OWNER', organizationId }),
    editor: await createUser(db, {
      email: 'editor@alfa.test',
      authorities: 'ROLE_EDITOR',
      organizationId,
      surname: 'Lekarz',
    }),
    anna: await createUser(db, {
      email: 'anna@alfa.test',
      authorities: 'ROLE_USER',
      organizationId,
      firstName: 'Anna',
      surname: 'Adamska',
    }),
    bartek: await createUser(db, {
      phone: '+48600100200',
      authorities: 'ROLE_USER',
      organizationId,
      firstName: 'Bartek',
      surname: 'Bielski',
    }),
  };
  const groupId = await createFormGroup(db, { organizationId });
  const owner = await signInFromNewAddress(app, { email: 'owner@alfa.test' });
  const editor = await signInFromNewAddress(app, { email: 'editor@alfa.test' });
  const anna = await signInFromNewAddress(app, { username: 'anna@alfa.test' });
  async function form(overrides: Partial<FormPayload> = {}) {
    const response = await call('POST', '/api/forms', owner, payload(overrides));
    const { id } = savedFormRef.parse(response.json());
    await db.updateTable('forms').set({ group_id: groupId }).where('id', '=', id).execute();
    return id;
  }
  return { organizationId, ids, owner, editor, anna, form };
}

const allowedUsers = async (formId: number, headers: Headers) => {
  const response = await call('GET', `/api/forms/${formId}/allowed_users`, headers);
  assert.equal(response.statusCode, 200, response.body);
  return allowedUserList.parse(response.json());
};

test('owners assign anyone but owners, editors only patients; dates follow the assignment rules', async () => {
  const { ids, owner, editor, form } = await setup();
  const formId = await form();

  assert.deepEqual(
    (await allowedUsers(formId, owner)).map((user) => [user.userId, user.selected]),
    [
      [ids.anna, false],
      [ids.bartek, false],
      [ids.editor, false],
    ],
  );
  assert.deepEqual(
    (await allowedUsers(formId, editor)).map((user) => user.userId),
    [ids.anna, ids.bartek],
  );

  const response = await call('PUT', `/api/forms/${formId}/allowed_users`, owner, [
    // A start in the past becomes today; no end: the default duration (7 days, today included).
    { userId: ids.anna, selected: true, validSince: '2026-06-01' },
    // An end before the start becomes the start.
    { userId: ids.bartek, selected: true, validSince: '2026-06-20', validTo: '2026-06-15' },
    // An end cleared on purpose: no end.
    { userId: ids.editor, selected: true, validSince: '2026-06-12', validTo: null },
  ]);
  assert.equal(response.statusCode, 200, response.body);
  const byId = new Map(allowedUserList.parse(response.json()).map((user) => [user.userId, user]));
  assert.deepEqual(
    [ids.anna, ids.bartek, ids.editor].map((id) => {
      const user = byId.get(id)!;
      return [user.selected, user.validSince, user.validTo, user.activeNow];
    }),
    [
      [true, '2026-06-10', '2026-06-16', true],
      [true, '2026-06-20', '2026-06-20', false],
      [true, '2026-06-12', null, false],
    ],
  );
  assert.deepEqual(byId.get(ids.anna)?.roles, ['ROLE_USER']);

  // A stored start is kept even once it has passed.
  now = new Date('2026-06-12T10:00:00Z');
  try {
    await call('PUT', `/api/forms/${formId}/allowed_users`, owner, [
      { userId: ids.anna, selected: true, validSince: '2026-06-10', validTo: '2026-06-30' },
      { userId: ids.bartek, selected: false },
    ]);
    const users = new Map((await allowedUsers(formId, owner)).map((user) => [user.userId, user]));
    assert.deepEqual(
      [users.get(ids.anna)?.validSince, users.get(ids.anna)?.validTo],
      ['2026-06-10', '2026-06-30'],
    );
    assert.equal(users.get(ids.bartek)?.selected, false);
  } finally {
    now = new Date('2026-06-10T10:00:00Z');
  }

  // An editor cannot assign staff, nor anybody of another organization.
  expectApiError(
    await call('PUT', `/api/forms/${formId}/allowed_users`, editor, [{ userId: ids.editor, selected: true }]),
    404,
    'user-not-found',
  );
  const stranger = await createUser(db, {
    email: 'obcy@beta.test',
    authorities: 'ROLE_USER',
    organizationId: await createOrganization(db, { name: 'Beta' }),
  });
  expectApiError(
    await call('PUT', `/api/forms/${formId}/allowed_users`, owner, [{ userId: stranger, selected: true }]),
    404,
    'user-not-found',
  );
  expectApiError(
    await call('PUT', `/api/forms/${formId}/allowed_users`, owner, [
      { userId: ids.anna, selected: true },
      { userId: ids.anna, selected: false },
    ]),
    400,
    'duplicate-user',
  );
  expectApiError(
    await call('PUT', `/api/forms/${formId}/allowed_users`, owner, [
      { userId: ids.anna, selected: true, validSince: '10/06/2026' },
    ]),
    400,
    'validation',
  );
});

test('activating a scheduled form makes the slots of each assigned person; the lists show them', async () => {
  const { ids, owner, anna, form } = await setup();
  const formId = await form({ schedule: weekdays });
  await call('PUT', `/api/forms/${formId}/allowed_users`, owner, [
    { userId: ids.anna, selected: true },
    { userId: ids.bartek, selected: true, validSince: '2026-06-13' },
  ]);
  // Not active yet: no slots.
  assert.equal((await db.selectFrom('scheduled_forms').selectAll().execute()).length, 0);

  assert.equal((await call('PUT', `/api/forms/${formId}/activate`, owner)).statusCode, 204);
  const slots = await db
    .selectFrom('scheduled_forms')
    .select(['user_id', 'starts_at', 'edit_minutes_after_save'])
    .orderBy('user_id')
    .orderBy('starts_at')
    .execute();
  // Anna: Wednesday (open now) and Friday; Monday has passed. Bartek starts on Saturday: none this week.
  assert.deepEqual(
    slots.map((slot) => [slot.user_id, slot.starts_at.toISOString(), slot.edit_minutes_after_save]),
    [
      [ids.anna, '2026-06-10T09:00:00.000Z', 15],
      [ids.anna, '2026-06-12T06:00:00.000Z', 0],
    ],
  );

  const open = pagedResponse(scheduledForm).parse(
    (await call('GET', '/api/v2/forms/scheduled', anna)).json(),
  );
  assert.deepEqual(
    open.content.map((slot) => [slot.form.id, slot.startDate, slot.endDate, slot.readyToFill]),
    [[formId, '2026-06-10T09:00:00.000Z', '2026-06-10T11:00:00.000Z', true]],
  );
  const future = pagedResponse(scheduledForm).parse(
    (await call('GET', '/api/v2/forms/scheduled-for-future', anna)).json(),
  );
  assert.deepEqual(
    future.content.map((slot) => [slot.startDate, slot.readyToFill]),
    [['2026-06-12T06:00:00.000Z', false]],
  );
  // A scheduled form is filled through its slots, not listed among the active forms.
  const active = pagedResponse(myForm).parse((await call('GET', '/api/v2/forms/active', anna)).json());
  assert.equal(active.totalElements, 0);

  // Pausing hides the slots; activating again adds none twice.
  await call('PUT', `/api/forms/${formId}/deactivate`, owner);
  assert.equal(
    pagedResponse(scheduledForm).parse((await call('GET', '/api/v2/forms/scheduled', anna)).json())
      .totalElements,
    0,
  );
  await call('PUT', `/api/forms/${formId}/activate`, owner);
  assert.equal((await db.selectFrom('scheduled_forms').selectAll().execute()).length, 2);

  // Taking the form away drops the slots that have not started.
  await call('PUT', `/api/forms/${formId}/allowed_users`, owner, [{ userId: ids.anna, selected: false }]);
  assert.deepEqual(
    (await db.selectFrom('scheduled_forms').select('starts_at').execute()).map((slot) =>
      slot.starts_at.toISOString(),
    ),
    ['2026-06-10T09:00:00.000Z'],
  );
});

test('my active forms: active, unscheduled, assigned for today; filled forms: none until filled data exists', async () => {
  const { ids, owner, anna, form } = await setup();
  const current = await form({ name: 'Bieżący' });
  const later = await form({ name: 'Późniejszy' });
  const paused = await form({ name: 'Wstrzymany' });
  for (const formId of [current, later, paused]) {
    await call('PUT', `/api/forms/${formId}/activate`, owner);
  }
  await call('PUT', `/api/forms/${paused}/deactivate`, owner);
  await call('PUT', `/api/forms/${current}/allowed_users`, owner, [{ userId: ids.anna, selected: true }]);
  await call('PUT', `/api/forms/${later}/allowed_users`, owner, [
    { userId: ids.anna, selected: true, validSince: '2026-07-01' },
  ]);
  await call('PUT', `/api/forms/${paused}/allowed_users`, owner, [{ userId: ids.anna, selected: true }]);

  const active = pagedResponse(myForm).parse((await call('GET', '/api/v2/forms/active', anna)).json());
  assert.deepEqual(
    active.content.map((item) => [item.id, item.name, item.validSince, item.validTo]),
    [[current, 'Bieżący', '2026-06-10', '2026-06-16']],
  );
  const filled = pagedResponse(myForm).parse(
    (await call('GET', '/api/v2/forms/all-my-filled-unique-bags', anna)).json(),
  );
  assert.deepEqual(filled, { content: [], totalElements: 0, page: 0, pageSize: 100 });
  // Staff may fill forms too, but only those assigned to them.
  const ownerActive = pagedResponse(myForm).parse((await call('GET', '/api/v2/forms/active', owner)).json());
  assert.equal(ownerActive.totalElements, 0);
});

test('person_to_forms grants and takes away forms of one person', async () => {
  const { ids, owner, editor, form } = await setup();
  const first = await form({ name: 'Pierwszy' });
  const second = await form({ name: 'Drugi', defaultAssignmentDuration: 0 });
  const grant = (headers: Headers, personId: number, body: { allow: number[]; disallow: number[] }) =>
    call('PUT', `/api/forms/person_to_forms/${personId}`, headers, body);

  assert.equal((await grant(editor, ids.bartek, { allow: [first, second], disallow: [] })).statusCode, 204);
  const assigned = async (formId: number) =>
    (await allowedUsers(formId, owner)).find((user) => user.userId === ids.bartek);
  assert.deepEqual(
    [await assigned(first), await assigned(second)].map((user) => [
      user?.selected,
      user?.validSince,
      user?.validTo,
    ]),
    [
      [true, '2026-06-10', '2026-06-16'],
      [true, '2026-06-10', null],
    ],
  );

  assert.equal((await grant(owner, ids.bartek, { allow: [], disallow: [first] })).statusCode, 204);
  assert.equal((await assigned(first))?.selected, false);
  assert.equal((await assigned(second))?.selected, true);

  expectApiError(
    await grant(owner, ids.bartek, { allow: [first], disallow: [first] }),
    400,
    'allow-and-disallow',
  );
  expectApiError(await grant(editor, ids.editor, { allow: [first], disallow: [] }), 404, 'user-not-found');
  expectApiError(await grant(owner, ids.owner, { allow: [first], disallow: [] }), 404, 'user-not-found');
  expectApiError(await grant(owner, ids.bartek, { allow: [999_999], disallow: [] }), 404, 'form-not-found');
});
