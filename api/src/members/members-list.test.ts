import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  memberList,
  membersPage,
  membersWithTermsPage,
  type MembersQuery,
} from '@formularze/domain/schemas/members';
import { createOrganization, createTerms, createUser, setupDatabaseAndApp, signIn } from '../../test/helpers';
import { organizationWithStaff } from '../../test/members-fixture';

const { db, app } = await setupDatabaseAndApp();

function list(headers: Record<string, string>, query: MembersQuery = {}, path = '/api/v2/persons') {
  return app.inject({ url: path, headers, query: query as Record<string, string> });
}

async function names(headers: Record<string, string>, query: MembersQuery = {}) {
  const response = await list(headers, query);
  assert.equal(response.statusCode, 200, response.body);
  const page = membersPage.parse(response.json());
  return { page, names: page.content.map((person) => person.surname) };
}

/** Patients created one after another, so `createdAt` orders them. */
async function patients(organizationId: number, surnames: string[]) {
  const ids: number[] = [];
  for (const [index, surname] of surnames.entries()) {
    ids.push(
      await createUser(db, {
        phone: `+4860010020${index}`,
        authorities: 'ROLE_USER',
        organizationId,
        firstName: 'Pacjent',
        surname,
      }),
    );
  }
  return ids;
}

test('the default list: owners, editors, patients, newest first, 5 a page from page 0', async () => {
  const org = await organizationWithStaff(app, db);
  await patients(org.organizationId, ['Adamczyk', 'Bąk', 'Cieślak', 'Dudek', 'Ezmund']);
  const first = await names(org.owner);
  assert.deepEqual(first.names, ['Nowak', 'Kowalski', 'Ezmund', 'Dudek', 'Cieślak']);
  assert.equal(first.page.totalElements, 7);
  assert.equal(first.page.page, 0);
  assert.equal(first.page.pageSize, 5);
  const second = await names(org.owner, { page: 1 });
  assert.deepEqual(second.names, ['Bąk', 'Adamczyk']);
  assert.equal(first.page.content[0]?.user.authorities, 'ROLE_OWNER');
});

test('sorting by any whitelisted key, descending with "-"; anything else is a 400', async () => {
  const org = await organizationWithStaff(app, db);
  await patients(org.organizationId, ['Zieliński', 'Adamczyk']);
  const bySurname = await names(org.owner, { sortBy: 'surname', pageSize: 10 });
  assert.deepEqual(bySurname.names, ['Adamczyk', 'Kowalski', 'Nowak', 'Zieliński']);
  const descending = await names(org.owner, { sortBy: '-surname', pageSize: 10 });
  assert.deepEqual(descending.names, ['Zieliński', 'Nowak', 'Kowalski', 'Adamczyk']);
  // Patients have no email: they sort last either way.
  const byMail = await names(org.owner, { sortBy: '-mail,surname', pageSize: 10 });
  assert.deepEqual(byMail.names, ['Nowak', 'Kowalski', 'Adamczyk', 'Zieliński']);

  for (const sortBy of ['password_hash', 'surname,id', '-', 'user.authorities;drop table users']) {
    const response = await list(org.owner, { sortBy });
    assert.equal(response.statusCode, 400, sortBy);
    assert.equal(response.json().code, 'validation');
  }
  assert.equal((await list(org.owner, { pageSize: 7 })).statusCode, 400);
  assert.equal((await list(org.owner, { page: -1 })).statusCode, 400);
  assert.equal((await list(org.owner, { pageSize: 50 })).statusCode, 200);
});

test('filters by role and by part of a name, email, phone or hospital identifier, in any case', async () => {
  const org = await organizationWithStaff(app, db);
  const [adamczyk] = await patients(org.organizationId, ['Adamczyk', 'Bąk']);
  await db.updateTable('users').set({ hospital_identifier: 'HX-77' }).where('id', '=', adamczyk!).execute();

  assert.deepEqual((await names(org.owner, { filterRole: 'ROLE_USER' })).names, ['Bąk', 'Adamczyk']);
  assert.deepEqual((await names(org.owner, { filterRole: 'ROLE_EDITOR' })).names, ['Kowalski']);
  assert.deepEqual((await names(org.owner, { filterRole: 'ROLE_OWNER' })).names, ['Nowak']);
  assert.deepEqual((await names(org.owner, { filterProperty: 'BĄK' })).names, ['Bąk']);
  assert.deepEqual((await names(org.owner, { filterProperty: 'jan kow' })).names, ['Kowalski']);
  assert.deepEqual((await names(org.owner, { filterProperty: 'OWNER@A' })).names, ['Nowak']);
  assert.deepEqual((await names(org.owner, { filterProperty: '600100201' })).names, ['Bąk']);
  assert.deepEqual((await names(org.owner, { filterProperty: 'hx-7' })).names, ['Adamczyk']);
  // LIKE wildcards are plain characters.
  assert.deepEqual((await names(org.owner, { filterProperty: '%' })).names, []);
  const both = await names(org.owner, { filterRole: 'ROLE_USER', filterProperty: 'pacjent' });
  assert.equal(both.page.totalElements, 2);
  assert.equal((await list(org.owner, { filterRole: 'ROLE_ADMIN' as never })).statusCode, 400);
});

test('never removed people, other organizations or super-admins', async () => {
  const org = await organizationWithStaff(app, db);
  const other = await createOrganization(db, { name: 'Inna' });
  await createUser(db, { email: 'obcy@b.test', authorities: 'ROLE_USER', organizationId: other });
  await createUser(db, { email: 'root@platform.test', authorities: 'ROLE_ADMIN' });
  await createUser(db, {
    email: 'admin-w-org@a.test',
    authorities: 'ROLE_ADMIN',
    organizationId: org.organizationId,
  });
  const [removed] = await patients(org.organizationId, ['Usunięty']);
  await db.updateTable('users').set({ removed_at: new Date() }).where('id', '=', removed!).execute();
  const { names: listed, page } = await names(org.owner, { pageSize: 50 });
  assert.deepEqual(listed, ['Nowak', 'Kowalski']);
  assert.equal(page.totalElements, 2);
});

test('editors list members only while the organization lets them manage users; patients never', async () => {
  const closed = await organizationWithStaff(app, db);
  assert.equal((await list(closed.editor)).statusCode, 403);
  assert.equal((await list(closed.editor, {}, '/api/v2/persons/with_terms')).statusCode, 403);
  await createUser(db, {
    phone: '+48600999888',
    authorities: 'ROLE_USER',
    organizationId: closed.organizationId,
  });
  const patient = await signIn(app, { phone: '+48600999888' });
  assert.equal((await list(patient)).statusCode, 403);
  assert.equal((await list({})).statusCode, 401);

  const open = await organizationWithStaff(app, db, {
    name: 'Otwarta',
    domain: 'b.test',
    editorsCanManageUsers: true,
  });
  const response = await list(open.editor);
  assert.equal(response.statusCode, 200);
  assert.equal(membersPage.parse(response.json()).totalElements, 2);
  // The list with terms stays the owners'.
  assert.equal((await list(open.editor, {}, '/api/v2/persons/with_terms')).statusCode, 403);
});

test('the owners list tells who accepted the current terms and shows their live acceptances', async () => {
  const org = await organizationWithStaff(app, db);
  const [accepted, notAccepted] = await patients(org.organizationId, ['Zgodna', 'Niezgodna']);
  const old = await createTerms(db, {
    organizationId: org.organizationId,
    name: 'Stary regulamin',
    activeSince: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000),
  });
  const current = await createTerms(db, { organizationId: org.organizationId, name: 'Regulamin 2026' });
  await db
    .insertInto('terms_acceptances')
    .values([
      { user_id: accepted!, terms_id: old },
      { user_id: accepted!, terms_id: current },
      { user_id: notAccepted!, terms_id: old, revoked_at: new Date() },
    ])
    .execute();

  const response = await list(org.owner, { filterRole: 'ROLE_USER' }, '/api/v2/persons/with_terms');
  assert.equal(response.statusCode, 200, response.body);
  const page = membersWithTermsPage.parse(response.json());
  const bySurname = new Map(page.content.map((person) => [person.surname, person]));
  assert.equal(bySurname.get('Zgodna')?.currentTermsAccepted, true);
  assert.deepEqual(
    bySurname.get('Zgodna')?.acceptedTerms.map((acceptance) => acceptance.terms.name),
    ['Stary regulamin', 'Regulamin 2026'],
  );
  assert.equal(bySurname.get('Zgodna')?.acceptedTerms[1]?.revokedAt, null);
  assert.match(bySurname.get('Zgodna')?.acceptedTerms[1]?.terms.link ?? '', /^\/org-media\/files\/terms\//);
  assert.equal(bySurname.get('Niezgodna')?.currentTermsAccepted, false);
  assert.deepEqual(bySurname.get('Niezgodna')?.acceptedTerms, []);
});

test('GET /api/persons: every member of the caller organization at once, under the same permission', async () => {
  const org = await organizationWithStaff(app, db, { editorsCanManageUsers: false });
  await patients(org.organizationId, ['Zieliński', 'Adamczyk']);
  const other = await createOrganization(db, { name: 'Inna' });
  await createUser(db, { email: 'obcy@b.test', authorities: 'ROLE_USER', organizationId: other });

  const all = await list(org.owner, {}, '/api/persons');
  assert.equal(all.statusCode, 200, all.body);
  const surnames = memberList.parse(all.json()).map((person) => person.surname);
  assert.deepEqual(surnames, ['Nowak', 'Kowalski', 'Adamczyk', 'Zieliński']);
  const sorted = await list(org.owner, { sortBy: 'surname', filterRole: 'ROLE_USER' }, '/api/persons');
  assert.deepEqual(
    memberList.parse(sorted.json()).map((person) => person.surname),
    ['Adamczyk', 'Zieliński'],
  );
  assert.equal((await list(org.owner, { sortBy: 'hasło' }, '/api/persons')).statusCode, 400);

  assert.equal((await list(org.editor, {}, '/api/persons')).statusCode, 403);
  assert.equal((await list({}, {}, '/api/persons')).statusCode, 401);
});
