import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupTestDatabase } from '../../test/helpers';
import { formatDeadline, reminderMoments, sendDueReminders } from './fill-reminders';
import { jobsTestWorld, outbox, SLOT_END, WEDNESDAY_SCHEDULE } from '../../test/jobs-fixture';

const db = await setupTestDatabase();
const world = await jobsTestWorld(db);

const beforeEnd = (minutes: number) => new Date(SLOT_END.getTime() - minutes * 60_000);
const TEXT = 'Przypomnienie: formularz „Ankieta bólu” czeka na wypełnienie do 13:00 10.06.2026.';

test('a reminder of n notifications spreads them over its last minutes; the deadline is Warsaw time', () => {
  assert.deepEqual(reminderMoments([{ notification: 2, timeBeforeEnd: 60 }], SLOT_END), [
    beforeEnd(60),
    beforeEnd(30),
  ]);
  assert.deepEqual(
    reminderMoments(
      [
        { notification: 1, timeBeforeEnd: 30 },
        { notification: 0, timeBeforeEnd: 90 },
      ],
      SLOT_END,
    ),
    [beforeEnd(30)],
    'no notifications: no reminder; equal moments count once',
  );
  assert.equal(formatDeadline(new Date('2026-01-05T07:05:00Z')), '08:05 05.01.2026');
});

test('reminders go when due, once each even from two runs at once, and never after the fill', async () => {
  const { ids, activeForm, slotOf, annaSubmits } = await world.organization();
  const formId = await activeForm({
    schedule: WEDNESDAY_SCHEDULE,
    fillReminders: [{ notification: 2, timeBeforeEnd: 60 }],
  });
  await db.updateTable('users').set({ preferred_channel: 'phone' }).where('id', '=', ids.anna).execute();

  assert.equal(await sendDueReminders(db, beforeEnd(61)), 0, 'not yet due');
  assert.deepEqual(await outbox(db), []);

  const runs = await Promise.all([sendDueReminders(db, beforeEnd(60)), sendDueReminders(db, beforeEnd(60))]);
  assert.equal(runs[0] + runs[1], 2, 'one for each person');
  assert.deepEqual(await outbox(db), [
    { recipient: '+48600100200', channel: 'sms', subject: 'Przypomnienie o formularzu', body: TEXT },
    { recipient: 'bartek@org.test', channel: 'mail', subject: 'Przypomnienie o formularzu', body: TEXT },
  ]);
  assert.equal(await sendDueReminders(db, beforeEnd(45)), 0, 'the first notification was sent');

  world.clock.now = beforeEnd(40);
  await annaSubmits(formId, (await slotOf(formId, ids.anna)).id);
  assert.equal(await sendDueReminders(db, beforeEnd(30)), 1, 'only Bartek has not filled it');
  assert.deepEqual(
    (await outbox(db)).map((message) => message.recipient),
    ['+48600100200', 'bartek@org.test', 'bartek@org.test'],
  );
  assert.equal(await sendDueReminders(db, SLOT_END), 0, 'the slot has ended');
});

test('no reminder to people who turned reminders off or were removed, nor for an inactive form', async () => {
  const { ids, activeForm } = await world.organization();
  const formId = await activeForm({
    schedule: WEDNESDAY_SCHEDULE,
    fillReminders: [{ notification: 1, timeBeforeEnd: 30 }],
  });
  await db.updateTable('users').set({ enable_reminders: false }).where('id', '=', ids.anna).execute();
  await db.updateTable('users').set({ removed_at: SLOT_END }).where('id', '=', ids.bartek).execute();
  assert.equal(await sendDueReminders(db, beforeEnd(30)), 0);

  await db.updateTable('users').set({ enable_reminders: true }).where('id', '=', ids.anna).execute();
  await db.updateTable('forms').set({ status: 'PAUSED' }).where('id', '=', formId).execute();
  assert.equal(await sendDueReminders(db, beforeEnd(30)), 0);
  await db.updateTable('forms').set({ status: 'ACTIVE' }).where('id', '=', formId).execute();
  assert.equal(await sendDueReminders(db, beforeEnd(30)), 1);
  assert.deepEqual(await outbox(db), [
    { recipient: 'anna@org.test', channel: 'mail', subject: 'Przypomnienie o formularzu', body: TEXT },
  ]);
});
