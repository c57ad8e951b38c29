import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError, permissionsFor, type PermissionInput } from '@formularze/domain/schemas';
import { createOrganization, createTerms, createUser, signInFromNewAddress } from '../helpers';
import { documentedOperations } from './operations';
import { call, setupIsolationDatabaseAndApp, type Headers } from './tenant-fixture';

/**
 * Every operation guarded by a permission, called by every kind of signed-in person: the API lets
 * through exactly those whose effective roles `permissionsFor` grants the key — the table the
 * shell hides and guards its screens with — and refuses the others with 403 `forbidden`.
 */

const { db, app } = await setupIsolationDatabaseAndApp();

/** An id no organization has: allowed calls reach the route and answer 404 or 400, never 403. */
const MISSING_ID = '2147483000';

interface Role {
  name: string;
  /** The effective roles and organization flags the expectation is computed from. */
  expectedFrom: PermissionInput;
  headers: Headers;
  organizationId: number | null;
}

async function signedInRoles(): Promise<Role[]> {
  const plain = await createOrganization(db, { name: 'Przychodnia' });
  const trusting = await createOrganization(db, {
    name: 'Przychodnia z uprawnieniami lekarzy',
    editorsCanManageForms: true,
    editorsCanManageUsers: true,
  });
  const terms = await createTerms(db, { organizationId: plain });
  const person = async (login: string, authorities: string, organizationId: number | null) => {
    await createUser(db, { email: `${login}@role.test`, authorities, organizationId });
    const door =
      authorities === 'ROLE_USER' ? { username: `${login}@role.test` } : { email: `${login}@role.test` };
    return signInFromNewAddress(app, door);
  };
  const patient = await person('patient', 'ROLE_USER', plain);
  const accepted = await call(app, 'PUT', `/api/organizations/terms/${terms}/accept`, patient);
  assert.equal(accepted.statusCode, 204, accepted.body);

  const noFlags = { editorsCanManageForms: false, editorsCanManageUsers: false };
  const flags = { editorsCanManageForms: true, editorsCanManageUsers: true };
  return [
    {
      name: 'owner',
      expectedFrom: { authorities: 'ROLE_OWNER', organization: noFlags },
      headers: await person('owner', 'ROLE_OWNER', plain),
      organizationId: plain,
    },
    {
      name: 'editor',
      expectedFrom: { authorities: 'ROLE_EDITOR', organization: noFlags },
      headers: await person('editor', 'ROLE_EDITOR', plain),
      organizationId: plain,
    },
    {
      name: 'editor where editors manage forms and people',
      expectedFrom: { authorities: 'ROLE_EDITOR', organization: flags },
      headers: await person('trusted-editor', 'ROLE_EDITOR', trusting),
      organizationId: trusting,
    },
    {
      name: 'patient',
      expectedFrom: { authorities: 'ROLE_USER', organization: noFlags },
      headers: patient,
      organizationId: plain,
    },
    {
      name: 'patient who has not accepted the current terms',
      expectedFrom: { authorities: 'ROLE_USER_NO_ACCEPTED_TERMS', organization: noFlags },
      headers: await person('undecided', 'ROLE_USER', plain),
      organizationId: plain,
    },
    {
      name: 'platform administrator',
      expectedFrom: { authorities: 'ROLE_ADMIN' },
      headers: await person('admin', 'ROLE_ADMIN', null),
      organizationId: null,
    },
  ];
}

test('each role reaches exactly the operations its permissions grant, and no other', async (t) => {
  const roles = await signedInRoles();
  for (const role of roles) {
    // The server sees the person as the expectation assumes (terms not accepted included).
    const me = await call(app, 'GET', '/api/persons/my', role.headers);
    assert.equal(me.json<{ authorities: string }>().authorities, role.expectedFrom.authorities, role.name);
  }

  const guarded = documentedOperations(app).filter((operation) => typeof operation.access === 'object');
  assert.ok(guarded.length >= 70, `only ${guarded.length} operations need a permission`);
  // The adherence grids and a project's score trends (ADRs 305, 306, 308) are guarded as the results page is.
  for (const name of [
    'GET /api/form_data/adherence/{formId}',
    'GET /api/form_data/project_adherence/{groupId}',
    'GET /api/form_data/project_score_trends/{groupId}',
  ]) {
    const operation = guarded.find((candidate) => candidate.name === name);
    assert.deepEqual(operation?.access, { permission: 'results-page:view' }, name);
  }
  // Reminders from the grids (ADR 309) are staff's, under their own key.
  for (const name of [
    'POST /api/form_data/adherence/{formId}/reminders',
    'POST /api/form_data/project_adherence/{groupId}/reminders',
  ]) {
    const operation = guarded.find((candidate) => candidate.name === name);
    assert.deepEqual(operation?.access, { permission: 'adherence:remind' }, name);
  }
  // The access audit trail and its export (ADR 415) are the owner's alone.
  for (const name of ['GET /api/access_audit', 'GET /api/access_audit/csv']) {
    const operation = guarded.find((candidate) => candidate.name === name);
    assert.deepEqual(operation?.access, { permission: 'access-log:view' }, name);
  }
  // The rule back-test (ADR 224) is the form editor's.
  assert.deepEqual(
    guarded.find((candidate) => candidate.name === 'POST /api/forms/{id}/rules/backtest')?.access,
    { permission: 'form:edit' },
  );
  // FHIR (ADR 416): the form's Questionnaire as the editor reads forms, the import as a form is
  // created, the responses as filled data and its CSV export are read.
  for (const [name, permission] of [
    ['GET /api/fhir/Questionnaire/{formId}', 'forms:fetch'],
    ['POST /api/fhir/Questionnaire/$import', 'form:create'],
    ['GET /api/fhir/QuestionnaireResponse/{id}', 'form-fill-details:page'],
    ['GET /api/fhir/QuestionnaireResponse', 'form-fill-details:page'],
  ]) {
    assert.deepEqual(guarded.find((candidate) => candidate.name === name)?.access, { permission }, name);
  }
  const wrong: string[] = [];
  const tally = { allowed: 0, denied: 0 };
  for (const operation of guarded) {
    const { permission } = operation.access as { permission: string };
    for (const role of roles) {
      const ownOrganization = String(role.organizationId ?? MISSING_ID);
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'orgId' ? ownOrganization : MISSING_ID,
      );
      const query = operation.requiredQueryParameters.map((name) => `${name}=${MISSING_ID}`).join('&');
      // No body: the permission is checked before the body is read.
      const response = await call(app, operation.method, query ? `${path}?${query}` : path, role.headers);
      const granted = permissionsFor(role.expectedFrom).has(permission as never);
      const what = `${operation.name} (${permission}) as ${role.name}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (response.statusCode === 401 || response.statusCode >= 500) wrong.push(`unexpected — ${what}`);
      else if (granted) {
        tally.allowed += 1;
        if (response.statusCode === 403) wrong.push(`refused though granted — ${what}`);
      } else {
        tally.denied += 1;
        const refused = response.statusCode === 403 && apiError.parse(response.json()).code === 'forbidden';
        if (!refused) wrong.push(`let through though not granted — ${what}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
  t.diagnostic(
    `${guarded.length} operations × ${roles.length} roles: ${tally.allowed} allowed, ${tally.denied} refused`,
  );
});
