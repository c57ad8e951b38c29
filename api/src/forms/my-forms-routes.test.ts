import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { apiError } from 'shared-ui/schemas';
import { savedFormRef, scheduledForm, type FormPayload } from 'shared-ui/schemas/forms';
import { buildApp } from '../app';
import {
  createFormGroup,
  createOrganization,
  createUser,
  setupTestDatabase,
  signInFromNewAddress,
  testConfig,
} from '../test/helpers';

const db = await setupTestDatabase();
/** Wednesday 10 June 2026, 12:00 in Warsaw. */
let now = new Date('2026-06-10T10:00:00Z');
const app = await buildApp({ db, config: await testConfig(), clock: () => now });
after(() => app.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, body?: unknown) =>
  app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

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
  schedule: {
    one: true,
    multi: false,
    startDate: '2026-06-08',
    endDate: '2026-06-14',
    timePeriods: [
      { dayOfWeek: 'WEDNESDAY', startTime: '11:00', endTime: '13:00', allowEditMinutesAfterSave: 15 },
    ],
    selectedDays: ['WEDNESDAY'],
  },
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

  const { id: formId } = savedFormRef.parse(
    (await call('POST', '/api/forms', owner, scheduledPayload)).json(),
  );
  await db.updateTable('forms').set({ group_id: groupId }).where('id', '=', formId).execute();
  const assigned = await call(
    'PUT',
    `/api/forms/${formId}/allowed_users`,
    owner,
    [annaId, bartekId].map((userId) => ({
      userId,
      selected: true,
      validSince: '2026-06-10',
      validTo: '2026-06-20',
    })),
  );
  assert.equal(assigned.statusCode, 200, assigned.body);
  assert.equal((await call('PUT', `/api/forms/${formId}/activate`, owner)).statusCode, 204);
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
