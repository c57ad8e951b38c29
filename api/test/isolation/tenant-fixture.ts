import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import type { FormPayload } from '@formularze/domain/schemas/forms';
import { buildApp, type AppOptions } from '../../src/app';
import type { Database } from '../../src/db/schema';
import {
  createFormGroup,
  createOrganization,
  createTerms,
  createUser,
  setupTestDatabase,
  signInFromNewAddress,
  testConfig,
} from '../helpers';
import { activeFormThroughApi } from '../requests';
import { multipart, SAMPLES } from '../uploads-fixture';

export type Headers = Record<string, string>;
export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** Wednesday 10 June 2026, 12:00 in Warsaw: inside the scheduled form's Wednesday window. */
export const NOW = new Date('2026-06-10T10:00:00Z');

/** The app on the test database at a fixed time; closed after the file. */
export async function isolationTestApp(
  db: Kysely<Database>,
  options: Pick<AppOptions, 'logger' | 'operatorToken'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ db, config: await testConfig(), clock: () => NOW, ...options });
  after(() => app.close());
  await app.ready();
  return app;
}

/** The file's test database (as setupTestDatabase) and the app on it at a fixed time (as isolationTestApp). */
export async function setupIsolationDatabaseAndApp(
  options: Pick<AppOptions, 'logger' | 'operatorToken'> = {},
) {
  const db = await setupTestDatabase();
  return { db, app: await isolationTestApp(db, options) };
}

export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  headers: Headers,
  body?: unknown,
) {
  return app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}

async function expectStatus(response: Awaited<ReturnType<typeof call>>, status: number) {
  assert.equal(response.statusCode, status, response.body);
  return response.json<{ id: number | string; tokenId: number }>();
}

/** Test kits must have prices before anyone can put them in a cart. */
export async function insertPriceList(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('test_kit_prices')
    .values([
      {
        test_type: 'SMELL_TEST',
        description: 'Tylko węch',
        unit_price: 7000,
        vat_rate: 8,
        currency: 'PLN',
        position: 1,
      },
    ])
    .execute();
}

/** Every kind of resource organization A owns, by the name the operation table uses. */
export interface TenantAResources {
  organization: number;
  terms: number;
  /** The assigned patient and the editor. */
  person: number[];
  /** The unscheduled form (draft and completed answers) and the scheduled one. */
  form: number[];
  /** The bag (editions) of the unscheduled form. */
  bag: number;
  project: number;
  /** A draft and a completed filling (with a file and a note). */
  filledData: number[];
  uploadedFile: string;
  slot: number;
  cartItem: number;
  apiKey: number;
  savedField: number;
}

export interface TenantWorld {
  /** Written into every text of A that outsiders must never see. */
  marker: string;
  a: TenantAResources & {
    owner: Headers;
    patient: Headers;
    patientEmail: string;
    /** A patient of A who accepted A's terms but is assigned to none of A's forms or projects. */
    unassignedPatient: Headers;
    unassignedPatientId: number;
  };
  b: { organization: number; owner: Headers; editor: Headers; patient: Headers; patientId: number };
}

const secretFields = (marker: string): TemplateField[] => [
  { id: 'opis', type: 'TEXT', label: `Opis ${marker}`, size: 200, maxRows: 1, noteEnabled: true },
  { id: 'skan', type: 'FILE', label: `Skan ${marker}`, maxNumberOfFiles: 1, fileType: 'Document' },
];

const formPayload = (marker: string, overrides: Partial<FormPayload> = {}): FormPayload => ({
  name: `Ankieta ${marker}`,
  layoutElementObject: { type: 'FORM', children: [{ type: 'ROW', children: secretFields(marker) }] },
  allowDrafting: true,
  ...overrides,
});

/**
 * Organization A with one of every resource, each carrying a unique marker, and organization B
 * with an owner, an editor and a patient. Terms and the organization's own name carry no marker:
 * every patient of A reads them by design.
 */
export async function buildTenantWorld(app: FastifyInstance, db: Kysely<Database>): Promise<TenantWorld> {
  const marker = `TAJNE-A-${randomBytes(6).toString('hex')}`;
  await insertPriceList(db);

  const organization = await createOrganization(db, { name: 'Przychodnia A' });
  const userOfA = (login: string, authorities: string, surname: string) =>
    createUser(db, {
      email: `${login}@a.test`,
      authorities,
      organizationId: organization,
      firstName: login,
      surname,
    });
  await userOfA('owner', 'ROLE_OWNER', `Właściciel ${marker}`);
  const editorId = await userOfA('editor', 'ROLE_EDITOR', `Lekarz ${marker}`);
  const patientId = await userOfA('patient', 'ROLE_USER', `Pacjent ${marker}`);
  // The unassigned patient's own name carries no marker: they read their own profile.
  const unassignedPatientId = await userOfA('outsider', 'ROLE_USER', 'Niezapisany');
  await db
    .updateTable('users')
    .set({ hospital_identifier: `H-${marker}`, phone: '+48600111222' })
    .where('id', '=', patientId)
    .execute();

  const owner = await signInFromNewAddress(app, { email: 'owner@a.test' });
  const patient = await signInFromNewAddress(app, { username: 'patient@a.test' });
  const unassignedPatient = await signInFromNewAddress(app, { username: 'outsider@a.test' });

  const terms = await createTerms(db, { organizationId: organization, name: 'Regulamin A' });
  for (const headers of [patient, unassignedPatient]) {
    const accepted = await call(app, 'PUT', `/api/organizations/terms/${terms}/accept`, headers);
    assert.equal(accepted.statusCode, 204, accepted.body);
  }

  const project = await createFormGroup(db, { organizationId: organization, name: `Projekt ${marker}` });
  await db
    .updateTable('form_groups')
    .set({ internal_description: `Opis projektu ${marker}` })
    .where('id', '=', project)
    .execute();
  const members = await call(app, 'PUT', `/api/form_group/${project}/allowed_users`, owner, [
    { userId: patientId, selected: true },
    { userId: editorId, selected: true },
  ]);
  assert.equal(members.statusCode, 200, members.body);

  /** A form of the project, assigned to the patient, then activated. */
  const activeForm = (overrides: Partial<FormPayload> = {}) =>
    activeFormThroughApi(app, db, owner, formPayload(marker, overrides), {
      groupId: project,
      patients: [patientId],
      validSince: '2026-06-10',
      validTo: '2026-06-20',
    });
  const form = await activeForm();
  const scheduledForm = await activeForm({
    name: `Ankieta cykliczna ${marker}`,
    schedule: {
      one: true,
      multi: false,
      startDate: '2026-06-08',
      endDate: '2026-06-14',
      timePeriods: [{ dayOfWeek: 'WEDNESDAY', startTime: '11:00', endTime: '13:00' }],
      selectedDays: ['WEDNESDAY'],
    },
  });
  const { bag_id: bag } = await db
    .selectFrom('forms')
    .select('bag_id')
    .where('id', '=', form)
    .executeTakeFirstOrThrow();
  const { id: slot } = await db
    .selectFrom('scheduled_forms')
    .select('id')
    .where('form_id', '=', scheduledForm)
    .where('user_id', '=', patientId)
    .orderBy('starts_at')
    .executeTakeFirstOrThrow();

  const file = multipart(`${marker}.pdf`, Buffer.concat([SAMPLES.pdf, Buffer.from(`% ${marker}\n`)]));
  const { id: uploadedFile } = await expectStatus(
    await app.inject({
      method: 'POST',
      url: '/api/form_data/upload_file',
      payload: file.payload,
      headers: { ...patient, ...file.headers },
    }),
    201,
  );
  const completed = await expectStatus(
    await call(app, 'POST', '/api/form_data/', patient, {
      formId: form,
      data: { opis: `Odpowiedź ${marker}` },
      noteData: { opis: `Notatka ${marker}` },
      filesDataUUID: { skan: [String(uploadedFile)] },
    }),
    201,
  );
  // Scored, as a scored form's filling is, so the project's score trends name the patient.
  await db.updateTable('form_data').set({ total_weight: 7 }).where('id', '=', Number(completed.id)).execute();
  const draft = await expectStatus(
    await call(app, 'POST', '/api/form_data/?draft=true', patient, {
      formId: form,
      data: { opis: `Szkic ${marker}` },
    }),
    201,
  );
  const cartItem = await expectStatus(
    await call(app, 'POST', '/api/cart', patient, {
      elements: [{ testType: 'SMELL_TEST', amount: 1 }],
      deliveryInfo: { name: `Adresat ${marker}`, street: 'Jasna 1', zipCode: '00-950', city: 'Warszawa' },
      billingInfo: { name: `Płatnik ${marker}` },
    }),
    201,
  );
  const apiKey = await expectStatus(
    await call(app, 'POST', '/employees/v1/tokens', owner, {
      label: `Klucz ${marker}`,
      expires: '2126-01-01T00:00:00Z',
    }),
    201,
  );
  const { id: savedField } = await db
    .insertInto('saved_fields')
    .values({
      organization_id: organization,
      label: `Słownik ${marker}`,
      dictionary: JSON.stringify({ type: 'string', dictionaryValues: [{ stringValue: marker, weight: 0 }] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // B's editors hold every editor permission, so more of their calls reach the data checks.
  const organizationB = await createOrganization(db, {
    name: 'Przychodnia B',
    editorsCanManageForms: true,
    editorsCanManageUsers: true,
  });
  const userOfB = (login: string, authorities: string) =>
    createUser(db, { email: `${login}@b.test`, authorities, organizationId: organizationB });
  await userOfB('owner', 'ROLE_OWNER');
  await userOfB('editor', 'ROLE_EDITOR');
  const patientOfB = await userOfB('patient', 'ROLE_USER');

  return {
    marker,
    a: {
      organization,
      terms,
      person: [patientId, editorId],
      form: [form, scheduledForm],
      bag,
      project,
      filledData: [Number(draft.id), Number(completed.id)],
      uploadedFile: String(uploadedFile),
      slot,
      cartItem: Number(cartItem.id),
      apiKey: apiKey.tokenId,
      savedField,
      owner,
      patient,
      patientEmail: 'patient@a.test',
      unassignedPatient,
      unassignedPatientId,
    },
    b: {
      organization: organizationB,
      owner: await signInFromNewAddress(app, { email: 'owner@b.test' }),
      editor: await signInFromNewAddress(app, { email: 'editor@b.test' }),
      patient: await signInFromNewAddress(app, { username: 'patient@b.test' }),
      patientId: patientOfB,
    },
  };
}
