import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFormGroup, setupTestDatabase } from '../test/helpers';
import { queueProjectWelcome } from './assignment-messages';
import { jobsTestWorld, outbox } from './jobs-test-fixture';

const db = await setupTestDatabase();
const world = await jobsTestWorld(db);

const MESSAGES = {
  welcomeFarewellMessages: true,
  welcomeSmsMessage: 'Witaj {imie} {nazwisko}, wypełnij ankietę.',
  welcomeEmailMessage: 'Dzień dobry {imie}, prosimy o wypełnienie ankiety.',
  farewellSmsMessage: 'Dziękujemy, {imie}.',
  farewellEmailMessage: null,
};

test('assigning people queues the form’s welcome SMS and e-mail; removing them its farewell', async () => {
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

  // Saving the same people again (new dates) welcomes nobody; a removal says goodbye once.
  await assign(formId, [
    { userId: ids.anna, selected: false },
    { userId: ids.bartek, selected: true },
  ]);
  await assign(formId, [{ userId: ids.anna, selected: false }]);
  assert.deepEqual((await outbox(db)).slice(3), [
    { recipient: '+48600100200', channel: 'sms', subject, body: 'Dziękujemy, Anna.' },
  ]);
});

test('the person access dialog (person_to_forms) welcomes and says goodbye too', async () => {
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
      ['sms', 'Dziękujemy, Anna.'],
    ],
  );
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
