import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiError, currentPerson, termsDocument } from 'shared-ui/schemas';
import {
  createOrganization,
  createTerms,
  createUser,
  setupTestApp,
  setupTestDatabase,
  signIn,
} from '../test/helpers';

const db = await setupTestDatabase();
const { app } = await setupTestApp(db);

const DAY = 24 * 60 * 60 * 1000;

async function patientOf(name: string, phone = '+48600100200') {
  const organizationId = await createOrganization(db, { name });
  await createUser(db, { phone, authorities: 'ROLE_USER', organizationId });
  return { organizationId, headers: await signIn(app, { phone }) };
}

const currentTerms = (organizationId: number, headers: Record<string, string>) =>
  app.inject({ url: `/api/organizations/${organizationId}/current-terms`, headers });
const accept = (termsId: number, headers: Record<string, string>) =>
  app.inject({ method: 'PUT', url: `/api/organizations/terms/${termsId}/accept`, headers });

async function expectError(response: Awaited<ReturnType<typeof accept>>, statusCode: number, code: string) {
  assert.equal(response.statusCode, statusCode, response.body);
  const body = apiError.parse(response.json());
  assert.equal(body.code, code);
  return body;
}

test('current terms are the live terms that started last, with the link of their PDF', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const activeSince = new Date(Date.now() - DAY);
  await createTerms(db, {
    organizationId,
    filePath: 'terms/old.pdf',
    activeSince: new Date(Date.now() - 5 * DAY),
  });
  const id = await createTerms(db, {
    organizationId,
    name: 'Regulamin 2026',
    filePath: `terms/${organizationId}/Regulamin ważny.pdf`,
    activeSince,
  });
  await createTerms(db, {
    organizationId,
    filePath: 'terms/future.pdf',
    activeSince: new Date(Date.now() + DAY),
  });
  await createTerms(db, {
    organizationId,
    filePath: 'terms/removed.pdf',
    activeSince: new Date(Date.now() - 1000),
    removedAt: new Date(),
  });

  const response = await currentTerms(organizationId, headers);
  assert.equal(response.statusCode, 200);
  assert.deepEqual(termsDocument.parse(response.json()), {
    id,
    name: 'Regulamin 2026',
    link: `/org-media/files/terms/${organizationId}/Regulamin%20wa%C5%BCny.pdf`,
    activeSince: activeSince.toISOString(),
    removedAt: null,
  });
});

test('no current terms, or another organization, is a 404', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const body = await expectError(await currentTerms(organizationId, headers), 404, 'not-found');
  assert.equal(body.message, 'Organizacja nie ma aktualnego regulaminu');

  const other = await createOrganization(db, { name: 'Inna' });
  await createTerms(db, { organizationId: other });
  await expectError(await currentTerms(other, headers), 404, 'not-found');
  await expectError(await currentTerms(999_999, headers), 404, 'not-found');
  assert.equal((await currentTerms(organizationId, {})).statusCode, 401);
});

test('accepting the current terms gives the patient ROLE_USER back; twice is an error', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const id = await createTerms(db, { organizationId });
  const my = async () => currentPerson.parse((await app.inject({ url: '/api/persons/my', headers })).json());
  assert.equal((await my()).authorities, 'ROLE_USER_NO_ACCEPTED_TERMS');
  // The one who must accept them can read them.
  assert.equal((await currentTerms(organizationId, headers)).statusCode, 200);

  const accepted = await accept(id, headers);
  assert.equal(accepted.statusCode, 204);
  assert.equal(accepted.body, '');
  assert.deepEqual(
    { authorities: (await my()).authorities, accepted: (await my()).currentTermsAccepted },
    { authorities: 'ROLE_USER', accepted: true },
  );

  const again = await expectError(await accept(id, headers), 400, 'terms-already-accepted');
  assert.equal(again.message, 'Ten regulamin został już zaakceptowany.');
  assert.equal((await db.selectFrom('terms_acceptances').selectAll().execute()).length, 1);
});

test('terms that are not the current ones of the caller cannot be accepted', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const old = await createTerms(db, {
    organizationId,
    filePath: 'terms/old.pdf',
    activeSince: new Date(Date.now() - 5 * DAY),
  });
  await createTerms(db, { organizationId });
  const future = await createTerms(db, {
    organizationId,
    filePath: 'terms/f.pdf',
    activeSince: new Date(Date.now() + DAY),
  });
  const removed = await createTerms(db, {
    organizationId,
    filePath: 'terms/r.pdf',
    activeSince: new Date(Date.now() - 2 * DAY),
    removedAt: new Date(),
  });
  const other = await patientOf('Inna', '+48600100300');
  const othersTerms = await createTerms(db, { organizationId: other.organizationId });

  for (const id of [old, future, removed, othersTerms, 999_999]) {
    const body = await expectError(await accept(id, headers), 400, 'missing-or-not-current');
    assert.equal(body.message, 'Regulamin nie istnieje lub nie jest aktualny.');
  }
  assert.equal((await db.selectFrom('terms_acceptances').selectAll().execute()).length, 0);
  await expectError(await accept(0, headers), 400, 'validation');
  assert.equal((await accept(othersTerms, {})).statusCode, 401);
});

test('the platform admin has no terms to accept', async () => {
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const headers = await signIn(app, { email: 'admin@platform.test' });
  const { organizationId } = await patientOf('Przychodnia');
  const id = await createTerms(db, { organizationId });
  await expectError(await accept(id, headers), 400, 'missing-or-not-current');
  await expectError(await currentTerms(organizationId, headers), 404, 'not-found');
});
