import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccessAuditEntry, MyDataViewer } from '@formularze/domain/schemas/access-audit';
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
    ofPatient.content.map((entry) => entry.operation),
    ['filled-data.read', 'person.details'],
    "the owner's reads of the patient, newest first",
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

test("the super-admin reads the platform's events, none of an organization's", async () => {
  const { a } = await buildTenantWorld(app, db);
  await call(app, 'GET', `/api/persons/${a.person[0]}`, a.owner);
  const headers = await superAdminHeaders(app, db);
  const response = await call(app, 'GET', '/api/admin/access_audit', headers);
  assert.equal(response.statusCode, 200, response.body);
  const events = response.json<Page<AccessAuditEntry>>().content;
  assert.deepEqual(
    events.map((entry) => [entry.operation, entry.actor?.id]),
    [['auth.login', await userId('root@platform.test')]],
  );
  assert.equal((await call(app, 'GET', '/api/admin/access_audit', a.owner)).statusCode, 401);
  assert.equal((await call(app, 'GET', '/api/access_audit', headers)).statusCode, 401);
});
