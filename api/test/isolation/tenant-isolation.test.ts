import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentedOperations, isTenantOperation, undocumentedRoutes, type Operation } from './operations';
import {
  buildTenantWorld,
  call,
  setupIsolationDatabaseAndApp,
  type Headers,
  type TenantAResources,
  type TenantWorld,
} from './tenant-fixture';
import { snapshotOfTenant } from './tenant-snapshot';

/**
 * Every operation a signed-in person may call, generated from the OpenAPI document, against
 * another organization's resources: people of organization B, and a patient of A who is assigned
 * to none of A's forms, must get a refusal and never a byte of A's marked texts.
 */

const { db, app } = await setupIsolationDatabaseAndApp();
const operations = documentedOperations(app);

type ResourceName = Exclude<keyof TenantAResources, 'savedField'>;

/**
 * Which of A's resources a path or required query parameter names. `id` means a different
 * resource on each path, so it is looked up by the path (first match wins).
 */
const PARAMETER_RESOURCES: Record<string, ResourceName | [RegExp, ResourceName][]> = {
  formId: 'form',
  bagId: 'bag',
  groupId: 'project',
  personId: 'person',
  orgId: 'organization',
  tokenId: 'apiKey',
  id: [
    [/^\/api\/organizations\/\{id\}\/current-terms$/, 'organization'],
    [/^\/api\/organizations\/terms\/\{id\}/, 'terms'],
    [/^\/api\/(persons|v1\/users)\/\{id\}/, 'person'],
    [/^\/api\/forms\/scheduled\/\{id\}$/, 'slot'],
    [/^\/api\/(forms|form_template)\/\{id\}/, 'form'],
    [/^\/api\/form_data\/serve_file\/\{id\}$/, 'uploadedFile'],
    [/^\/api\/form_data\/\{id\}$/, 'filledData'],
    [/^\/api\/fhir\/QuestionnaireResponse\/\{id\}$/, 'filledData'],
    [/^\/api\/form_group\/\{id\}/, 'project'],
    [/^\/api\/cart\/\{id\}/, 'cartItem'],
  ],
};

function resourceOf(operation: Operation, parameter: string): ResourceName | undefined {
  const entry = PARAMETER_RESOURCES[parameter];
  if (typeof entry === 'string') return entry;
  return entry?.find(([pattern]) => pattern.test(operation.path))?.[1];
}

interface BodySpec {
  body(world: TenantWorld): unknown;
  /** The body names A's resources: the call targets A even without a path parameter. */
  targetsA?: boolean;
}

/**
 * A rule back-test's draft (ADR 224) that drops every field of A's form and flags every score: its
 * answer names the form's fields and the patients whose outcome changes.
 */
const BACKTEST_DRAFT = {
  layoutElementObject: { type: 'FORM', children: [] },
  formRules: [{ operator: 'GREATER_THAN', arg1: -1, text: 'Każdy wynik' }],
  period: 'all',
};

/**
 * A body for every operation that takes JSON. Writes to A's resources get a body that would
 * change them; the caller's own resources get a harmless one (or none it accepts).
 */
const BODIES: Record<string, BodySpec> = {
  'PUT /api/auth/change_password': {
    body: () => ({ oldPassword: 'Niepoprawne@2026', newPassword: 'Nowe@2026haslo' }),
  },
  'PUT /api/persons/my': { body: () => ({}) },
  'PUT /api/config_global/1': { body: () => ({}) },
  'PUT /api/organizations': { body: () => ({}) },
  'POST /employees/v1/tokens': { body: () => ({ label: 'Klucz', expires: '2126-01-01T00:00:00Z' }) },
  'POST /api/organizations/{orgId}/add_user': {
    body: () => ({ role: 'ROLE_OWNER', firstName: 'Intruz', surname: 'Obcy', mail: 'intruz@b.test' }),
  },
  'PUT /api/persons/{id}/update': {
    body: () => ({ firstName: 'Zmienione', surname: 'Zmienione', mail: 'zmienione@b.test' }),
  },
  'POST /api/organizations/fetch_matching_users': {
    body: (world) => ({ email: world.a.patientEmail, phone: '+48600111222' }),
  },
  'POST /api/forms': { body: () => ({}) },
  'PUT /api/forms/{id}': {
    body: () => ({
      name: 'Zmieniona',
      layoutElementObject: { type: 'FORM', children: [] },
      allowDrafting: true,
    }),
  },
  'POST /api/forms/{id}/rules/backtest': { body: () => BACKTEST_DRAFT },
  // A new draft in the caller's own organization (ADR 416).
  'POST /api/fhir/Questionnaire/$import': {
    body: () => ({
      resourceType: 'Questionnaire',
      status: 'draft',
      title: 'Import',
      item: [{ linkId: 'a', type: 'boolean' }],
    }),
  },
  'POST /api/form_data/adherence/{formId}/reminders': { body: (world) => ({ personIds: world.a.person }) },
  'POST /api/form_data/project_adherence/{groupId}/reminders': {
    body: (world) => ({ personIds: world.a.person }),
  },
  'PUT /api/forms/{id}/allowed_users': {
    body: (world) => [{ userId: world.b.patientId, selected: true }],
  },
  'PUT /api/forms/person_to_forms/{personId}': {
    body: (world) => ({ allow: [], disallow: world.a.form }),
  },
  'POST /api/form_metadata/': { body: (world) => ({ form: { id: world.a.form[0] } }), targetsA: true },
  'POST /api/form_metadata': { body: (world) => ({ form: { id: world.a.form[0] } }), targetsA: true },
  'POST /api/form_data/': {
    body: (world) => ({ formId: world.a.form[0], data: { opis: 'Obca odpowiedź' } }),
    targetsA: true,
  },
  'POST /api/form_data': {
    body: (world) => ({
      formId: world.a.form[1],
      scheduledFormId: world.a.slot,
      data: { opis: 'Obca odpowiedź' },
    }),
    targetsA: true,
  },
  'PUT /api/form_data/{id}': {
    body: (world) => ({ formId: world.a.form[0], data: { opis: 'Zmienione' } }),
  },
  'POST /api/form_data/latest_for_projects_and_users': { body: () => ({ pageSize: 100 }) },
  'POST /api/form_data/by_form_id_extended/{formId}': {
    body: (world) => ({ pageSize: 100, personId: world.a.person[0] }),
  },
  'POST /api/form_group': { body: () => ({ name: 'Projekt gościa' }) },
  'PUT /api/form_group/{id}': { body: () => ({ name: 'Zmieniony' }) },
  'PUT /api/form_group/{id}/duplicate': { body: () => ({ withUsers: true }) },
  'PUT /api/form_group/{id}/allowed_users': {
    body: (world) => [{ userId: world.b.patientId, selected: true }],
  },
  'POST /api/form_group/person_to_groups/{personId}': { body: () => [] },
  'POST /api/cart': { body: () => ({ elements: [{ testType: 'SMELL_TEST', amount: 1 }] }) },
  'PUT /api/cart/{id}': {
    body: () => ({
      elements: [{ testType: 'SMELL_TEST', amount: 5 }],
      deliveryInfo: { name: 'Obcy', street: 'Obca 1', zipCode: '00-001', city: 'Kraków' },
      billingInfo: { name: 'Obcy' },
    }),
  },
};

/**
 * Operations that answer a call naming A's resources exactly as they answer one naming resources
 * that exist nowhere, rather than 403/404; the test checks that the two answers are the same.
 */
const ANSWERS_AS_FOR_MISSING: Record<string, string> = {
  'PUT /api/organizations/terms/{id}/accept':
    "compares the id with the caller's own organization's current terms: 400 missing-or-not-current",
  'PUT /api/organizations/terms/{id}/future/accept':
    "compares the id with the caller's own organization's future terms: 400 missing-or-not-future",
  'GET /api/form_data/by_form_id/{formId}': 'a filter over the fillings the caller may read: []',
  'GET /api/v2/forms/all-my-filled-previous/{bagId}':
    'a filter over the editions the caller submitted in their own organization: an empty page',
};

/**
 * The adherence grids of a scheduled form and of a project (ADRs 305, 306) and a project's score
 * trends (ADR 308): checked by name below.
 */
const ADHERENCE_OPERATIONS = [
  'GET /api/form_data/adherence/{formId}',
  'GET /api/form_data/project_adherence/{groupId}',
  'GET /api/form_data/project_score_trends/{groupId}',
];
/** Read through a POST, so not among the GETs A's own people are checked to read below. */
const RULES_BACKTEST = 'POST /api/forms/{id}/rules/backtest';
/** Reminders sent from the grids (ADR 309): they would write to A's patients. */
const ADHERENCE_REMINDERS = [
  'POST /api/form_data/adherence/{formId}/reminders',
  'POST /api/form_data/project_adherence/{groupId}/reminders',
];
/** Their addresses, reading every slot and filling of A. */
const ADHERENCE_GRIDS = ({ a }: TenantWorld) => [
  `/api/form_data/adherence/${a.form[1]}?period=all&sortBy=-missedStreak`,
  `/api/form_data/project_adherence/${a.project}?period=all&sortBy=-missedStreak`,
  `/api/form_data/project_score_trends/${a.project}?sortBy=-latest`,
];

/**
 * The access audit trail (ADR 415): the owner's and its export name A's staff (whose names carry the
 * marker); checked by name below.
 */
const AUDIT_OPERATIONS = [
  'GET /api/access_audit',
  'GET /api/access_audit/csv',
  'GET /api/persons/my/data_views',
];
const AUDIT_TRAILS = ['/api/access_audit', '/api/access_audit/csv'];

/** FHIR (ADR 416): a form's Questionnaire, one filled form and a results filter's Bundle of A's. */
const FHIR_OPERATIONS = [
  'GET /api/fhir/Questionnaire/{formId}',
  'GET /api/fhir/QuestionnaireResponse/{id}',
  'GET /api/fhir/QuestionnaireResponse',
];

/** Ids no organization has: what a call naming nothing at all answers. */
const MISSING = { number: '2147483000', uuid: '00000000-0000-4000-8000-000000000000' };

interface Caller {
  name: string;
  headers: Headers;
  /** A's resources that are this caller's own by design: calls naming them are not isolation checks. */
  own: readonly ResourceName[];
}

interface Planned {
  operation: Operation;
  url: string;
  /** The same call with every id of A replaced by one that exists nowhere. */
  missingUrl: string;
  body: unknown;
  targetsA: boolean;
}

/** Every call to make for one operation (one per combination of A's resources), or what is unknown. */
function plan(
  operation: Operation,
  world: TenantWorld,
): { calls: Planned[]; resources: ResourceName[] } | string {
  const parameters = [...operation.pathParameters, ...operation.requiredQueryParameters];
  const resources: ResourceName[] = [];
  for (const parameter of parameters) {
    const resource = resourceOf(operation, parameter);
    if (!resource) return `${operation.name}: parameter "${parameter}" names no known resource`;
    resources.push(resource);
  }
  const spec = BODIES[operation.name];
  if (operation.jsonBody && !spec) return `${operation.name}: no body in BODIES`;

  let combinations: Record<string, string>[] = [{}];
  parameters.forEach((parameter, index) => {
    const values = [world.a[resources[index]!]].flat().map(String);
    combinations = combinations.flatMap((chosen) =>
      values.map((value) => ({ ...chosen, [parameter]: value })),
    );
  });
  const urlWith = (chosen: Record<string, string>) => {
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => chosen[name]!);
    const query = operation.requiredQueryParameters.map((name) => `${name}=${chosen[name]}`).join('&');
    return query ? `${path}?${query}` : path;
  };
  const missing = (chosen: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(chosen).map(([name, value]) => [
        name,
        /^\d+$/.test(value) ? MISSING.number : MISSING.uuid,
      ]),
    );
  const calls = combinations.map((chosen) => {
    return {
      operation,
      url: urlWith(chosen),
      missingUrl: urlWith(missing(chosen)),
      body: spec?.body(world),
      targetsA: parameters.length > 0 || spec?.targetsA === true,
    };
  });
  return { calls, resources };
}

test('the OpenAPI document describes every route under /api and /employees', () => {
  assert.deepEqual(undocumentedRoutes(app, operations), []);
  assert.ok(operations.filter(isTenantOperation).length >= 80, 'the document lists the tenant routes');
});

test('nobody outside organization A reaches or reads any of its resources, through any operation', async (t) => {
  const world = await buildTenantWorld(app, db);
  const { marker, a, b } = world;

  // The marker is really where the check looks: A's own people see it.
  const own = await call(app, 'GET', `/api/form_data/${a.filledData[1]}`, a.owner);
  assert.ok(own.body.includes(`Notatka ${marker}`), own.body);
  const assigned = await call(app, 'GET', '/api/v2/forms/active', a.patient);
  assert.ok(assigned.body.includes(marker), assigned.body);
  // The adherence grids and score trends (ADRs 305, 306, 308) name A's patient to A's staff.
  for (const url of ADHERENCE_GRIDS(world)) {
    const grid = await call(app, 'GET', url, a.owner);
    assert.ok(grid.body.includes(`Pacjent ${marker}`), grid.body);
  }
  // A's trail names A's owner, who read the filled form just above (ADR 415).
  for (const url of AUDIT_TRAILS) {
    const trail = await call(app, 'GET', url, a.owner);
    assert.equal(trail.statusCode, 200, trail.body);
    assert.ok(trail.body.includes(`Właściciel ${marker}`), trail.body);
  }
  // So does the rule back-test (ADR 224), with the fields the draft dropped.
  const backtest = await call(app, 'POST', `/api/forms/${a.form[0]}/rules/backtest`, a.owner, BACKTEST_DRAFT);
  assert.equal(backtest.statusCode, 200, backtest.body);
  assert.ok(backtest.body.includes(`Pacjent ${marker}`), backtest.body);
  assert.ok(backtest.body.includes(`Opis ${marker}`), backtest.body);

  const callers: Caller[] = [
    { name: 'owner of B', headers: b.owner, own: [] },
    { name: 'editor of B', headers: b.editor, own: [] },
    { name: 'patient of B', headers: b.patient, own: [] },
    { name: 'unassigned patient of A', headers: a.unassignedPatient, own: ['organization', 'terms'] },
  ];
  const before = await snapshotOfTenant(db, world);

  const unknown: string[] = [];
  const failures: string[] = [];
  const exercised = new Set<string>();
  let calls = 0;
  let skipped = 0;
  for (const operation of operations.filter(isTenantOperation)) {
    const planned = plan(operation, world);
    if (typeof planned === 'string') {
      unknown.push(planned);
      continue;
    }
    for (const caller of callers) {
      if (planned.resources.some((resource) => caller.own.includes(resource))) {
        skipped += 1;
        continue;
      }
      for (const { url, missingUrl, body, targetsA } of planned.calls) {
        const response = await call(app, operation.method, url, caller.headers, body);
        calls += 1;
        exercised.add(`${operation.name} × ${caller.name}`);
        const what = `${operation.method} ${url} as ${caller.name}: ${response.statusCode} ${response.body.slice(0, 300)}`;
        const seen = response.body + JSON.stringify(response.headers);
        if (seen.includes(marker)) failures.push(`leaks A's data — ${what}`);
        if (response.statusCode >= 500) failures.push(`fails — ${what}`);
        if (!targetsA) continue;
        if (response.statusCode === 403 || response.statusCode === 404) continue;
        if (!(operation.name in ANSWERS_AS_FOR_MISSING)) {
          failures.push(`not refused — ${what}`);
          continue;
        }
        const absent = await call(app, operation.method, missingUrl, caller.headers, body);
        if (absent.statusCode !== response.statusCode || absent.body !== response.body) {
          failures.push(`answers otherwise than for a missing resource (${absent.statusCode}) — ${what}`);
        }
      }
    }
  }

  assert.deepEqual(unknown, [], 'operations the test cannot call: add their parameters or bodies');
  for (const operation of [
    ...ADHERENCE_OPERATIONS,
    RULES_BACKTEST,
    ...ADHERENCE_REMINDERS,
    ...AUDIT_OPERATIONS,
    ...FHIR_OPERATIONS,
  ]) {
    for (const caller of callers) {
      assert.ok(
        exercised.has(`${operation} × ${caller.name}`),
        `${operation} × ${caller.name} was not called`,
      );
    }
  }
  // With every slot of A in the period, too: still refused, without a byte of A's.
  for (const url of ADHERENCE_GRIDS(world)) {
    for (const caller of callers) {
      const response = await call(app, 'GET', url, caller.headers);
      assert.ok([403, 404].includes(response.statusCode), `${url} as ${caller.name}: ${response.statusCode}`);
      assert.ok(!response.body.includes(marker), `${url} as ${caller.name} leaks A's data`);
    }
  }
  // Their own trails, filtered by A's patient: nothing of A's.
  for (const url of AUDIT_TRAILS) {
    for (const caller of callers) {
      const response = await call(app, 'GET', `${url}?patientId=${a.person[0]}`, caller.headers);
      assert.ok([200, 403].includes(response.statusCode), `${url} as ${caller.name}: ${response.statusCode}`);
      assert.ok(!response.body.includes(marker), `${url} as ${caller.name} leaks A's trail`);
    }
  }
  // The addresses name real resources: A's owner or assigned patient reads each of them.
  const unreadable: string[] = [];
  for (const operation of operations.filter((o) => isTenantOperation(o) && o.method === 'GET')) {
    const planned = plan(operation, world);
    if (typeof planned === 'string') continue;
    for (const { url, targetsA } of planned.calls) {
      if (!targetsA) continue;
      const answers = await Promise.all(
        [a.owner, a.patient].map((headers) => call(app, 'GET', url, headers)),
      );
      if (!answers.some((response) => response.statusCode === 200)) {
        unreadable.push(`${url}: ${answers.map((response) => response.statusCode).join(', ')}`);
      }
    }
  }
  assert.deepEqual(unreadable, [], "A's own people read every resource the calls name");
  assert.deepEqual(failures, []);
  assert.deepEqual(await snapshotOfTenant(db, world), before, "A's resources are unchanged");
  t.diagnostic(
    `${operations.filter(isTenantOperation).length} operations, ${exercised.size} operation × caller pairs, ` +
      `${calls} calls, ${skipped} pairs skipped (the caller's own organization or terms)`,
  );
  assert.ok(calls > 300, `only ${calls} calls`);
});
