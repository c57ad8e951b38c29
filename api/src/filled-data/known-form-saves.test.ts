import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { CANNOT_FILL_MESSAGE } from '@formularze/domain/schemas/filled-data';
import type { FormPayload } from '@formularze/domain/schemas/forms';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { oneRowLayout } from '../../test/pain-survey';
import { activeFormThroughApi, expectApiError, setupClockedApi } from '../../test/requests';
import { statementsDuring } from '../../test/statement-counter';

/**
 * A save of a form this process read for an earlier save is checked against that read and written
 * in one statement that holds only while the form is unchanged (ADR 423). Here another process's
 * changes are made straight in the database between two saves: each save must answer as a process
 * that never saw the form would.
 */

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
const { db, app, call } = await setupClockedApi(() => new Date('2026-06-10T10:00:00Z'));

const payload: FormPayload = {
  name: 'Dzienniczek',
  layoutElementObject: oneRowLayout({
    id: 'note',
    type: 'TEXT',
    label: 'Jak się czujesz?',
    size: 50,
    maxRows: 1,
  }),
  allowDrafting: true,
  formRules: [],
};

/** The form with a second question, a required one. */
const WITH_SLEEP_REQUIRED = oneRowLayout(
  { id: 'note', type: 'TEXT', label: 'Jak się czujesz?', size: 50, maxRows: 1 },
  { id: 'sleep', type: 'TEXT', label: 'Jak spałeś?', size: 50, maxRows: 1, required: true },
);

let clinics = 0;

/** A new clinic whose patient Anna was assigned a form today and saved it once. */
async function savedOnce() {
  clinics += 1;
  const organizationId = await createOrganization(db, { name: `Klinika ${clinics}` });
  await createUser(db, { email: `owner@k${clinics}.test`, authorities: 'ROLE_OWNER', organizationId });
  const annaId = await createUser(db, {
    email: `anna@k${clinics}.test`,
    authorities: 'ROLE_USER',
    organizationId,
  });
  const owner = await signInFromNewAddress(app, { email: `owner@k${clinics}.test` });
  const anna = await signInFromNewAddress(app, { username: `anna@k${clinics}.test` });
  const formId = await activeFormThroughApi(app, db, owner, payload, {
    groupId: await createFormGroup(db, { organizationId }),
    patients: [annaId],
    validSince: '2026-06-10',
    validTo: '2026-06-20',
  });
  const save = (draft = false) =>
    call('POST', `/api/form_data/?draft=${draft}`, anna, { formId, data: { note: 'Dobrze' } });
  assert.equal((await save()).statusCode, 201);
  const filledCount = async () =>
    Number(
      (
        await db
          .selectFrom('form_data')
          .select(sql<number>`count(*)`.as('n'))
          .where('form_id', '=', formId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { organizationId, annaId, formId, anna, save, filledCount };
}

test('the next save of an unchanged form is one statement, answered as the filled form reads back', async () => {
  const { anna, save } = await savedOnce();
  let answer: Awaited<ReturnType<typeof save>> | undefined;
  const statements = await statementsDuring(async () => (answer = await save()));
  assert.equal(answer!.statusCode, 201, answer!.body);
  assert.equal(statements.length, 1, statements.join('\n'));
  const saved = answer!.json() as { id: number };
  assert.deepEqual((await call('GET', `/api/form_data/${saved.id}`, anna)).json(), answer!.json());
});

test('a form paused since the last save refuses the next one, and nothing is written', async () => {
  const { formId, save, filledCount } = await savedOnce();
  await db.updateTable('forms').set({ status: 'PAUSED' }).where('id', '=', formId).execute();
  assert.equal(expectApiError(await save(), 409, 'form-not-fillable').message, CANNOT_FILL_MESSAGE);
  assert.equal(await filledCount(), 1);
});

test('an assignment ended since the last save refuses the next one', async () => {
  const { formId, annaId, save, filledCount } = await savedOnce();
  await db
    .updateTable('form_allowed_users')
    .set({ valid_since: '2026-06-01', valid_to: '2026-06-09' })
    .where('form_id', '=', formId)
    .where('user_id', '=', annaId)
    .execute();
  assert.equal(expectApiError(await save(), 409, 'form-not-fillable').message, CANNOT_FILL_MESSAGE);
  assert.equal(await filledCount(), 1);
});

test('a question made required since the last save is asked for at the next one', async () => {
  const { formId, save, filledCount } = await savedOnce();
  await db
    .updateTable('forms')
    .set({ template: JSON.stringify(WITH_SLEEP_REQUIRED) })
    .where('id', '=', formId)
    .execute();
  const refused = expectApiError(await save(), 400, 'validation');
  assert.deepEqual(refused.fields, { 'data.sleep': 'To pole musi zostać wypełnione' });
  assert.equal(await filledCount(), 1);
});

test('another form made under the id of one saved before is read, not taken for it', async () => {
  const { formId, annaId, save, filledCount } = await savedOnce();
  // As in a database emptied or restored under a running process: the same id, another form.
  await db.transaction().execute(async (trx) => {
    await sql`create temporary table gone on commit drop as select * from forms where id = ${formId}`.execute(
      trx,
    );
    await trx.deleteFrom('forms').where('id', '=', formId).execute();
    await sql`
      insert into forms (id, organization_id, bag_id, edition, name, status, template, rules, settings, group_id)
      overriding system value
      select id, organization_id, bag_id, edition, name, status, ${JSON.stringify(WITH_SLEEP_REQUIRED)}, rules, settings, group_id
      from gone
    `.execute(trx);
  });
  await db
    .insertInto('form_allowed_users')
    .values({ form_id: formId, user_id: annaId, valid_since: '2026-06-10', valid_to: '2026-06-20' })
    .execute();
  const refused = expectApiError(await save(), 400, 'validation');
  assert.deepEqual(refused.fields, { 'data.sleep': 'To pole musi zostać wypełnione' });
  assert.equal(await filledCount(), 0);
});

test('drafts turned off since the last save refuse the next draft', async () => {
  const { formId, save } = await savedOnce();
  assert.equal((await save(true)).statusCode, 201);
  await db
    .updateTable('forms')
    .set({ settings: sql`jsonb_set(settings, '{allowDrafting}', 'false')` })
    .where('id', '=', formId)
    .execute();
  expectApiError(await save(true), 400, 'drafting-not-allowed');
});

test('a webhook set since the last save is called for the next ones', async () => {
  const { organizationId, save } = await savedOnce();
  await db
    .updateTable('organizations')
    .set({ form_data_created_webhook_url: 'https://clinic.example.test/hook' })
    .where('id', '=', organizationId)
    .execute();
  // The form is then read at each save: a webhook's submissions write more than their row.
  assert.equal((await save()).statusCode, 201);
  assert.equal((await save()).statusCode, 201);
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('organization_id', '=', organizationId)
    .execute();
  assert.equal(deliveries.length, 2);
});
