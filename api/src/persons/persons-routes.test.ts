import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentPerson, myOrganizations } from '@formularze/domain/schemas';
import { createOrganization, createTerms, createUser, setupDatabaseAndApp, signIn } from '../../test/helpers';

const { db, app } = await setupDatabaseAndApp();

const DAY = 24 * 60 * 60 * 1000;

async function my(headers: Record<string, string>) {
  const response = await app.inject({ url: '/api/persons/my', headers });
  assert.equal(response.statusCode, 200, response.body);
  return currentPerson.parse(response.json());
}

async function organizationWithPatient() {
  const organizationId = await createOrganization(db, { name: 'Przychodnia', editorsCanManageUsers: true });
  const userId = await createUser(db, {
    email: 'pacjent@org.test',
    phone: '+48600100200',
    authorities: 'ROLE_USER',
    organizationId,
    firstName: 'Maria',
    surname: 'Wiśniewska',
  });
  const headers = await signIn(app, { phone: '+48600100200' });
  return { organizationId, userId, headers };
}

test('GET /api/persons/my describes the person and their organization', async () => {
  const { organizationId, userId, headers } = await organizationWithPatient();
  assert.deepEqual(await my(headers), {
    id: userId,
    firstName: 'Maria',
    surname: 'Wiśniewska',
    mail: 'pacjent@org.test',
    phone: '+48600100200',
    avatarPath: null,
    authorities: 'ROLE_USER',
    firstLogin: true,
    currentTermsAccepted: true,
    organization: {
      id: organizationId,
      orgName: 'Przychodnia',
      editorsCanManageForms: false,
      editorsCanManageUsers: true,
    },
  });
});

test('the platform admin belongs to no organization', async () => {
  const id = await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const person = await my(await signIn(app, { email: 'admin@platform.test' }));
  assert.equal(person.id, id);
  assert.equal(person.organization, null);
  assert.equal(person.authorities, 'ROLE_ADMIN');
  assert.equal(person.currentTermsAccepted, true);
});

test('GET /api/persons/my/organizations: the organization of the signed-in person; none for the platform admin', async () => {
  const { organizationId, headers } = await organizationWithPatient();
  const response = await app.inject({ url: '/api/persons/my/organizations', headers });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(myOrganizations.parse(response.json()), [
    { id: organizationId, orgName: 'Przychodnia', editorsCanManageForms: false, editorsCanManageUsers: true },
  ]);
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const admin = await signIn(app, { email: 'admin@platform.test' });
  assert.deepEqual((await app.inject({ url: '/api/persons/my/organizations', headers: admin })).json(), []);
  assert.equal((await app.inject({ url: '/api/persons/my/organizations' })).statusCode, 401);
});

test('a patient without an acceptance of the current terms is ROLE_USER_NO_ACCEPTED_TERMS', async () => {
  const { organizationId, headers } = await organizationWithPatient();
  await createTerms(db, { organizationId });
  const person = await my(headers);
  assert.equal(person.authorities, 'ROLE_USER_NO_ACCEPTED_TERMS');
  assert.equal(person.currentTermsAccepted, false);
});

test('future and removed terms hold nobody back; a revoked acceptance does', async () => {
  const { organizationId, userId, headers } = await organizationWithPatient();
  await createTerms(db, {
    organizationId,
    filePath: 'terms/future.pdf',
    activeSince: new Date(Date.now() + DAY),
  });
  await createTerms(db, { organizationId, filePath: 'terms/removed.pdf', removedAt: new Date() });
  assert.equal((await my(headers)).authorities, 'ROLE_USER');

  const current = await createTerms(db, { organizationId, activeSince: new Date(Date.now() - 2 * DAY) });
  await db.insertInto('terms_acceptances').values({ user_id: userId, terms_id: current }).execute();
  assert.equal((await my(headers)).authorities, 'ROLE_USER');
  await db.updateTable('terms_acceptances').set({ revoked_at: new Date() }).execute();
  assert.equal((await my(headers)).authorities, 'ROLE_USER_NO_ACCEPTED_TERMS');
});

test('newer terms replace accepted ones: the patient must accept again', async () => {
  const { organizationId, userId, headers } = await organizationWithPatient();
  const old = await createTerms(db, {
    organizationId,
    filePath: 'terms/old.pdf',
    activeSince: new Date(Date.now() - 9 * DAY),
  });
  await db.insertInto('terms_acceptances').values({ user_id: userId, terms_id: old }).execute();
  assert.equal((await my(headers)).authorities, 'ROLE_USER');
  await createTerms(db, {
    organizationId,
    filePath: 'terms/new.pdf',
    activeSince: new Date(Date.now() - DAY),
  });
  assert.equal((await my(headers)).authorities, 'ROLE_USER_NO_ACCEPTED_TERMS');
});

test('staff are never held back by terms', async () => {
  for (const authorities of ['ROLE_OWNER', 'ROLE_EDITOR', 'ROLE_USER,ROLE_EDITOR']) {
    const organizationId = await createOrganization(db, { name: authorities });
    const email = `${authorities.replace(',', '-').toLowerCase()}@org.test`;
    await createUser(db, { email, authorities, organizationId });
    await createTerms(db, { organizationId });
    const person = await my(await signIn(app, { email }));
    assert.equal(person.authorities, authorities);
    assert.equal(person.currentTermsAccepted, false, 'the flag still tells the truth');
  }
});

test('PUT /api/persons/after_first_login clears the first-login flag', async () => {
  const { headers } = await organizationWithPatient();
  const response = await app.inject({ method: 'PUT', url: '/api/persons/after_first_login', headers });
  assert.equal(response.statusCode, 204);
  assert.equal(response.body, '');
  assert.equal((await my(headers)).firstLogin, false);
  assert.equal((await app.inject({ method: 'PUT', url: '/api/persons/after_first_login' })).statusCode, 401);
});
