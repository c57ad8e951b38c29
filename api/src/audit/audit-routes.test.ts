import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  PLATFORM_OPERATIONS,
  type AccessAuditEntry,
  type MyDataViewer,
  type PlatformEvent,
} from '@formularze/domain/schemas/access-audit';
import { buildTenantWorld, call, isolationTestApp } from '../../test/isolation/tenant-fixture';
import { setupTestDatabase, superAdminHeaders } from '../../test/helpers';

const db = await setupTestDatabase();
const app = await isolationTestApp(db);

type Page<T> = { content: T[]; totalElements: number; page: number; pageSize: number };

const userId = async (email: string) =>
  (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

test("the owner's trail: filtered by patient, staff member, operation and period, paged, newest first", async () => {
  const { a, b } = await buildTenantWorld(app, db);
  const owner = await userId('owner@a.test');
  const patient = a.person[0]!;
  await call(app, 'GET', `/api/persons/${patient}`, a.owner);
  await call(app, 'GET', `/api/form_data/${a.filledData[1]}`, a.owner);
  await call(app, 'GET', `/api/persons/${b.patientId}`, b.owner);

  const trail = async (query: string) => {
    const response = await call(app, 'GET', `/api/access_audit?${query}`, a.owner);
    assert.equal(response.statusCode, 200, response.body);
    return response.json<Page<AccessAuditEntry>>();
  };
  const ofPatient = await trail(`patientId=${patient}&actorId=${owner}`);
  assert.deepEqual(
    ofPatient.content.slice(0, 3).map((entry) => entry.operation),
    ['filled-data.read', 'person.details', 'access.change'],
    "the owner's reads of the patient, newest first, after giving them their forms",
  );
  const [newest] = ofPatient.content;
  assert.equal(newest!.actor?.id, owner);
  assert.match(newest!.actor?.name ?? '', /^owner Właściciel/);
  assert.equal(newest!.requestId !== null && newest!.ip !== null, true);

  assert.deepEqual(
    (await trail('operation=person.details')).content.map((entry) => entry.patientIds),
    [[patient]],
    "another organization's entries are not in the trail",
  );
  const paged = await trail('pageSize=1&page=1&sortBy=occurredAt');
  assert.equal(paged.content.length, 1);
  assert.ok(paged.totalElements > 2, 'the sign-ins of the world count too');
  assert.deepEqual((await trail('from=2999-01-01T00:00:00Z')).content, []);
  assert.equal((await trail('to=2000-01-01T00:00:00Z')).totalElements, 0);
  const refused = await call(app, 'GET', '/api/access_audit?operation=nothing', a.owner);
  assert.equal(refused.statusCode, 400);
});

test("the trail's CSV export holds the filtered entries and is itself recorded", async () => {
  const { a } = await buildTenantWorld(app, db);
  const patient = a.person[0]!;
  await call(app, 'GET', `/api/persons/${patient}`, a.owner);
  await call(app, 'GET', `/api/persons/${patient}`, a.owner);
  const response = await call(app, 'GET', `/api/access_audit/csv?operation=person.details`, a.owner);
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-disposition']), /dziennik-dostepu\.csv/);
  const lines = response.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  assert.equal(
    lines[0],
    'Czas;Kto;Rola;Operacja;Pacjenci;Zasób;Szczegóły;Liczba wierszy;Adres IP;Przeglądarka;Identyfikator żądania',
  );
  assert.equal(lines.length, 3);
  assert.ok(
    lines.slice(1).every((line) => line.includes(';Dane osoby;')),
    lines.join('\n'),
  );

  const exports = await call(app, 'GET', '/api/access_audit?operation=audit.export', a.owner);
  const [entry] = exports.json<Page<AccessAuditEntry>>().content;
  assert.deepEqual(entry?.details, { operation: 'person.details' });
  assert.equal(entry?.rowCount, 2);
  assert.deepEqual(entry?.patientIds, [patient]);
});

test('a patient sees who at the organization read their data, never from where, and not their own reads', async () => {
  const { a } = await buildTenantWorld(app, db);
  const patient = a.person[0]!;
  await call(app, 'GET', `/api/persons/${patient}`, a.owner);
  await call(app, 'GET', `/api/form_data/${a.filledData[1]}`, a.patient);
  const response = await call(app, 'GET', '/api/persons/my/data_views', a.patient);
  assert.equal(response.statusCode, 200, response.body);
  const views = response.json<Page<MyDataViewer>>();
  const owner = await userId('owner@a.test');
  assert.deepEqual(
    views.content.map((view) => view.viewer.id),
    [owner],
    "the owner once; the patient's own read is not there",
  );
  assert.equal(views.content[0]?.operation, 'person.details');
  assert.equal(views.content[0]?.viewer.role, 'ROLE_OWNER');
  assert.ok(!response.body.includes('127.0.0.1') && !response.body.includes('"ip"'), response.body);

  const other = await call(app, 'GET', '/api/persons/my/data_views', a.unassignedPatient);
  assert.deepEqual(other.json<Page<MyDataViewer>>().content, [], "another patient's reads are not theirs");
});

test("the super-admin reads the platform's events across organizations, never a patient's data", async () => {
  const { a, b, marker } = await buildTenantWorld(app, db);
  const patient = a.person[0]!;
  const patientIds = [...a.person, a.unassignedPatientId, b.patientId];
  // Reads and changes of patients' data, by staff of both organizations.
  await call(app, 'GET', `/api/persons/${patient}`, a.owner);
  await call(app, 'GET', `/api/form_data/${a.filledData[1]}`, a.owner);
  await call(app, 'GET', `/api/form_data/person_overview/${patient}`, a.owner);
  await call(app, 'GET', `/api/persons/${b.patientId}`, b.owner);
  await call(app, 'PUT', `/api/forms/person_to_forms/${a.unassignedPatientId}`, a.owner, {
    allow: [a.form[0]],
    disallow: [],
  });
  await call(app, 'GET', '/api/access_audit/csv', a.owner);
  // A patient's own sign-in and lockout are theirs, not the platform's.
  const patientEmail = a.patientEmail;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    await app.inject({
      method: 'POST',
      url: '/employees/v1/login',
      payload: { email: patientEmail, password: 'Złe-hasło-1' },
      remoteAddress: `10.77.0.${attempt}`,
    });
  }
  const ownerOfA = await userId('owner@a.test');
  const headers = await superAdminHeaders(app, db);
  const root = await userId('root@platform.test');

  const events = async (query = '') => {
    const response = await call(app, 'GET', `/api/admin/access_audit?pageSize=100&${query}`, headers);
    assert.equal(response.statusCode, 200, response.body);
    for (const text of [`Pacjent ${marker}`, `H-${marker}`, `Ankieta ${marker}`, `Opis ${marker}`]) {
      assert.ok(!response.body.includes(text), `nothing of patient data: ${text}`);
    }
    assert.ok(!response.body.includes('patientIds'), 'no patients named');
    return response.json<Page<PlatformEvent>>();
  };
  const all = await events();
  const operations = new Set(all.content.map((event) => event.operation));
  for (const operation of operations) {
    assert.ok(
      (PLATFORM_OPERATIONS as readonly string[]).includes(operation),
      `${operation} is a platform event`,
    );
  }
  assert.ok(
    all.content.every((event) => !event.actor || !patientIds.includes(event.actor.id)),
    "no patient's sign-in or lockout",
  );
  assert.ok(
    all.content.some((event) => event.operation === 'auth.login' && event.actor?.id === root),
    "the super-admin's own sign-in",
  );
  const staffLogin = all.content.find(
    (event) => event.operation === 'auth.login' && event.actor?.id === ownerOfA,
  );
  assert.equal(
    staffLogin?.organization?.id,
    a.organization,
    "a staff member's sign-in, with its organization",
  );
  assert.ok(staffLogin?.organization?.name, "the organization's name");

  const ofA = await events(`organizationId=${a.organization}`);
  assert.ok(ofA.content.length > 0);
  assert.ok(ofA.content.every((event) => event.organization?.id === a.organization));
  const logins = await events(`operation=auth.login&organizationId=${b.organization}`);
  assert.ok(logins.content.length > 0);
  assert.ok(logins.content.every((event) => event.operation === 'auth.login'));
  const future = await events(`from=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
  assert.equal(future.totalElements, 0);
  const paged = await call(app, 'GET', '/api/admin/access_audit?pageSize=1&page=1', headers);
  assert.equal(paged.json<Page<PlatformEvent>>().content.length, 1);
  assert.equal(paged.json<Page<PlatformEvent>>().totalElements, all.totalElements);
  const asked = await call(app, 'GET', '/api/admin/access_audit?operation=person.details', headers);
  assert.equal(asked.statusCode, 400, 'a patient-data operation is not a filter of the platform events');

  assert.equal((await call(app, 'GET', '/api/admin/access_audit', a.owner)).statusCode, 401);
  assert.equal((await call(app, 'GET', '/api/access_audit', headers)).statusCode, 401);
});
