import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFormGroup, setupTestDatabase } from '../../test/helpers';
import { queueProjectWelcome } from './assignment-messages';
import { jobsTestWorld, outbox } from '../../test/jobs-fixture';

const db = await setupTestDatabase();
const world = await jobsTestWorld(db);

const MESSAGES = {
  welcomeFarewellMessages: true,
  welcomeSmsMessage: 'Witaj {imie} {nazwisko}, wypełnij ankietę.',
  welcomeEmailMessage: 'Dzień dobry {imie}, prosimy o wypełnienie ankiety.',
  farewellSmsMessage: 'Dziękujemy, {imie}. Wynik: {suma_punktow}.',
  farewellEmailMessage: 'Dziękujemy za wypełnienie ankiety.',
};

test('assigning people queues the form’s welcome SMS and e-mail; changing or removing them sends nothing', async () => {
  const { ids, createForm, assign } = await world.organization();
  const formId = await createForm(MESSAGES);
  const subject = 'Formularz „Ankieta bólu”';

  await assign(formId, [
    { userId: ids.anna, selected: true },
    { userId: ids.bartek, selected: true },
  ]);
  assert.deepEqual(await outbox(db), [
    { recipient: '+48600100200', channel: 'sms', subject, body: 'Witaj Anna Adamska, wypełnij ankietę.' },
    {
      recipient: 'anna@org.test',
      channel: 'mail',
      subject,
      body: 'Dzień dobry Anna, prosimy o wypełnienie ankiety.',
    },
    // Bartek has no phone: only the e-mail.
    {
      recipient: 'bartek@org.test',
      channel: 'mail',
      subject,
      body: 'Dzień dobry , prosimy o wypełnienie ankiety.',
    },
  ]);

  // Saving the same people again (new dates) welcomes nobody; a removal is no farewell (ADR 010).
  await assign(formId, [
    { userId: ids.anna, selected: false },
    { userId: ids.bartek, selected: true },
  ]);
  assert.equal((await outbox(db)).length, 3);
});

test('the person access dialog (person_to_forms) welcomes too', async () => {
  const { ids, owner, createForm } = await world.organization();
  const formId = await createForm(MESSAGES);
  const silentId = await createForm({ ...MESSAGES, welcomeFarewellMessages: false });
  const personToForms = (allow: number[], disallow: number[]) =>
    world.call('PUT', `/api/forms/person_to_forms/${ids.anna}`, owner, { allow, disallow });

  assert.equal((await personToForms([formId, silentId], [])).statusCode, 204);
  assert.equal((await personToForms([formId], [])).statusCode, 204, 'already assigned');
  assert.equal((await personToForms([], [formId, silentId])).statusCode, 204);
  assert.deepEqual(
    (await outbox(db)).map((message) => [message.channel, message.body]),
    [
      ['sms', 'Witaj Anna Adamska, wypełnij ankietę.'],
      ['mail', 'Dzień dobry Anna, prosimy o wypełnienie ankiety.'],
    ],
  );
});

test('a completed fill queues the form’s farewell SMS and e-mail exactly once, with its points', async () => {
  const { anna, activeForm, annaSubmits } = await world.organization();
  const formId = await activeForm(MESSAGES);
  const welcomes = (await outbox(db)).length;
  const farewells = async () => (await outbox(db)).slice(welcomes);

  // A draft says nothing yet; its submission says goodbye.
  await annaSubmits(formId, undefined, true);
  assert.deepEqual(await farewells(), []);
  const { id: draftId } = await db.selectFrom('form_data').select('id').executeTakeFirstOrThrow();
  const submitted = await world.call('PUT', `/api/form_data/${draftId}?draft=false`, anna, {
    formId,
    data: { pain: 3 },
  });
  assert.equal(submitted.statusCode, 200, submitted.body);
  const subject = 'Formularz „Ankieta bólu”';
  const expected = [
    { recipient: '+48600100200', channel: 'sms', subject, body: 'Dziękujemy, Anna. Wynik: 0.' },
    { recipient: 'anna@org.test', channel: 'mail', subject, body: 'Dziękujemy za wypełnienie ankiety.' },
  ];
  assert.deepEqual(await farewells(), expected);

  // Another fill of the form is another farewell; nothing else repeats one.
  await annaSubmits(formId);
  assert.deepEqual(await farewells(), [...expected, ...expected]);

  // A form that sends no messages sends no farewell either.
  const silentId = await activeForm({ ...MESSAGES, welcomeFarewellMessages: false });
  const before = (await outbox(db)).length;
  await annaSubmits(silentId);
  assert.equal((await outbox(db)).length, before);
});

test('a project’s welcome messages go to the people added to it', async () => {
  const { organizationId, ids } = await world.organization();
  const projectId = await createFormGroup(db, { organizationId, name: 'Rehabilitacja' });
  await db
    .updateTable('form_groups')
    .set({ welcome_sms_message: 'Witamy w projekcie, {imie}!', welcome_email_message: null })
    .where('id', '=', projectId)
    .execute();
  await db
    .transaction()
    .execute((trx) => queueProjectWelcome(trx, { projectId, userIds: [ids.anna, ids.bartek] }));
  assert.deepEqual(await outbox(db), [
    {
      recipient: '+48600100200',
      channel: 'sms',
      subject: 'Projekt „Rehabilitacja”',
      body: 'Witamy w projekcie, Anna!',
    },
  ]);
});
