import assert from 'node:assert/strict';
import { test } from 'node:test';
import { organizationProfile, type UpdateOrganizationBody } from '@formularze/domain/schemas/profile';
import {
  createOrganization,
  createUser,
  setupDatabaseAndApp,
  setupTestApp,
  signIn,
} from '../../test/helpers';

const { db, app } = await setupDatabaseAndApp();

async function staff(authorities: string, email: string, organizationId: number) {
  await createUser(db, { email, authorities, organizationId });
  return signIn(app, { email });
}

function body(overrides: Partial<UpdateOrganizationBody> = {}): UpdateOrganizationBody {
  return {
    orgName: 'Przychodnia Zdrowie',
    customFooter: 'Stopka',
    orgMessage: 'Witamy',
    orgCodeRegistration: 'KOD-12345',
    enableUserActivation: false,
    enableSelfRegistration: true,
    enableCodeRegistration: true,
    editorsCanManageForms: true,
    editorsCanManageUsers: false,
    billingInfo: {
      name: 'Zdrowie sp. z o.o.',
      street: 'Jasna 1',
      zipCode: '00-001',
      city: 'Warszawa',
      taxId: '1234567890',
      post: 'Warszawa',
    },
    ...overrides,
  };
}

const put = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/organizations', headers, payload });

test('the owner reads and saves the organization profile, webhook included', async () => {
  const organizationId = await createOrganization(db);
  const headers = await staff('ROLE_OWNER', 'owner@org.test', organizationId);
  const before = organizationProfile.parse(
    (await app.inject({ url: '/api/organizations/my', headers })).json(),
  );
  assert.equal(before.id, organizationId);
  assert.equal(before.formDataCreatedWebhookUrl, null);

  const saved = await put(headers, body({ formDataCreatedWebhookUrl: 'https://hooks.example/formdata' }));
  assert.equal(saved.statusCode, 200, saved.body);
  const after = (await app.inject({ url: '/api/organizations/my', headers })).json();
  assert.equal(after.orgName, 'Przychodnia Zdrowie');
  assert.equal(after.billingInfo.taxId, '1234567890');
  assert.equal(after.orgCodeRegistration, 'KOD-12345');
  assert.equal(after.formDataCreatedWebhookUrl, 'https://hooks.example/formdata');
  assert.equal(after.editorsCanManageForms, true);
  // Another organization is untouched.
  const other = await createOrganization(db, { name: 'Inna' });
  const otherRow = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', other)
    .executeTakeFirstOrThrow();
  assert.equal(otherRow.custom_footer, null);
});

test('coupling: self-registration off forces activation on and code registration off', async () => {
  const organizationId = await createOrganization(db);
  const headers = await staff('ROLE_OWNER', 'owner@org.test', organizationId);
  const refused = await put(headers, body({ enableSelfRegistration: false, enableCodeRegistration: true }));
  assert.equal(refused.statusCode, 400);
  assert.equal(
    refused.json().fields.enableCodeRegistration,
    'Rejestracja z kodem wymaga samodzielnej rejestracji.',
  );

  const saved = await put(
    headers,
    body({ enableSelfRegistration: false, enableCodeRegistration: false, enableUserActivation: true }),
  );
  assert.equal(saved.statusCode, 200);
  assert.equal(saved.json().enableUserActivation, true);

  const withoutActivation = await put(
    headers,
    body({ enableSelfRegistration: false, enableCodeRegistration: false, enableUserActivation: false }),
  );
  assert.equal(withoutActivation.statusCode, 400);
});

test('an organization code has at least 8 characters', async () => {
  const organizationId = await createOrganization(db);
  const headers = await staff('ROLE_OWNER', 'owner@org.test', organizationId);
  for (const code of ['KOD', '', null]) {
    const response = await put(headers, body({ orgCodeRegistration: code }));
    assert.equal(response.statusCode, 400, String(code));
    assert.equal(response.json().fields.orgCodeRegistration, 'Kod musi zawierać co najmniej 8 znaków.');
  }
  // Without code registration an empty code is fine, a short one still is not.
  assert.equal(
    (await put(headers, body({ enableCodeRegistration: false, orgCodeRegistration: null }))).statusCode,
    200,
  );
  assert.equal(
    (await put(headers, body({ enableCodeRegistration: false, orgCodeRegistration: 'abc' }))).statusCode,
    400,
  );
});

test('editors and patients cannot read or change the organization', async () => {
  const organizationId = await createOrganization(db, {
    editorsCanManageUsers: true,
    editorsCanManageForms: true,
  });
  const editor = await staff('ROLE_EDITOR', 'editor@org.test', organizationId);
  assert.equal((await app.inject({ url: '/api/organizations/my', headers: editor })).statusCode, 403);
  assert.equal((await put(editor, body())).statusCode, 403);
  assert.equal((await put({}, body())).statusCode, 401);
});

test('the webhook URL needs the webhooks permission and https', async () => {
  const organizationId = await createOrganization(db);
  const owner = await staff('ROLE_OWNER', 'owner@org.test', organizationId);
  const http = await put(owner, body({ formDataCreatedWebhookUrl: 'http://hooks.example' }));
  assert.equal(http.statusCode, 400);
  assert.equal(http.json().fields.formDataCreatedWebhookUrl, 'Adres musi zaczynać się od https://');

  // The platform administrator has orgDetails:change but no webhooks, and no organization.
  const admin = await staff('ROLE_ADMIN', 'admin@platform.test', organizationId);
  await db
    .updateTable('users')
    .set({ organization_id: null })
    .where('email', '=', 'admin@platform.test')
    .execute();
  assert.equal((await app.inject({ url: '/api/organizations/my', headers: admin })).statusCode, 404);
  const adminWebhook = await put(admin, body({ formDataCreatedWebhookUrl: 'https://hooks.example' }));
  assert.equal(adminWebhook.statusCode, 403);
});

const INTERNAL_WEBHOOKS = [
  'https://127.0.0.1/hook',
  'https://127.1.2.3:8443/hook',
  'https://localhost/hook',
  'https://[::1]/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://[fe80::1]/hook',
  'https://10.0.0.5/hook',
  'https://172.16.0.1/hook',
  'https://192.168.1.10/hook',
  'https://[fd00::5]/hook',
  'https://100.100.100.200/hook',
  'https://0.0.0.0/hook',
];

test('a webhook into loopback, link-local, private ranges or the metadata address is refused', async () => {
  const organizationId = await createOrganization(db);
  const owner = await staff('ROLE_OWNER', 'owner@org.test', organizationId);
  for (const url of INTERNAL_WEBHOOKS) {
    const response = await put(owner, body({ formDataCreatedWebhookUrl: url }));
    assert.equal(response.statusCode, 400, url);
    assert.equal(
      response.json().fields.formDataCreatedWebhookUrl,
      'Adres webhooka musi prowadzić do serwera w internecie, nie do sieci wewnętrznej.',
      url,
    );
  }
  const row = await db
    .selectFrom('organizations')
    .select('form_data_created_webhook_url')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  assert.equal(row.form_data_created_webhook_url, null);
  assert.equal(
    (await put(owner, body({ formDataCreatedWebhookUrl: 'https://93.184.215.14/hook' }))).statusCode,
    200,
  );
});

test('WEBHOOK_INTERNAL_NETWORKS opens the networks an internal receiver is in, and only those', async () => {
  const { app: internal } = await setupTestApp(db, { webhookInternalNetworks: ['10.0.0.0/8', '::1/128'] });
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'owner@org.test', authorities: 'ROLE_OWNER', organizationId });
  const owner = await signIn(internal, { email: 'owner@org.test' });
  const save = (url: string) =>
    internal.inject({
      method: 'PUT',
      url: '/api/organizations',
      headers: owner,
      payload: body({ formDataCreatedWebhookUrl: url }),
    });
  assert.equal((await save('https://10.0.0.5/hook')).statusCode, 200);
  assert.equal((await save('https://[::1]/hook')).statusCode, 200);
  assert.equal((await save('https://192.168.1.10/hook')).statusCode, 400);
  assert.equal((await save('https://169.254.169.254/')).statusCode, 400);
});

test('a name another organization has is a 409', async () => {
  await createOrganization(db, { name: 'Zajęta' });
  const organizationId = await createOrganization(db, { name: 'Moja' });
  const headers = await staff('ROLE_OWNER', 'owner@org.test', organizationId);
  const response = await put(headers, body({ orgName: 'Zajęta' }));
  assert.equal(response.statusCode, 409);
  assert.equal(response.json().code, 'Organization name is not unique');
});
