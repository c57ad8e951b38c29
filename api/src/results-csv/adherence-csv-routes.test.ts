import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { downloadedCsv } from '../../test/csv';
import { adherenceFixture } from '../../test/adherence-fixture';
import { jsonCaller, type Headers } from '../../test/requests';

/**
 * The adherence grid's export (ADR 309): one row a slot under the screen's filter and order, the
 * texts neutralised as in the results' export, every page of patients recorded in the access trail.
 */

const { db, app, hoursFromNow, insertForm, slot, clinic, patientHeaders } = await adherenceFixture();
const call = jsonCaller(app);

const download = (headers: Headers, url: string) => downloadedCsv(app, headers, url, 'terminowosc.csv');

/** Anna: filled on time, then two misses in a row, and an upcoming slot of the sleep survey; Bartek (named as a formula): late. */
async function buildWorld() {
  const {
    organizationId,
    ids: { anna },
    owner,
  } = await clinic(['anna']);
  const bartek = await createUser(db, {
    email: 'bartek@org.test',
    authorities: 'ROLE_USER',
    organizationId,
    firstName: '=HYPERLINK("x")',
    surname: 'Bednarz',
  });
  const groupId = await createFormGroup(db, { organizationId, name: 'Badanie' });
  const diary = await insertForm(organizationId, { name: 'Dzienniczek bólu', groupId });
  const sleep = await insertForm(organizationId, { name: 'Ankieta snu', groupId });
  await slot(diary, anna, [-50, -48], { completed: -49, score: 7.5 });
  await slot(diary, anna, [-28, -26]);
  await slot(diary, anna, [-4, -2]);
  await slot(sleep, anna, [1, 3]);
  await slot(diary, bartek, [-28, -26], { completed: -20 });
  return { owner, groupId, diary };
}

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  world = await buildWorld();
});

test("a form's grid as CSV: a row a slot, with the patient's figures, in Polish", async () => {
  const { header, rows } = await download(
    world.owner,
    `/api/form_data/adherence/${world.diary.id}/csv?period=all&sortBy=surname`,
  );
  assert.deepEqual(header, [
    'Pacjent',
    'Terminowość (%)',
    'Terminy do wypełnienia',
    'Wypełnione w terminie',
    'Pominięte z rzędu',
    'Formularz',
    'Początek okna',
    'Koniec okna',
    'Status',
    'Wypełniono',
    'Wynik',
  ]);
  assert.deepEqual(rows[0], {
    Pacjent: 'Anna Adamska',
    'Terminowość (%)': '33',
    'Terminy do wypełnienia': '3',
    'Wypełnione w terminie': '1',
    'Pominięte z rzędu': '2',
    Formularz: 'Dzienniczek bólu',
    'Początek okna': formatDateTime(hoursFromNow(-50)),
    'Koniec okna': formatDateTime(hoursFromNow(-48)),
    Status: 'Wypełniony w terminie',
    Wypełniono: formatDateTime(hoursFromNow(-49)),
    Wynik: '7,5',
  });
  assert.deepEqual(
    rows.map((row) => [row.Pacjent, row.Status]),
    [
      ['Anna Adamska', 'Wypełniony w terminie'],
      ['Anna Adamska', 'Pominięty'],
      ['Anna Adamska', 'Pominięty'],
      [`'=HYPERLINK("x") Bednarz`, 'Wypełniony po terminie'],
    ],
  );
});

test("a project's grid names each slot's form; the streak filter and the order are the screen's", async () => {
  const { rows } = await download(
    world.owner,
    `/api/form_data/project_adherence/${world.groupId}/csv?period=all&minMissedStreak=2&sortBy=surname`,
  );
  assert.deepEqual(
    rows.map((row) => [row.Pacjent, row.Formularz, row.Status]),
    [
      ['Anna Adamska', 'Dzienniczek bólu', 'Wypełniony w terminie'],
      ['Anna Adamska', 'Dzienniczek bólu', 'Pominięty'],
      ['Anna Adamska', 'Dzienniczek bólu', 'Pominięty'],
      ['Anna Adamska', 'Ankieta snu', 'Nadchodzący'],
    ],
  );
});

test('every page of a long export is recorded before its rows leave', async () => {
  const many = await createOrganization(db, { name: 'Duża przychodnia' });
  const ids = await db
    .insertInto('users')
    .values(
      Array.from({ length: 501 }, (_, index) => ({
        email: `p${index}@duza.test`,
        authorities: 'ROLE_USER',
        organization_id: many,
        first_name: 'Pacjent',
        surname: `Numer ${index}`,
        password_hash: 'nie-do-logowania',
      })),
    )
    .returning('id')
    .execute();
  const form = await insertForm(many);
  await db
    .insertInto('scheduled_forms')
    .values(
      ids.map(({ id }) => ({
        form_id: form.id,
        user_id: id,
        starts_at: hoursFromNow(-4),
        ends_at: hoursFromNow(-2),
      })),
    )
    .execute();
  await createUser(db, { email: 'owner@duza.test', authorities: 'ROLE_OWNER', organizationId: many });
  const bigOwner = await signInFromNewAddress(app, { email: 'owner@duza.test' });

  const { rows } = await download(bigOwner, `/api/form_data/adherence/${form.id}/csv`);
  assert.equal(rows.length, 501);
  const entries = await db
    .selectFrom('access_audit')
    .select(['operation', 'patient_ids', 'row_count', 'resource_type', 'resource_ids'])
    .where('organization_id', '=', many)
    .where('operation', '=', 'results.csv')
    .orderBy('id')
    .execute();
  assert.deepEqual(
    entries.map((entry) => [
      entry.row_count,
      entry.patient_ids.length,
      entry.resource_type,
      entry.resource_ids,
    ]),
    [
      [500, 500, 'form', [String(form.id)]],
      [1, 1, 'form', [String(form.id)]],
    ],
  );
  assert.deepEqual(new Set(entries.flatMap((entry) => entry.patient_ids)), new Set(ids.map(({ id }) => id)));
});

test("another organization's grid is a 404, a patient's call a 403, a bad filter a 400", async () => {
  const other = await createOrganization(db, { name: 'Inna' });
  const foreign = await insertForm(other);
  assert.equal(
    (await call('GET', `/api/form_data/adherence/${foreign.id}/csv`, world.owner)).statusCode,
    404,
  );
  const foreignProject = await createFormGroup(db, { organizationId: other });
  assert.equal(
    (await call('GET', `/api/form_data/project_adherence/${foreignProject}/csv`, world.owner)).statusCode,
    404,
  );
  assert.equal(
    (await call('GET', `/api/form_data/adherence/${world.diary.id}/csv?period=7`, world.owner)).statusCode,
    400,
  );
  const annaSession = await patientHeaders('anna');
  assert.equal(
    (await call('GET', `/api/form_data/adherence/${world.diary.id}/csv`, annaSession)).statusCode,
    403,
  );
});
