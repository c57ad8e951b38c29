import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import { resultsCsvPath } from '@formularze/domain/schemas/results-csv';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { readExportedCsv } from '../../test/csv';
import { activeFormThroughApi, type Headers, setupClockedApi } from '../../test/requests';
import { safeText } from './csv-cells';

/**
 * Properties of the exported file, through the real route: any text a person typed comes back
 * from a CSV parser exactly (neutralised with an apostrophe when a spreadsheet would run it), and
 * personal data appears only where the caller may have it.
 */

const NOW = new Date('2026-06-10T10:00:00Z');
const { db, app } = await setupClockedApi(() => NOW);

const FIELDS: TemplateField[] = [
  { id: 'complaint', type: 'TEXT', label: 'Dolegliwość', size: 200, maxRows: 1 },
  { id: 'story', type: 'TEXTAREA', label: 'Opis', size: 200, noteEnabled: true },
];

interface Person {
  firstName: string;
  surname: string;
  email: string;
  phone: string;
  hospitalIdentifier: string;
  street: string;
  zipCode: string;
  city: string;
}

/** Personal data every value of which is unique to its person, so that it can be looked for in a file. */
const personalData = (key: string, phone: string): Person => ({
  firstName: `Imię${key}`,
  surname: `Nazwisko${key}`,
  email: `${key.toLowerCase()}@alfa.test`,
  phone,
  hospitalIdentifier: `SZP-${key}`,
  street: `Ulica${key} 1`,
  zipCode: `${key}-ZIP`,
  city: `Miasto${key}`,
});

async function person(organizationId: number, authorities: string, data: Person) {
  const id = await createUser(db, {
    email: data.email,
    phone: data.phone,
    authorities,
    organizationId,
    firstName: data.firstName,
    surname: data.surname,
  });
  await db
    .updateTable('users')
    .set({
      hospital_identifier: data.hospitalIdentifier,
      address: JSON.stringify({ street: data.street, city: data.city, zipCode: data.zipCode }),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** An organization with an active form of FIELDS assigned to Anna and Bartek (Celina is not). */
async function organizationWithForm() {
  const organizationId = await createOrganization(db, { name: 'Alfa' });
  const people = {
    owner: personalData('OWN', '+48600000001'),
    editor: personalData('EDI', '+48600000002'),
    anna: personalData('ANN', '+48600000003'),
    bartek: personalData('BAR', '+48600000004'),
    celina: personalData('CEL', '+48600000005'),
  };
  const ids = {
    owner: await person(organizationId, 'ROLE_OWNER', people.owner),
    editor: await person(organizationId, 'ROLE_EDITOR', people.editor),
    anna: await person(organizationId, 'ROLE_USER', people.anna),
    bartek: await person(organizationId, 'ROLE_USER', people.bartek),
    celina: await person(organizationId, 'ROLE_USER', people.celina),
  };
  const headers = {
    owner: await signInFromNewAddress(app, { email: people.owner.email }),
    editor: await signInFromNewAddress(app, { email: people.editor.email }),
    anna: await signInFromNewAddress(app, { username: people.anna.email }),
    bartek: await signInFromNewAddress(app, { username: people.bartek.email }),
    celina: await signInFromNewAddress(app, { username: people.celina.email }),
  };
  const formId = await activeFormThroughApi(
    app,
    db,
    headers.owner,
    { name: 'Wywiad', layoutElementObject: { type: 'FORM', children: [{ type: 'ROW', children: FIELDS }] } },
    {
      groupId: await createFormGroup(db, { organizationId }),
      patients: [ids.anna, ids.bartek],
      validSince: '2026-06-10',
    },
  );
  return { formId, ids, headers, people };
}

async function submit(headers: Headers, formId: number, complaint: string, story: string, note: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/form_data/',
    headers,
    payload: { formId, data: { complaint, story }, noteData: { story: note } },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<{ id: number }>().id;
}

/** The export as a spreadsheet would read it: records of cells, by a parser the product does not use to write. */
async function exported(headers: Headers, url: string) {
  const response = await app.inject({ url, headers });
  if (response.statusCode !== 200) return { status: response.statusCode, text: response.body, rows: [] };
  const { rows } = readExportedCsv(response.rawPayload);
  return { status: 200, text: response.rawPayload.toString('utf8'), rows };
}

/** Characters that a CSV writer must quote or a spreadsheet would run, mixed with any other text. */
const CSV_SPECIALS = [
  '"',
  ',',
  ';',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '=',
  '+',
  '-',
  '@',
  "'",
  ' ',
  'ż',
  '😷',
  '\u2028',
];
const cellText = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...CSV_SPECIALS), minLength: 1, maxLength: 12 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
    fc
      .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string({ unit: 'binary', maxLength: 20 }))
      .map(([start, rest]) => `${start}${rest}`),
  )
  // PostgreSQL text cannot hold NUL; texts that are only blanks are no answer.
  .filter((text) => !text.includes('\u0000') && text.trim() !== '');

test('any typed text comes back from the file exactly, neutralised only where it would start a formula', async () => {
  const { formId, headers } = await organizationWithForm();
  await fc.assert(
    fc.asyncProperty(cellText, cellText, cellText, async (complaint, story, note) => {
      const id = await submit(headers.anna, formId, complaint, story, note);
      const { rows } = await exported(headers.owner, `/api/form_data/csv/${formId}`);
      const row = rows.find((candidate) => candidate['Id wypełnienia'] === String(id));
      assert.ok(row, `row ${id}`);
      assert.deepEqual(
        [row.Dolegliwość, row.Opis, row['Opis - uwaga']],
        [complaint, story, note].map(safeText),
      );
      for (const text of [row.Dolegliwość!, row.Opis!, row['Opis - uwaga']!]) {
        assert.doesNotMatch(text, /^[=+\-@\t\r]/, 'no cell starts a formula');
      }
    }),
    { numRuns: 60 },
  );
});

test('personal data appears only when asked for, and a patient only ever sees their own', async () => {
  const { formId, ids, headers, people } = await organizationWithForm();
  await submit(headers.anna, formId, 'ból głowy', 'od rana', '');
  await submit(headers.bartek, formId, 'kaszel', 'od tygodnia', '');
  const personalValues = (key: keyof typeof people) => Object.values(people[key]);
  const callers = ['owner', 'editor', 'anna', 'bartek', 'celina'] as const;
  const patients = ['anna', 'bartek'] as const;

  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...callers),
      fc.boolean(),
      fc.boolean(),
      fc.option(fc.constantFrom(...patients, 'celina' as const), { nil: undefined }),
      async (caller, includePersonalData, includeMissingData, chosen) => {
        const url = resultsCsvPath(formId, {
          includePersonalData,
          includeMissingData,
          ...(chosen && { personId: ids[chosen] }),
        });
        const { status, text, rows } = await exported(headers[caller], url);
        const isStaff = caller === 'owner' || caller === 'editor';
        if (!isStaff && (caller === 'celina' || (chosen && chosen !== caller))) {
          assert.equal(status, 404, `${caller} ${url}`);
          return;
        }
        assert.equal(status, 200, `${caller} ${url}: ${text}`);
        const rowOwners = new Set(rows.map((row) => row['Id osoby']));
        for (const key of Object.keys(people) as (keyof typeof people)[]) {
          const mayAppear =
            includePersonalData && rowOwners.has(String(ids[key])) && (isStaff || key === caller);
          for (const value of personalValues(key)) {
            if (mayAppear) assert.ok(text.includes(value.replace(/^\+/, "'+")), `${caller} ${url}: ${value}`);
            else
              assert.ok(!text.includes(value.replace(/^\+/, '')), `${caller} ${url} must not hold ${value}`);
          }
        }
        if (!isStaff) assert.deepEqual([...rowOwners], [String(ids[caller])]);
      },
    ),
    { numRuns: 60 },
  );
});
