import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import {
  adherencePage,
  adherenceRemindersResponse,
  type AdherenceRemindersResponse,
} from '@formularze/domain/schemas/adherence';
import { reminderText, upcomingReminderText } from '../jobs/fill-reminders';
import { createFormGroup, createOrganization, createUser } from '../../test/helpers';
import { adherenceFixture, type FormRef } from '../../test/adherence-fixture';
import { expectApiError, jsonCaller, type Headers } from '../../test/requests';

/**
 * Reminders sent now from an adherence grid (ADR 309): one message a chosen patient, by their
 * channel, through the outbox; skipped, with the reason, for a patient who turned reminders off,
 * has no contact, has nothing to fill or was reminded today already.
 */

const { db, app, hoursFromNow, insertForm, slot, clinic, patientHeaders } = await adherenceFixture();
const call = jsonCaller(app);

async function allow(form: FormRef, userId: number) {
  await db
    .insertInto('form_allowed_users')
    .values({ form_id: form.id, user_id: userId, valid_since: '2026-01-01', valid_to: null })
    .execute();
}

/**
 * Anna has a slot open now and one missed (e-mail); Bartek only an upcoming one (SMS, his choice);
 * Cezary turned reminders off; Ewa filled her open slot; Filip's slot is of a form he may no longer
 * fill.
 */
async function buildWorld() {
  const { organizationId, owner, editor } = await clinic([]);
  const patient = (login: { email?: string; phone?: string }, firstName: string) =>
    createUser(db, { ...login, authorities: 'ROLE_USER', organizationId, firstName, surname: 'Testowa' });
  const ids = {
    anna: await patient({ email: 'anna@org.test' }, 'Anna'),
    bartek: await patient({ email: 'bartek@org.test', phone: '+48600100200' }, 'Bartek'),
    cezary: await patient({ email: 'cezary@org.test' }, 'Cezary'),
    ewa: await patient({ email: 'ewa@org.test' }, 'Ewa'),
    filip: await patient({ email: 'filip@org.test' }, 'Filip'),
  };
  await db.updateTable('users').set({ preferred_channel: 'phone' }).where('id', '=', ids.bartek).execute();
  await db.updateTable('users').set({ enable_reminders: false }).where('id', '=', ids.cezary).execute();

  const groupId = await createFormGroup(db, { organizationId, name: 'Badanie bólu' });
  const diary = await insertForm(organizationId, { name: 'Dzienniczek bólu', groupId });
  const sleep = await insertForm(organizationId, { name: 'Ankieta snu', groupId });
  for (const id of [ids.anna, ids.bartek, ids.cezary, ids.ewa]) await allow(diary, id);
  await allow(sleep, ids.anna);

  await slot(diary, ids.anna, [-28, -26]);
  await slot(diary, ids.anna, [-1, 5]);
  await slot(diary, ids.anna, [22, 24]);
  await slot(sleep, ids.anna, [-2, 3]);
  await slot(diary, ids.bartek, [22, 24]);
  await slot(diary, ids.bartek, [46, 48]);
  await slot(diary, ids.cezary, [-1, 5]);
  await slot(diary, ids.ewa, [-1, 5], { completed: -0.5 });
  await slot(diary, ids.filip, [-1, 5]);
  return { organizationId, ids, owner, editor, groupId, diary, sleep };
}

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  world = await buildWorld();
});

const outbox = () =>
  db.selectFrom('outbox').select(['recipient', 'channel', 'subject', 'body']).orderBy('id').execute();

async function remindOfForm(personIds: number[], headers: Headers = world.editor, formId = world.diary.id) {
  return call('POST', `/api/form_data/adherence/${formId}/reminders`, headers, { personIds });
}

async function reminded(response: Awaited<ReturnType<typeof remindOfForm>>) {
  assert.equal(response.statusCode, 200, response.body);
  return adherenceRemindersResponse.parse(response.json()).results;
}

const outcomes = (results: AdherenceRemindersResponse['results']) =>
  Object.fromEntries(results.map((result) => [result.personId, [result.outcome, result.channel]]));

test("a form's grid reminds each chosen patient once, by their channel, of what is open or next", async () => {
  const { ids } = world;
  const results = await reminded(await remindOfForm([ids.anna, ids.bartek, ids.cezary, ids.ewa, ids.filip]));
  assert.deepEqual(outcomes(results), {
    [ids.anna]: ['SENT', 'mail'],
    [ids.bartek]: ['SENT', 'sms'],
    [ids.cezary]: ['REMINDERS_OFF', null],
    [ids.ewa]: ['NOTHING_TO_FILL', null],
    [ids.filip]: ['NOTHING_TO_FILL', null],
  });
  assert.deepEqual(await outbox(), [
    {
      recipient: 'anna@org.test',
      channel: 'mail',
      subject: 'Przypomnienie o formularzu',
      // Only the form of this grid, though the sleep survey is open too.
      body: reminderText('Dzienniczek bólu', hoursFromNow(5)),
    },
    {
      recipient: '+48600100200',
      channel: 'sms',
      subject: 'Przypomnienie o formularzu',
      body: upcomingReminderText('Dzienniczek bólu', hoursFromNow(22), hoursFromNow(24)),
    },
  ]);

  const grid = adherencePage.parse(
    (await call('GET', `/api/form_data/adherence/${world.diary.id}`, world.editor)).json(),
  );
  const remindedAt = Object.fromEntries(grid.content.map((row) => [row.person.id, row.remindedAt]));
  assert.equal(remindedAt[ids.anna], hoursFromNow(0).toISOString());
  assert.equal(remindedAt[ids.cezary], null);

  const record = await db
    .selectFrom('adherence_reminders')
    .select(['user_id', 'sent_by', 'channel', 'bag_ids'])
    .where('user_id', '=', ids.anna)
    .executeTakeFirstOrThrow();
  const editor = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'editor@org.test')
    .executeTakeFirstOrThrow();
  assert.deepEqual(record, {
    user_id: ids.anna,
    sent_by: editor.id,
    channel: 'mail',
    bag_ids: [world.diary.bagId],
  });
});

test('one reminder a patient a day: a second send, even two at once, queues nothing more', async () => {
  const { ids } = world;
  const [first, second] = await Promise.all([
    remindOfForm([ids.anna, ids.bartek]),
    remindOfForm([ids.anna], world.owner, world.diary.id),
  ]);
  const all = [...(await reminded(first)), ...(await reminded(second))];
  assert.equal(all.filter((result) => result.personId === ids.anna && result.outcome === 'SENT').length, 1);
  assert.equal((await outbox()).length, 2);

  const again = await reminded(await remindOfForm([ids.anna, ids.bartek]));
  assert.deepEqual(outcomes(again), {
    [ids.anna]: ['ALREADY_REMINDED', null],
    [ids.bartek]: ['ALREADY_REMINDED', null],
  });
  assert.equal((await outbox()).length, 2);
});

test("a project's grid reminds of each of its forms open now, in one message", async () => {
  const response = await call(
    'POST',
    `/api/form_data/project_adherence/${world.groupId}/reminders`,
    world.owner,
    { personIds: [world.ids.anna] },
  );
  assert.deepEqual(outcomes(await reminded(response)), { [world.ids.anna]: ['SENT', 'mail'] });
  const [message] = await outbox();
  assert.equal(
    message!.body,
    [reminderText('Ankieta snu', hoursFromNow(3)), reminderText('Dzienniczek bólu', hoursFromNow(5))].join(
      '\n',
    ),
  );
});

test('bad requests are a 400, a foreign form or project a 404, a patient a 403; nothing is queued', async () => {
  for (const personIds of [[], [0], ['x'], Array.from({ length: 501 }, (_, index) => index + 1)]) {
    expectApiError(
      await call('POST', `/api/form_data/adherence/${world.diary.id}/reminders`, world.editor, { personIds }),
      400,
      'validation',
    );
  }
  const otherOrganization = await createOrganization(db, { name: 'Inna przychodnia' });
  const foreign = await insertForm(otherOrganization);
  assert.equal((await remindOfForm([world.ids.anna], world.editor, foreign.id)).statusCode, 404);
  const foreignProject = await createFormGroup(db, { organizationId: otherOrganization });
  const toForeignProject = await call(
    'POST',
    `/api/form_data/project_adherence/${foreignProject}/reminders`,
    world.owner,
    { personIds: [world.ids.anna] },
  );
  assert.equal(toForeignProject.statusCode, 404);

  const anna = await patientHeaders('anna');
  assert.equal((await remindOfForm([world.ids.bartek], anna)).statusCode, 403);
  assert.deepEqual(await outbox(), []);
});
