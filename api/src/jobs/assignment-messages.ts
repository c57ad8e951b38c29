import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { fillAlertPlaceholders } from './alert-message';
import { enqueueMessage } from '../outbox/outbox-repository';
import type { FormSettings } from '@formularze/domain/schemas/forms';

interface Person {
  id: number;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  surname: string | null;
  hospital_identifier: string | null;
}

/** The texts to send: an SMS to the person's phone, an e-mail to their address (each when both exist). */
interface Messages {
  subject: string;
  sms: string | null;
  email: string | null;
}

async function peopleOf(trx: Transaction<Database>, userIds: number[]): Promise<Map<number, Person>> {
  if (!userIds.length) return new Map();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'first_name', 'surname', 'hospital_identifier'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function enqueueFor(
  trx: Transaction<Database>,
  person: Person,
  messages: Messages,
  totalWeight = 0,
): Promise<void> {
  // Welcome texts offer {imie}, {nazwisko}, {identyfikator}, {telefon}; farewells {suma_punktow} too.
  const personal = (text: string) =>
    fillAlertPlaceholders(
      text,
      {
        firstName: person.first_name,
        surname: person.surname,
        hospitalIdentifier: person.hospital_identifier,
        phone: person.phone,
      },
      totalWeight,
    );
  if (messages.sms?.trim() && person.phone) {
    await enqueueMessage(trx, {
      recipient: person.phone,
      channel: 'sms',
      subject: messages.subject,
      body: personal(messages.sms),
    });
  }
  if (messages.email?.trim() && person.email) {
    await enqueueMessage(trx, {
      recipient: person.email,
      channel: 'mail',
      subject: messages.subject,
      body: personal(messages.email),
    });
  }
}

const formSubject = (name: string) => `Formularz „${name}”`;

/**
 * Queues a form's welcome messages to people just assigned to it, when the form sends them
 * (`welcomeFarewellMessages`). Call it in the transaction that changes the assignments.
 */
export async function queueWelcomeMessages(
  trx: Transaction<Database>,
  assignments: { formId: number; userId: number }[],
): Promise<void> {
  if (!assignments.length) return;
  const forms = new Map(
    (
      await trx
        .selectFrom('forms')
        .select(['id', 'name', 'settings'])
        .where('id', 'in', [...new Set(assignments.map((assignment) => assignment.formId))])
        .execute()
    ).map((form) => [form.id, form]),
  );
  const people = await peopleOf(trx, [...new Set(assignments.map((assignment) => assignment.userId))]);
  for (const { formId, userId } of assignments) {
    const form = forms.get(formId);
    const person = people.get(userId);
    if (!form?.settings.welcomeFarewellMessages || !person) continue;
    await enqueueFor(trx, person, {
      subject: formSubject(form.name),
      sms: form.settings.welcomeSmsMessage,
      email: form.settings.welcomeEmailMessage,
    });
  }
}

/**
 * Queues a form's farewell messages to the person who has just submitted it, with the points of
 * that submission, when the form sends them (`welcomeFarewellMessages`; docs/adr/010). Call it
 * once per submission, in the transaction that submits it: never for a draft or a later correction.
 */
export async function queueFarewellMessages(
  trx: Transaction<Database>,
  {
    form,
    userId,
    totalWeight,
  }: { form: { name: string; settings: FormSettings }; userId: number; totalWeight: number },
): Promise<void> {
  // The form is the one just saved to: most send no farewell, and then nothing more is read.
  if (!form.settings.welcomeFarewellMessages) return;
  const person = (await peopleOf(trx, [userId])).get(userId);
  if (!person) return;
  await enqueueFor(
    trx,
    person,
    {
      subject: formSubject(form.name),
      sms: form.settings.farewellSmsMessage,
      email: form.settings.farewellEmailMessage,
    },
    totalWeight,
  );
}

/**
 * Queues a project's welcome SMS and e-mail to people just added to it. Call it in the transaction
 * that adds them (projects/project-members-repository.ts).
 */
export async function queueProjectWelcome(
  trx: Transaction<Database>,
  { projectId, userIds }: { projectId: number; userIds: number[] },
): Promise<void> {
  const project = await trx
    .selectFrom('form_groups')
    .select(['name', 'welcome_sms_message', 'welcome_email_message'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) return;
  for (const person of (await peopleOf(trx, userIds)).values()) {
    await enqueueFor(trx, person, {
      subject: `Projekt „${project.name}”`,
      sms: project.welcome_sms_message,
      email: project.welcome_email_message,
    });
  }
}
