import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filledFormList } from '@formularze/domain/schemas/filled-data';
import { setupTestDatabase, signInFromNewAddress } from '../../test/helpers';
import { at, jobsTestWorld, SLOT_END, START, WEDNESDAY_SCHEDULE } from '../../test/jobs-fixture';
import { markMissedSlots } from './missed-slots';

const db = await setupTestDatabase();
const world = await jobsTestWorld(db);

const missedRows = (formId: number) =>
  db
    .selectFrom('form_data')
    .select(['user_id', 'scheduled_form_id', 'state', 'completed_at', 'organization_id'])
    .where('form_id', '=', formId)
    .where('state', '=', 'MISSED')
    .execute();

test('a slot not submitted by its end becomes MISSED once; a submitted one does not', async () => {
  const { organizationId, ids, activeForm, slotOf, annaSubmits } = await world.organization();
  const formId = await activeForm({ schedule: WEDNESDAY_SCHEDULE });
  const annaSlot = await slotOf(formId, ids.anna);
  const bartekSlot = await slotOf(formId, ids.bartek);

  assert.equal(await markMissedSlots(db, START), 0, 'the slots are still open');
  await annaSubmits(formId, annaSlot.id);
  assert.equal(await markMissedSlots(db, new Date(SLOT_END.getTime() - 1)), 0, 'a moment before the end');

  assert.equal(await markMissedSlots(db, SLOT_END), 1);
  assert.deepEqual(await missedRows(formId), [
    {
      user_id: ids.bartek,
      scheduled_form_id: bartekSlot.id,
      state: 'MISSED',
      completed_at: null,
      organization_id: organizationId,
    },
  ]);

  assert.equal(await markMissedSlots(db, at(24 * 60)), 0, 'run again');
  assert.equal((await missedRows(formId)).length, 1);

  // Bartek sees the missed fill among his filled forms.
  const bartek = await signInFromNewAddress(world.app, { username: 'bartek@org.test' });
  const listed = await world.app.inject({
    method: 'GET',
    url: '/api/form_data/all/my?state=MISSED',
    headers: bartek,
  });
  assert.equal(listed.statusCode, 200, listed.body);
  assert.deepEqual(
    filledFormList.parse(listed.json()).map((item) => [item.state, item.scheduledFormId]),
    [['MISSED', bartekSlot.id]],
  );
});

test('a draft is not a fill; runs at the same time mark a slot once', async () => {
  const { ids, activeForm, slotOf, annaSubmits } = await world.organization();
  const formId = await activeForm({ schedule: WEDNESDAY_SCHEDULE });
  const annaSlot = await slotOf(formId, ids.anna);
  await annaSubmits(formId, annaSlot.id, true);

  const counts = await Promise.all([markMissedSlots(db, SLOT_END), markMissedSlots(db, SLOT_END)]);
  assert.equal(counts[0] + counts[1], 2, 'Anna (draft only) and Bartek');
  const rows = await missedRows(formId);
  assert.deepEqual(rows.map((row) => row.user_id).sort(), [ids.anna, ids.bartek].sort());
  const draft = await db
    .selectFrom('form_data')
    .select('state')
    .where('form_id', '=', formId)
    .where('state', '=', 'SAVED')
    .execute();
  assert.equal(draft.length, 1, 'the draft stays');
});

test('slots of a deleted form or of a removed person are settled without a mark', async () => {
  const { ids, activeForm, slotOf } = await world.organization();
  const formId = await activeForm({ schedule: WEDNESDAY_SCHEDULE });
  const deletedId = await activeForm({ schedule: WEDNESDAY_SCHEDULE });
  await db.updateTable('forms').set({ status: 'DELETED' }).where('id', '=', deletedId).execute();
  await db.updateTable('users').set({ removed_at: START }).where('id', '=', ids.bartek).execute();
  assert.equal(await markMissedSlots(db, SLOT_END), 1);
  assert.deepEqual(
    (await missedRows(formId)).map((row) => row.user_id),
    [ids.anna],
  );
  assert.deepEqual(await missedRows(deletedId), []);
  assert.notEqual((await slotOf(formId, ids.bartek)).settled_at, null);
  assert.notEqual((await slotOf(deletedId, ids.anna)).settled_at, null);
});
