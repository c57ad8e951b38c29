import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { buildTenantWorld, isolationTestApp, type TenantWorld } from '../../test/isolation/tenant-fixture';
import { asOwner, createUser, setupTestDatabase, TEST_PASSWORD } from '../../test/helpers';

/**
 * Every staff read of a patient's data, every sign-in, sign-out and lockout, and every change of
 * roles leaves an entry in the access audit trail naming who, what, from where and the request id
 * of the server's log lines (ADR 415); an entry that cannot be written fails the request.
 */
const db = await setupTestDatabase();
const logLines: { reqId?: string }[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  }),
);
const app = await isolationTestApp(db, { logger });

const CLIENT = { remoteAddress: '10.20.30.40', userAgent: 'Przeglądarka-testowa/1.0' };

async function request(options: InjectOptions) {
  return app.inject({
    remoteAddress: CLIENT.remoteAddress,
    ...options,
    headers: { 'user-agent': CLIENT.userAgent, ...options.headers },
  });
}

/** The entries written while `work` ran, oldest first. */
async function entriesDuring(work: () => Promise<unknown>) {
  const last = await db
    .selectFrom('access_audit')
    .select(sql<string>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirst();
  await work();
  return db
    .selectFrom('access_audit')
    .selectAll()
    .where('id', '>', last?.id ?? 0)
    .orderBy('id')
    .execute();
}

const userId = async (email: string) =>
  (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

let world: TenantWorld;

test("staff reads of patients' data are recorded with who, what, the filter, the row count, where from and the request id", async () => {
  world = await buildTenantWorld(app, db);
  const { a } = world;
  const owner = await userId('owner@a.test');
  const patient = a.person[0]!;
  const reads: { operation: string; options: InjectOptions; rows: number; details?: object }[] = [
    {
      operation: 'results.list',
      options: {
        method: 'POST',
        url: '/api/form_data/latest_for_projects_and_users',
        payload: { pageSize: 50 },
      },
      rows: 1,
      details: { pageSize: 50 },
    },
    {
      operation: 'results.form',
      options: { method: 'POST', url: `/api/form_data/by_form_id_extended/${a.form[0]}`, payload: {} },
      rows: 1,
    },
    {
      operation: 'results.form',
      options: { method: 'GET', url: `/api/form_data/by_form_id/${a.form[0]}` },
      rows: 2,
    },
    {
      operation: 'filled-data.read',
      options: { method: 'GET', url: `/api/form_data/${a.filledData[1]}` },
      rows: 1,
    },
    {
      operation: 'person.overview',
      options: { method: 'GET', url: `/api/form_data/person_overview/${patient}` },
      rows: 2,
    },
    { operation: 'person.details', options: { method: 'GET', url: `/api/persons/${patient}` }, rows: 1 },
    {
      operation: 'results.csv',
      options: { method: 'GET', url: `/api/form_data/csv/${a.form[0]}?includePersonalData=true` },
      rows: 1,
      details: { includePersonalData: 'true' },
    },
    {
      operation: 'file.download',
      options: { method: 'GET', url: `/api/form_data/serve_file/${a.uploadedFile}` },
      rows: 1,
    },
  ];
  for (const { operation, options, rows, details } of reads) {
    let status = 0;
    const entries = await entriesDuring(async () => {
      status = (await request({ ...options, headers: a.owner })).statusCode;
    });
    assert.equal(status, 200, operation);
    assert.equal(entries.length, 1, `${operation}: one entry`);
    const [entry] = entries;
    assert.equal(entry!.operation, operation);
    assert.equal(entry!.organization_id, a.organization, operation);
    assert.equal(entry!.actor_user_id, owner, operation);
    assert.equal(entry!.actor_role, 'ROLE_OWNER', operation);
    assert.equal(entry!.actor_organization_id, a.organization, operation);
    assert.ok(entry!.patient_ids.includes(patient), `${operation} names the patient`);
    assert.equal(entry!.row_count, rows, `${operation}: row count`);
    if (details) assert.deepEqual(entry!.details, details, `${operation}: filter`);
    assert.equal(entry!.ip, CLIENT.remoteAddress);
    assert.equal(entry!.user_agent, CLIENT.userAgent);
    assert.ok(
      logLines.some((line) => line.reqId === entry!.request_id),
      `${operation}: the request id ${entry!.request_id} is that of the server's log lines`,
    );
  }
});

test("the adherence grids and a project's score trends record the patients of the page they show", async () => {
  world = await buildTenantWorld(app, db);
  const { a } = world;
  for (const url of [
    `/api/form_data/adherence/${a.form[1]}?period=all`,
    `/api/form_data/project_adherence/${a.project}?period=all`,
    `/api/form_data/project_score_trends/${a.project}`,
  ]) {
    let shown: number[] = [];
    const entries = await entriesDuring(async () => {
      const response = await request({ method: 'GET', url, headers: a.owner });
      assert.equal(response.statusCode, 200, response.body);
      shown = response.json<{ content: { person: { id: number } }[] }>().content.map((row) => row.person.id);
    });
    assert.deepEqual(
      entries.map((entry) => [entry.operation, entry.patient_ids, entry.row_count]),
      [['results.list', [...new Set(shown)], shown.length]],
      url,
    );
    assert.ok(
      url.includes('score_trends') || shown.includes(a.person[0]!),
      `${url} shows the assigned patient`,
    );
  }
});

test("a rule back-test and a form's refused submissions record whom they name", async () => {
  world = await buildTenantWorld(app, db);
  const { a } = world;
  const backtest = await entriesDuring(async () => {
    const response = await request({
      method: 'POST',
      url: `/api/forms/${a.form[0]}/rules/backtest`,
      headers: a.owner,
      payload: {
        layoutElementObject: { type: 'FORM', children: [] },
        formRules: [{ operator: 'GREATER_THAN', arg1: -1, text: 'Każdy wynik' }],
        period: 'all',
      },
    });
    assert.equal(response.statusCode, 200, response.body);
  });
  assert.deepEqual(
    backtest.map((entry) => [entry.operation, entry.patient_ids, entry.row_count, entry.details]),
    [['results.list', [a.person[0]], 1, { period: 'all' }]],
  );
  const refused = await entriesDuring(() =>
    request({ method: 'GET', url: `/api/form_data/refused_submissions/${a.form[0]}`, headers: a.owner }),
  );
  assert.deepEqual(
    refused.map((entry) => [entry.operation, entry.resource_ids, entry.row_count]),
    [['results.list', [String(a.form[0])], 0]],
  );
});

test('the lists of members, and of those allowed to a form or project, record whom they showed', async () => {
  world = await buildTenantWorld(app, db);
  let shown: number[] = [];
  const entries = await entriesDuring(async () => {
    const response = await request({
      method: 'GET',
      url: '/api/v2/persons?pageSize=5',
      headers: world.a.owner,
    });
    assert.equal(response.statusCode, 200, response.body);
    shown = response.json<{ content: { id: number }[] }>().content.map((member) => member.id);
  });
  assert.ok(shown.includes(world.a.person[0]!));
  assert.deepEqual(
    entries.map((entry) => [entry.operation, entry.patient_ids, entry.row_count]),
    [['person.list', shown, shown.length]],
  );
  assert.equal((entries[0]?.details as { pageSize?: number }).pageSize, 5);

  for (const [url, resource] of [
    [`/api/forms/${world.a.form[0]}/allowed_users`, 'form'],
    [`/api/form_group/${world.a.project}/allowed_users`, 'project'],
  ] as const) {
    let listed: number[] = [];
    const allowed = await entriesDuring(async () => {
      const response = await request({ method: 'GET', url, headers: world.a.owner });
      assert.equal(response.statusCode, 200, response.body);
      listed = response.json<{ userId: number }[]>().map((user) => user.userId);
    });
    assert.ok(listed.includes(world.a.person[0]!), url);
    assert.deepEqual(
      allowed.map((entry) => [entry.operation, entry.resource_type, entry.patient_ids, entry.row_count]),
      [['person.list', resource, listed, listed.length]],
    );
  }
});

test('a patient reading their own data leaves no entry', async () => {
  world = await buildTenantWorld(app, db);
  const entries = await entriesDuring(() =>
    request({ method: 'GET', url: `/api/form_data/${world.a.filledData[1]}`, headers: world.a.patient }),
  );
  assert.deepEqual(entries, []);
});

test('a read whose entry cannot be written fails, and gives nothing away', async () => {
  world = await buildTenantWorld(app, db);
  await asOwner(db, (owner) => sql`revoke insert on access_audit from formularze_app`.execute(owner));
  try {
    const response = await request({
      method: 'POST',
      url: '/api/form_data/latest_for_projects_and_users',
      payload: {},
      headers: world.a.owner,
    });
    assert.equal(response.statusCode, 500);
    assert.ok(!response.body.includes(world.marker), 'no patient data in the answer');
    const csv = await request({
      method: 'GET',
      url: `/api/form_data/csv/${world.a.form[0]}`,
      headers: world.a.owner,
    });
    assert.equal(csv.statusCode, 500, 'an export fails before its first byte');
    assert.ok(!csv.body.includes(world.marker));
  } finally {
    await asOwner(db, (owner) => sql`grant insert on access_audit to formularze_app`.execute(owner));
  }
});

test('signing in, signing out and a lockout are recorded in the account’s organization', async () => {
  const organization = (
    await db
      .insertInto('organizations')
      .values({ name: 'Przychodnia L' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const id = await createUser(db, {
    email: 'lekarz@l.test',
    authorities: 'ROLE_EDITOR',
    organizationId: organization,
  });
  let token = '';
  const signedIn = await entriesDuring(async () => {
    const response = await request({
      method: 'POST',
      url: '/employees/v1/login',
      payload: { email: 'lekarz@l.test', password: TEST_PASSWORD },
    });
    token = response.json<{ token: string }>().token;
  });
  assert.deepEqual(
    signedIn.map((entry) => [
      entry.operation,
      entry.organization_id,
      entry.actor_user_id,
      entry.actor_role,
      entry.ip,
    ]),
    [['auth.login', organization, id, 'ROLE_EDITOR', CLIENT.remoteAddress]],
  );
  const signedOut = await entriesDuring(() =>
    request({ method: 'POST', url: '/employees/v1/logout', headers: { 'x-auth-token': token } }),
  );
  assert.deepEqual(
    signedOut.map((entry) => [entry.operation, entry.actor_user_id]),
    [['auth.logout', id]],
  );

  const attempts = await entriesDuring(async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await request({
        method: 'POST',
        url: '/employees/v1/login',
        payload: { email: 'lekarz@l.test', password: 'Złe-hasło-1' },
        remoteAddress: `10.99.0.${attempt}`,
      });
    }
  });
  assert.deepEqual(
    attempts.map((entry) => [entry.operation, entry.organization_id, entry.patient_ids]),
    [['auth.lockout', organization, [id]]],
    'the failure that started the block, once',
  );
});

test("an owner's changes of roles and of what editors may do are recorded", async () => {
  world = await buildTenantWorld(app, db);
  const { a } = world;
  const added = await entriesDuring(() =>
    request({
      method: 'POST',
      url: `/api/organizations/${a.organization}/add_user`,
      headers: a.owner,
      payload: { firstName: 'Nowy', surname: 'Lekarz', mail: 'nowy@a.test', role: 'ROLE_EDITOR' },
    }),
  );
  const newcomer = await userId('nowy@a.test');
  assert.deepEqual(
    added.map((entry) => [entry.operation, entry.patient_ids, entry.details]),
    [['member.roles', [newcomer], { granted: ['ROLE_EDITOR'] }]],
  );
  const patient = a.person[0]!;
  const edited = await entriesDuring(async () => {
    const response = await request({
      method: 'PUT',
      url: `/api/persons/${patient}/update`,
      headers: a.owner,
      payload: {
        firstName: 'Maria',
        surname: 'Nowa',
        mail: 'patient@a.test',
        hospitalIdentifier: 'H-1',
        enableProfileDataEdition: false,
      },
    });
    assert.equal(response.statusCode, 200, response.body);
  });
  assert.deepEqual(
    edited.map((entry) => [entry.operation, entry.patient_ids, entry.details]),
    [
      [
        'person.change',
        [patient],
        { fields: ['enableProfileDataEdition', 'firstName', 'hospitalIdentifier', 'mail', 'surname'] },
      ],
      ['member.roles', [patient], { profileDataEdition: false }],
    ],
  );
  const removed = await entriesDuring(() =>
    request({ method: 'DELETE', url: `/api/v1/users/${newcomer}`, headers: a.owner }),
  );
  assert.deepEqual(
    removed.map((entry) => [entry.operation, entry.details]),
    [['member.roles', { withdrawn: ['ROLE_EDITOR'] }]],
  );
  const profile = (
    await request({ method: 'GET', url: '/api/organizations/my', headers: a.owner })
  ).json<object>();
  const flags = await entriesDuring(async () => {
    const saved = await request({
      method: 'PUT',
      url: '/api/organizations',
      headers: a.owner,
      payload: { ...profile, enableUserActivation: true, editorsCanManageUsers: true },
    });
    assert.equal(saved.statusCode, 200, saved.body);
  });
  assert.deepEqual(
    flags.map((entry) => [entry.operation, entry.resource_type, entry.details]),
    [['member.roles', 'organization', { editorsCanManageForms: false, editorsCanManageUsers: true }]],
  );
});

test("changes of who may fill a form or a project, a person's forms read by staff, activations and API keys are recorded", async () => {
  world = await buildTenantWorld(app, db);
  const { a } = world;
  const patient = a.person[0]!;
  const other = a.unassignedPatientId;
  const owner = await userId('owner@a.test');

  const recorded = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
    let status = 0;
    let body = '';
    const entries = await entriesDuring(async () => {
      const response = await request({ method, url, headers: a.owner, ...(payload ? { payload } : {}) });
      status = response.statusCode;
      body = response.body;
    });
    assert.ok(status >= 200 && status < 300, `${method} ${url}: ${status} ${body}`);
    for (const entry of entries) {
      assert.equal(entry.actor_user_id, owner, url);
      assert.equal(entry.organization_id, a.organization, url);
      assert.equal(entry.ip, CLIENT.remoteAddress, url);
      assert.ok(entry.request_id, url);
    }
    return { entries, body };
  };
  const summary = (entries: Awaited<ReturnType<typeof recorded>>['entries']) =>
    entries.map((entry) => [
      entry.operation,
      entry.patient_ids,
      entry.resource_type,
      entry.resource_ids,
      entry.details,
    ]);

  const formUsers = [{ userId: other, selected: true }];
  assert.deepEqual(
    summary((await recorded('PUT', `/api/forms/${a.form[0]}/allowed_users`, formUsers)).entries),
    [['access.change', [other], 'form', [String(a.form[0])], { users: formUsers }]],
  );
  const projectUsers = [{ userId: other, selected: true }];
  assert.deepEqual(
    summary((await recorded('PUT', `/api/form_group/${a.project}/allowed_users`, projectUsers)).entries),
    [['access.change', [other], 'project', [String(a.project)], { users: projectUsers }]],
  );
  assert.deepEqual(
    summary(
      (
        await recorded('PUT', `/api/forms/person_to_forms/${other}`, {
          allow: [],
          disallow: [a.form[0]],
        })
      ).entries,
    ),
    [['access.change', [other], 'form', [String(a.form[0])], { allow: [], disallow: [a.form[0]] }]],
  );
  assert.deepEqual(
    summary((await recorded('POST', `/api/form_group/person_to_groups/${other}`, [a.project])).entries),
    [['access.change', [other], 'project', [String(a.project)], { groupIds: [a.project] }]],
  );

  for (const url of [
    `/api/forms/active-by-person/${patient}`,
    `/api/form_group/person_access/${patient}`,
    `/api/forms/available-for-person/${patient}`,
    `/api/persons/${patient}/active_forms`,
  ]) {
    const { entries } = await recorded('GET', url);
    assert.deepEqual(
      entries.map((entry) => [entry.operation, entry.patient_ids, entry.resource_ids]),
      [['person.forms', [patient], [String(patient)]]],
      url,
    );
    assert.ok(entries[0]!.row_count! >= 1, `${url}: the patient's forms counted`);
  }

  assert.deepEqual(summary((await recorded('PUT', `/api/v1/users/${other}/activate`)).entries), [
    ['member.roles', [other], 'user', [String(other)], { activated: true }],
  ]);

  const created = await recorded('POST', '/employees/v1/tokens', {
    label: 'Klucz integracji',
    expires: '2126-01-01T00:00:00Z',
  });
  const { tokenId } = JSON.parse(created.body) as { tokenId: number };
  assert.deepEqual(summary(created.entries), [
    [
      'apikey.create',
      [],
      'api-key',
      [String(tokenId)],
      { label: 'Klucz integracji', expires: '2126-01-01T00:00:00.000Z' },
    ],
  ]);
  assert.ok(
    !JSON.stringify(created.entries).includes(JSON.parse(created.body).token),
    'never the key itself',
  );
  assert.deepEqual(summary((await recorded('DELETE', `/employees/v1/tokens?tokenId=${tokenId}`)).entries), [
    ['apikey.revoke', [], 'api-key', [String(tokenId)], { label: 'Klucz integracji' }],
  ]);
});
