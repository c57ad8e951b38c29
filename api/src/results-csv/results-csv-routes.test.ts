import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { sql } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import type { FilledDataPayload } from '@formularze/domain/schemas/filled-data';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import { savedFormRef, type FormPayload } from '@formularze/domain/schemas/forms';
import { resultsCsvPath } from '@formularze/domain/schemas/results-csv';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { downloadedCsv } from '../../test/csv';
import { activeFormThroughApi, type Headers, setupClockedApi } from '../../test/requests';
import { markMissedSlots } from '../jobs/missed-slots';
import { EXPORT_BATCH_SIZE } from './results-csv-repository';

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
const NOW = new Date('2026-06-10T10:00:00Z');
const { db, app, call } = await setupClockedApi(() => NOW);

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The downloaded file (see downloadedCsv), which starts with a BOM. */
async function download(headers: Headers, url: string) {
  const csv = await downloadedCsv(app, headers, url, 'data.csv');
  assert.deepEqual(csv.payload.subarray(0, 3), BOM);
  return csv;
}

const fields: TemplateField[] = [
  { id: 'name', type: 'TEXT', label: 'Imię', size: 100, maxRows: 1 },
  { id: 'story', type: 'TEXTAREA', label: 'Opis; "objawów"', size: 500, noteEnabled: true },
  {
    id: 'pain',
    type: 'NUMBER',
    label: 'Ból',
    numberType: 'DECIMAL',
    decimalDigitNumber: 1,
    minValue: 0,
    maxValue: 10,
  },
  {
    id: 'symptoms',
    type: 'DICTIONARY',
    label: 'Objawy',
    allowMultipleAnswers: true,
    dictionary: {
      type: 'string',
      dictionaryValues: [
        { stringValue: 'kaszel', weight: 1 },
        { stringValue: 'gorączka', weight: 3 },
      ],
    },
  },
  {
    id: 'mood',
    type: 'DICTIONARY',
    label: 'Nastrój',
    allowAlternativeAnswer: true,
    dictionary: { type: 'string', dictionaryValues: [{ stringValue: 'dobry' }, { stringValue: 'zły' }] },
  },
  { id: 'visit', type: 'DATE', label: 'Data wizyty' },
  { id: 'scan', type: 'FILE', label: 'Skan', maxNumberOfFiles: 3, fileType: 'Any' },
  { id: 'info', type: 'LABEL', label: 'Dziękujemy', labelType: 'text' },
];

const formPayload = (layoutFields: TemplateField[]): FormPayload => ({
  name: 'Ankieta zdrowia',
  layoutElementObject: { type: 'FORM', children: [{ type: 'ROW', children: layoutFields }] },
  allowDrafting: true,
  formRules: [{ operator: 'GREATER_THAN', arg1: 2, color: '#ff0000', text: 'Pilny kontakt' }],
});

let freshPhone = 0;

async function organization(name: string) {
  const organizationId = await createOrganization(db, { name });
  const slug = name.toLowerCase();
  const person = (local: string, firstName: string, surname: string) =>
    createUser(db, {
      email: `${local}@${slug}.test`,
      phone: `+486001002${String(freshPhone++).padStart(2, '0')}`,
      authorities: 'ROLE_USER',
      organizationId,
      firstName,
      surname,
    });
  const ids = {
    owner: await createUser(db, { email: `owner@${slug}.test`, authorities: 'ROLE_OWNER', organizationId }),
    anna: await person('anna', 'Anna', 'Żółkiewska'),
    bartek: await person('bartek', 'Bartłomiej', 'Nowak'),
    celina: await person('celina', 'Celina', 'Zając'),
  };
  await db
    .updateTable('users')
    .set({
      hospital_identifier: 'H-17',
      address: JSON.stringify({ street: 'Długa 5', city: 'Łódź', zipCode: '90-001', post: 'Łódź' }),
    })
    .where('id', '=', ids.anna)
    .execute();
  const groupId = await createFormGroup(db, { organizationId });
  const owner = await signInFromNewAddress(app, { email: `owner@${slug}.test` });
  const anna = await signInFromNewAddress(app, { username: `anna@${slug}.test` });
  const bartek = await signInFromNewAddress(app, { username: `bartek@${slug}.test` });
  const celina = await signInFromNewAddress(app, { username: `celina@${slug}.test` });

  /** An active form of the project, assigned to Anna and Bartek. */
  const activeForm = () =>
    activeFormThroughApi(app, db, owner, formPayload(fields), {
      groupId,
      patients: [ids.anna, ids.bartek],
      validSince: '2026-06-10',
    });
  return { organizationId, ids, owner, anna, bartek, celina, activeForm };
}

async function submit(headers: Headers, body: FilledDataPayload) {
  const response = await call('POST', '/api/form_data/', headers, body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json<{ id: number }>().id;
}

/** A scheduled fill that passed unfilled, marked by the missed-slots job. */
async function missedFill(formId: number, userId: number) {
  const slot = await db
    .insertInto('scheduled_forms')
    .values({
      form_id: formId,
      user_id: userId,
      starts_at: new Date('2026-06-09T06:00:00Z'),
      ends_at: new Date('2026-06-09T16:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await markMissedSlots(db, NOW);
  const { id } = await db
    .selectFrom('form_data')
    .select('id')
    .where('scheduled_form_id', '=', slot.id)
    .executeTakeFirstOrThrow();
  return id;
}

async function attachFile(
  organizationId: number,
  userId: number,
  formDataId: number,
  name: string,
  position: number,
) {
  await db
    .insertInto('uploaded_files')
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      uploaded_by: userId,
      name,
      mime_type: 'application/pdf',
      extension: 'pdf',
      size: 10,
      storage_key: `x/${formDataId}-${position}`,
      created_at: NOW,
      form_data_id: formDataId,
      field_id: 'scan',
      position,
    })
    .execute();
}

/** Anna's and Bartek's answers, a MISSED slot of Bartek's, and a draft of Anna's (never exported). */
async function filledForm() {
  const org = await organization('Alfa');
  const formId = await org.activeForm();
  const annas = await submit(org.anna, {
    formId,
    data: {
      name: '=1+1',
      story: 'Boli od wczoraj;\nw nocy "bardzo"',
      pain: '7,5',
      mood: null,
      visit: '2026/06/01',
    },
    arrayData: { symptoms: ['kaszel', 'gorączka'] },
    noteData: { story: '@SUM(A1)' },
    fieldAlternativeAnswer: { mood: '+48 600 ból' },
  });
  await attachFile(org.organizationId, org.ids.anna, annas, 'wynik badań.pdf', 0);
  await attachFile(org.organizationId, org.ids.anna, annas, 'zdjęcie.pdf', 1);
  const bartkas = await submit(org.bartek, { formId, data: { name: 'Bartłomiej', pain: 1, mood: 'dobry' } });
  const missed = await missedFill(formId, org.ids.bartek);
  const draft = await call('POST', '/api/form_data/?draft=true', org.anna, {
    formId,
    data: { name: 'szkic' },
  });
  assert.equal(draft.statusCode, 201, draft.body);
  return { ...org, formId, annas, bartkas, missed };
}

const FIXED = [
  'Id wypełnienia',
  'Id osoby',
  'Wersja formularza',
  'Stan',
  'Data wypełnienia',
  'Termin od',
  'Termin do',
];
const PERSONAL = [
  'Imię',
  'Nazwisko',
  'E-mail',
  'Telefon',
  'Identyfikator szpitalny',
  'Ulica',
  'Kod pocztowy',
  'Miejscowość',
  'Poczta',
];
const POINTS = ['Suma punktów', 'Kolor', 'Komunikat'];
const ANSWERS = [
  // The field labelled like a personal column keeps its own, numbered header.
  'Imię (2)',
  'Opis; "objawów"',
  'Opis; "objawów" - uwaga',
  'Ból',
  'Objawy',
  'Nastrój',
  'Nastrój - inna odpowiedź',
  'Data wizyty',
  'Skan',
];

test('staff export every answer, escaped, with points; personal data and missed fills only when asked', async () => {
  const { owner, ids, formId, annas, bartkas, missed } = await filledForm();

  const plain = await download(owner, `/api/form_data/csv/${formId}`);
  assert.deepEqual(plain.header, [...FIXED, ...POINTS, ...ANSWERS.map((h) => h.replace(' (2)', ''))]);
  assert.deepEqual(
    plain.rows.map((row) => row['Id wypełnienia']),
    [String(annas), String(bartkas)],
  );
  const [anna, bartek] = plain.rows;
  assert.deepEqual(anna, {
    'Id wypełnienia': String(annas),
    'Id osoby': String(ids.anna),
    'Wersja formularza': '1',
    Stan: 'Wypełniony',
    'Data wypełnienia': '2026-06-10 12:00',
    'Termin od': '',
    'Termin do': '',
    'Suma punktów': '4',
    Kolor: '#ff0000',
    Komunikat: 'Pilny kontakt',
    Imię: "'=1+1",
    'Opis; "objawów"': 'Boli od wczoraj;\nw nocy "bardzo"',
    'Opis; "objawów" - uwaga': "'@SUM(A1)",
    Ból: '7,5',
    Objawy: 'kaszel, gorączka',
    Nastrój: '',
    'Nastrój - inna odpowiedź': "'+48 600 ból",
    'Data wizyty': '2026/06/01',
    Skan: 'wynik badań.pdf, zdjęcie.pdf',
  });
  assert.equal(bartek!['Suma punktów'], '0');
  assert.equal(bartek!.Kolor, '');
  assert.equal(bartek!.Nastrój, 'dobry');
  assert.equal(bartek!.Ból, '1');

  const full = await download(
    owner,
    resultsCsvPath(formId, { includePersonalData: true, includeMissingData: true }),
  );
  assert.deepEqual(full.header, [...FIXED, ...PERSONAL, ...POINTS, ...ANSWERS]);
  assert.deepEqual(
    full.rows.map((row) => [row['Id wypełnienia'], row.Stan, row.Nazwisko]),
    [
      [String(annas), 'Wypełniony', 'Żółkiewska'],
      [String(bartkas), 'Wypełniony', 'Nowak'],
      [String(missed), 'Niewypełniony', 'Nowak'],
    ],
  );
  assert.deepEqual(
    PERSONAL.map((column) => full.rows[0]![column]),
    // A leading + would be read as a formula; the apostrophe also keeps it from becoming a number.
    ['Anna', 'Żółkiewska', 'anna@alfa.test', "'+48600100200", 'H-17', 'Długa 5', '90-001', 'Łódź', 'Łódź'],
  );
  assert.deepEqual(
    [
      full.rows[2]!['Termin od'],
      full.rows[2]!['Termin do'],
      full.rows[2]!['Data wypełnienia'],
      full.rows[2]!['Imię (2)'],
    ],
    ['2026-06-09 08:00', '2026-06-09 18:00', '', ''],
  );

  // The older name of the flag, and one person's rows.
  const bartekOnly = await download(
    owner,
    `/api/form_data/csv/${formId}?showMissedForms=true&personId=${ids.bartek}`,
  );
  assert.deepEqual(
    bartekOnly.rows.map((row) => row.Stan),
    ['Wypełniony', 'Niewypełniony'],
  );
});

test('one column per field across editions, labelled as in the edition chosen, both labels where they differ', async () => {
  const { owner, anna, formId, annas } = await filledForm();
  const renamed = fields
    .filter((field) => field.id !== 'visit')
    .map((field) => (field.id === 'pain' ? { ...field, label: 'Ból (0-10)' } : field));
  const next = await newEdition(owner, formId, [
    ...renamed,
    { id: 'sleep', type: 'NUMBER', label: 'Sen', numberType: 'INTEGER' },
  ]);
  const later = await submit(anna, { formId: next, data: { name: 'Anna', pain: 2, sleep: 6 } });

  const shared = ['Imię', 'Opis; "objawów"', 'Opis; "objawów" - uwaga'];
  const mood = ['Objawy', 'Nastrój', 'Nastrój - inna odpowiedź'];
  const expected = {
    // The first edition's fields in its order, its label first; then what only the newer one asked.
    [formId]: {
      header: [...shared, 'Ból / Ból (0-10)', ...mood, 'Data wizyty', 'Skan', 'Sen'],
      pain: 'Ból / Ból (0-10)',
    },
    // The newest edition's fields, its label first; then what only the first one asked.
    [next]: {
      header: [...shared, 'Ból (0-10) / Ból', ...mood, 'Skan', 'Sen', 'Data wizyty'],
      pain: 'Ból (0-10) / Ból',
    },
  };
  for (const id of [formId, next]) {
    const { header, rows } = await download(owner, `/api/form_data/csv/${id}`);
    assert.deepEqual(header.slice(FIXED.length + POINTS.length), expected[id]!.header);
    const byId = new Map(rows.map((row) => [row['Id wypełnienia'], row]));
    assert.deepEqual(
      [annas, later].map((filled) => {
        const row = byId.get(String(filled))!;
        return [row['Wersja formularza'], row[expected[id]!.pain], row.Sen, row['Data wizyty']];
      }),
      [
        ['1', '7,5', '', '2026/06/01'],
        ['2', '2', '6', ''],
      ],
    );
  }
});

async function newEdition(owner: Headers, formId: number, layoutFields: TemplateField[]) {
  assert.equal((await call('PUT', `/api/forms/${formId}/deactivate`, owner)).statusCode, 204);
  const edited = await call('PUT', `/api/forms/${formId}`, owner, formPayload(layoutFields));
  assert.equal(edited.statusCode, 200, edited.body);
  const { id } = savedFormRef.parse(edited.json());
  assert.equal((await call('PUT', `/api/forms/${id}/activate`, owner)).statusCode, 204);
  return id;
}

test('a patient exports only their own answers, without points, and personal data of themselves', async () => {
  const { anna, bartek, celina, owner, ids, formId, annas, bartkas, missed } = await filledForm();

  const own = await download(
    anna,
    resultsCsvPath(formId, { includePersonalData: true, includeMissingData: true }),
  );
  assert.deepEqual(own.header, [...FIXED, ...PERSONAL, ...ANSWERS]);
  assert.deepEqual(
    own.rows.map((row) => [row['Id wypełnienia'], row.Nazwisko]),
    [[String(annas), 'Żółkiewska']],
  );

  const bartekOwn = await download(
    bartek,
    `/api/form_data/csv/${formId}?includeMissingData=true&personId=${ids.bartek}`,
  );
  assert.deepEqual(
    bartekOwn.rows.map((row) => row['Id wypełnienia']),
    [String(bartkas), String(missed)],
  );

  const notFound = async (headers: Headers, url: string) => {
    const response = await call('GET', url, headers);
    assert.equal(response.statusCode, 404, response.body);
    assert.equal(apiError.parse(response.json()).code, 'form-not-found');
  };
  // Someone else's answers, and a form never assigned to the patient.
  await notFound(anna, `/api/form_data/csv/${formId}?personId=${ids.bartek}`);
  await notFound(celina, `/api/form_data/csv/${formId}`);

  // Made a member of the form's project, which opens all its forms to its members: her own export.
  const { group_id: groupId } = await db
    .selectFrom('forms')
    .select('group_id')
    .where('id', '=', formId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('form_groups')
    .set({ enable_all_form_access: true })
    .where('id', '=', groupId!)
    .execute();
  const joined = await call('POST', `/api/form_group/person_to_groups/${ids.celina}`, owner, [groupId]);
  assert.equal(joined.statusCode, 200, joined.body);
  const celinaOwn = await download(celina, `/api/form_data/csv/${formId}`);
  assert.deepEqual(celinaOwn.rows, []);
});

test('another organization, or a form that does not exist, is not found', async () => {
  const { formId } = await filledForm();
  const other = await organization('Beta');
  for (const url of [`/api/form_data/csv/${formId}`, '/api/form_data/csv/999999']) {
    const response = await call('GET', url, other.owner);
    assert.equal(response.statusCode, 404, response.body);
    assert.equal(apiError.parse(response.json()).code, 'form-not-found');
  }
  const anonymous = await call('GET', `/api/form_data/csv/${formId}`, {});
  assert.equal(anonymous.statusCode, 401);
});

test('an export larger than a batch has every row exactly once, in order', async () => {
  const { owner, organizationId, ids, formId, annas, bartkas } = await filledForm();
  const extra = EXPORT_BATCH_SIZE * 2 + 1;
  await sql`
    insert into form_data (organization_id, form_id, user_id, state, answers, total_weight, completed_at)
    select ${organizationId}, ${formId}, ${ids.bartek}, 'COMPLETED',
           jsonb_build_object('data', jsonb_build_object('name', 'osoba ' || n), 'arrayData', '{}'::jsonb,
                              'noteData', '{}'::jsonb, 'fieldAlternativeAnswer', '{}'::jsonb),
           n, ${NOW}
    from generate_series(1, ${extra}) as n
  `.execute(db);
  const { rows } = await download(owner, `/api/form_data/csv/${formId}`);
  assert.equal(rows.length, extra + 2);
  const order = rows.map((row) => Number(row['Id wypełnienia']));
  assert.deepEqual(order.slice(0, 2), [annas, bartkas]);
  assert.ok(order.every((id, index) => index === 0 || id > order[index - 1]!));
  assert.equal(rows.at(-1)!.Imię, `osoba ${extra}`);
});
