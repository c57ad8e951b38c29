import assert from 'node:assert/strict';
import { test } from 'node:test';
import { savedFormRef, type FormPayload } from '@formularze/domain/schemas/forms';
import {
  createOrganization,
  createUser,
  OPERATOR_TOKEN,
  setupTestApp,
  setupTestDatabase,
  signIn,
  superAdminHeaders,
} from '../../../test/helpers';

const db = await setupTestDatabase();
const { app } = await setupTestApp(db);

const form: FormPayload = {
  name: 'Ankieta',
  layoutElementObject: {
    type: 'FORM',
    children: [{ type: 'ROW', children: [{ id: 'visit', type: 'DATE', label: 'Data wizyty' }] }],
  },
  allowDrafting: true,
  formRules: [],
};

test('every authenticated answer is no-store, whatever the route sets, refusals included', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'owner@org.test', authorities: 'ROLE_OWNER', organizationId });
  await createUser(db, { email: 'pacjent@org.test', authorities: 'ROLE_USER', organizationId });
  const owner = await signIn(app, { email: 'owner@org.test' });
  const patient = await signIn(app, { username: 'pacjent@org.test' });
  const created = await app.inject({ method: 'POST', url: '/api/forms', headers: owner, payload: form });
  assert.equal(created.statusCode, 201, created.body);
  const { id: formId } = savedFormRef.parse(created.json());

  const answers = {
    'persons/my': await app.inject({ url: '/api/persons/my', headers: owner }),
    'persons list': await app.inject({ url: '/api/v2/persons?page=0&size=10', headers: owner }),
    'filled data': await app.inject({ url: `/api/form_data/by_form_id/${formId}`, headers: owner }),
    CSV: await app.inject({ url: `/api/form_data/csv/${formId}`, headers: owner }),
    'API keys': await app.inject({ url: '/employees/v1/tokens', headers: owner }),
    'a refusal': await app.inject({ url: '/employees/v1/tokens', headers: patient }),
    'no token': await app.inject({ url: '/api/persons/my' }),
    'super-admin': await app.inject({ url: '/api/admin/outbox', headers: await superAdminHeaders(app, db) }),
    operator: await app.inject({
      url: '/api/operator/remotes/history',
      headers: { 'x-operator-token': OPERATOR_TOKEN },
    }),
  };
  for (const [name, response] of Object.entries(answers)) {
    assert.ok(response.statusCode < 500, `${name}: ${response.statusCode} ${response.body}`);
    assert.equal(response.headers['cache-control'], 'no-store', name);
    assert.match(String(response.headers.vary), /x-auth-token/i, name);
  }
});

test('public answers keep their own caching', async () => {
  assert.equal((await app.inject({ url: '/api/config_global' })).headers['cache-control'], 'no-cache');
  assert.equal((await app.inject({ url: '/api/version' })).headers['cache-control'], undefined);
});
