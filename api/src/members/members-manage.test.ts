import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EDIT_DUPLICATE_MESSAGES, member, type UpdatePersonBody } from '@formularze/domain/schemas/members';
import {
  createOrganization,
  createUser,
  setupDatabaseAndApp,
  signIn,
  signInFromNewAddress,
} from '../../test/helpers';
import { type Headers } from '../../test/requests';
import { openedOutbox } from '../../test/outbox';
import { addUser, organizationWithStaff, patientBody } from '../../test/members-fixture';

const { db, app, config } = await setupDatabaseAndApp();

const getPerson = (headers: Headers, id: number) => app.inject({ url: `/api/persons/${id}`, headers });
const update = (headers: Headers, id: number, payload: UpdatePersonBody) =>
  app.inject({ method: 'PUT', url: `/api/persons/${id}/update`, headers, payload });
const activate = (headers: Headers, id: number) =>
  app.inject({ method: 'PUT', url: `/api/v1/users/${id}/activate`, headers });
const remove = (headers: Headers, id: number) =>
  app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers });
const resetPassword = (headers: Headers, id: number) =>
  app.inject({ method: 'PUT', url: `/api/persons/${id}/reset_password`, headers });
const welcome = (headers: Headers, id: number) =>
  app.inject({ method: 'POST', url: `/api/persons/${id}/welcome_message`, headers });

async function patient(organizationId: number, phone = '+48600100200', email?: string) {
  return createUser(db, {
    phone,
    email,
    authorities: 'ROLE_USER',
    organizationId,
    firstName: 'Maria',
    surname: 'Wiśniewska',
  });
}

test('an owner reads and edits a member of the organization', async () => {
  const org = await organizationWithStaff(app, db);
  const id = await patient(org.organizationId);
  const response = await update(org.owner, id, {
    firstName: 'Marta',
    surname: 'Wiśniewska',
    phone: '600 100 201',
    mail: 'Marta@A.test',
    hospitalIdentifier: 'HX-1',
    title: null,
    description: 'Nowy opis',
    gender: 'Female',
    enableProfileDataEdition: false,
  });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { message: 'Edycja użytkownika przebiegła pomyślnie.' });
  const saved = member.parse((await getPerson(org.owner, id)).json());
  assert.equal(saved.firstName, 'Marta');
  assert.equal(saved.phone, '+48600100201');
  assert.equal(saved.mail, 'marta@a.test');
  assert.equal(saved.hospitalIdentifier, 'HX-1');
  assert.equal(saved.enableProfileDataEdition, false);
  assert.equal((await getPerson(org.owner, 999_999)).statusCode, 404);
});

test('editing: every 409 flag, and an identifier once given cannot be emptied', async () => {
  const org = await organizationWithStaff(app, db);
  const id = await patient(org.organizationId);
  const neighbour = await patient(org.organizationId, '+48600100201', 'sasiad@a.test');
  await db.updateTable('users').set({ hospital_identifier: 'HX-2' }).where('id', '=', neighbour).execute();
  await db.updateTable('users').set({ hospital_identifier: 'HX-1' }).where('id', '=', id).execute();
  const other = await createOrganization(db, { name: 'Inna' });
  await createUser(db, { email: 'obcy@b.test', authorities: 'ROLE_USER', organizationId: other });

  const body = {
    firstName: 'Maria',
    surname: 'Wiśniewska',
    phone: '+48600100200',
    hospitalIdentifier: 'HX-1',
  };
  const phone = await update(org.owner, id, { ...body, phone: '+48600100201' });
  assert.equal(phone.statusCode, 409);
  assert.equal(phone.json().code, 'phone-exists');
  assert.equal(phone.json().message, EDIT_DUPLICATE_MESSAGES['phone-exists']);
  const email = await update(org.owner, id, { ...body, mail: 'obcy@b.test' });
  assert.deepEqual(email.json().duplicates, ['email-exists']);
  const identifier = await update(org.owner, id, { ...body, hospitalIdentifier: 'HX-2' });
  assert.equal(identifier.json().code, 'hospital-identifier-exists');
  assert.equal(identifier.json().message, 'Wprowadzony identyfikator już istnieje');
  // The person's own identifiers are no duplicates.
  assert.equal((await update(org.owner, id, body)).statusCode, 200);

  const emptied = await update(org.owner, id, { ...body, hospitalIdentifier: null });
  assert.equal(emptied.statusCode, 400);
  assert.deepEqual(
    [emptied.json().code, emptied.json().message],
    ['hospital-identifier-empty', 'Wprowadzony identyfikator jest pusty'],
  );
  const noContact = await update(org.owner, id, { ...body, phone: null });
  assert.equal(noContact.statusCode, 400);
});

test('editors: nothing without the organization flag, never an owner, never the data-edition switch', async () => {
  const closed = await organizationWithStaff(app, db);
  const id = await patient(closed.organizationId);
  assert.equal((await getPerson(closed.editor, id)).statusCode, 403);
  assert.equal((await update(closed.editor, id, { phone: '+48600100200' })).statusCode, 403);
  assert.equal((await activate(closed.editor, id)).statusCode, 403);
  assert.equal((await remove(closed.editor, id)).statusCode, 403);

  const open = await organizationWithStaff(app, db, {
    name: 'Otwarta',
    domain: 'b.test',
    editorsCanManageUsers: true,
  });
  const own = await patient(open.organizationId, '+48600100299');
  assert.equal((await getPerson(open.editor, own)).statusCode, 200);
  assert.equal((await update(open.editor, own, { phone: '+48600100299', firstName: 'Ola' })).statusCode, 200);
  const locked = await update(open.editor, own, { phone: '+48600100299', enableProfileDataEdition: false });
  assert.equal(locked.json().code, 'profile-data-edition-forbidden');
  const ownerEdit = await update(open.editor, open.ownerId, {
    firstName: 'Anna',
    surname: 'Nowak',
    mail: 'owner@b.test',
  });
  assert.equal(ownerEdit.statusCode, 403);
  assert.equal(ownerEdit.json().code, 'owner-protected');
  assert.equal((await remove(open.editor, open.ownerId)).statusCode, 403);
  // The owner's switch stays on whatever is asked.
  await update(open.owner, open.ownerId, {
    firstName: 'Anna',
    surname: 'Nowak',
    mail: 'owner@b.test',
    enableProfileDataEdition: false,
  });
  assert.equal(
    member.parse((await getPerson(open.owner, open.ownerId)).json()).enableProfileDataEdition,
    true,
  );
});

test("organizations never see or touch each other's members, nor super-admins", async () => {
  const a = await organizationWithStaff(app, db);
  const b = await organizationWithStaff(app, db, { name: 'Inna', domain: 'b.test' });
  const theirs = await patient(b.organizationId);
  const root = await createUser(db, { email: 'root@platform.test', authorities: 'ROLE_ADMIN' });
  for (const id of [theirs, b.ownerId, root]) {
    assert.equal((await getPerson(a.owner, id)).statusCode, 404);
    assert.equal((await update(a.owner, id, { phone: '+48600100200' })).statusCode, 404);
    assert.equal((await activate(a.owner, id)).statusCode, 404);
    assert.equal((await remove(a.owner, id)).statusCode, 404);
    assert.equal((await resetPassword(a.owner, id)).statusCode, 404);
    assert.equal((await welcome(a.owner, id)).statusCode, 404);
  }
  const row = await db
    .selectFrom('users')
    .select(['removed_at', 'phone'])
    .where('id', '=', theirs)
    .executeTakeFirstOrThrow();
  assert.deepEqual(row, { removed_at: null, phone: '+48600100200' });
});

test('activation of a patient who joined an organization that activates its patients', async () => {
  const org = await organizationWithStaff(app, db);
  const id = await createUser(db, {
    email: 'nowy@a.test',
    authorities: 'ROLE_USER',
    organizationId: org.organizationId,
    activated: false,
  });
  assert.equal(member.parse((await getPerson(org.owner, id)).json()).user.activated, false);
  const response = await activate(org.owner, id);
  assert.equal(response.statusCode, 204);
  assert.equal(member.parse((await getPerson(org.owner, id)).json()).user.activated, true);
  assert.ok(await signIn(app, { username: 'nowy@a.test' }));
});

test('removal keeps the row, signs the person out and frees their logins; never oneself', async () => {
  const org = await organizationWithStaff(app, db);
  const id = await patient(org.organizationId, '+48600100200', 'maria@a.test');
  await db.updateTable('users').set({ hospital_identifier: 'HX-1' }).where('id', '=', id).execute();
  const session = await signIn(app, { phone: '+48600100200' });
  assert.equal((await app.inject({ url: '/api/persons/my', headers: session })).statusCode, 200);

  assert.equal((await remove(org.owner, id)).statusCode, 204);
  const row = await db
    .selectFrom('users')
    .select([
      'removed_at',
      'email',
      'phone',
      'removed_email',
      'removed_phone',
      'surname',
      'hospital_identifier',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.ok(row.removed_at);
  assert.deepEqual(
    { ...row, removed_at: null },
    {
      removed_at: null,
      email: null,
      phone: null,
      removed_email: 'maria@a.test',
      removed_phone: '+48600100200',
      surname: 'Wiśniewska',
      hospital_identifier: 'HX-1',
    },
  );
  assert.equal((await app.inject({ url: '/api/persons/my', headers: session })).statusCode, 401);
  assert.equal(
    await db.selectFrom('sessions').select('id').where('user_id', '=', id).executeTakeFirst(),
    undefined,
  );
  assert.equal((await getPerson(org.owner, id)).statusCode, 404);
  assert.equal((await remove(org.owner, id)).statusCode, 404);

  // The same person can be added again.
  const again = await addUser(
    app,
    org.owner,
    org.organizationId,
    patientBody({ mail: 'maria@a.test', hospitalIdentifier: 'HX-1' }),
  );
  assert.equal(again.statusCode, 201, again.body);

  const self = await remove(org.owner, org.ownerId);
  assert.equal(self.statusCode, 400);
  assert.equal(self.json().code, 'cannot-remove-yourself');
});

test("owners reset a patient's password and resend the welcome message, through the outbox", async () => {
  const org = await organizationWithStaff(app, db);
  const id = await patient(org.organizationId, '+48600100200', 'maria@a.test');
  assert.equal((await resetPassword(org.owner, id)).statusCode, 204);
  assert.equal((await welcome(org.owner, id)).statusCode, 204);
  const messages = await openedOutbox(db, config);
  assert.deepEqual(
    messages.map(({ recipient, channel, subject }) => ({ recipient, channel, subject })),
    [
      { recipient: 'maria@a.test', channel: 'mail', subject: 'Zmiana hasła w serwisie Formularze' },
      { recipient: 'maria@a.test', channel: 'mail', subject: 'Witamy w serwisie Formularze' },
    ],
  );
  assert.match(messages[0]?.body ?? '', /password-reset-link\?token=[\w-]+&role=user/);
  assert.equal(
    await db
      .selectFrom('password_resets')
      .select('id')
      .where('user_id', '=', id)
      .execute()
      .then((rows) => rows.length),
    2,
  );

  const staff = await resetPassword(org.owner, org.editorId);
  assert.equal(staff.statusCode, 400);
  assert.equal(staff.json().code, 'not-a-patient');
  assert.equal((await resetPassword(org.editor, id)).statusCode, 403);
  assert.equal((await welcome(org.editor, id)).statusCode, 403);
});

test('the active forms a patient is assigned to, for the removal warning; only the own organization', async () => {
  // This file signs in more people than one address may in a minute.
  const staff = async (name: string, domain: string) => {
    const organizationId = await createOrganization(db, { name });
    const ownerId = await createUser(db, {
      email: `owner@${domain}`,
      authorities: 'ROLE_OWNER',
      organizationId,
    });
    await createUser(db, { email: `lekarz@${domain}`, authorities: 'ROLE_EDITOR', organizationId });
    return {
      organizationId,
      ownerId,
      owner: await signInFromNewAddress(app, { email: `owner@${domain}` }),
      editor: await signInFromNewAddress(app, { email: `lekarz@${domain}` }),
    };
  };
  const org = await staff('Formularze', 'f.test');
  const other = await staff('Obca', 'g.test');
  const id = await patient(org.organizationId);
  const form = async (name: string, status: 'ACTIVE' | 'PAUSED' | 'DRAFT', validTo: string | null) => {
    const { id: formId } = await db
      .insertInto('forms')
      .values({
        organization_id: org.organizationId,
        name,
        status,
        template: JSON.stringify({ type: 'FORM', children: [] }),
        rules: '[]',
        settings: '{}',
        created_by: org.ownerId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('form_allowed_users')
      .values({ form_id: formId, user_id: id, valid_since: '2000-01-01', valid_to: validTo })
      .execute();
    return formId;
  };
  const open = await form('Zdrowie', 'ACTIVE', null);
  const later = await form('Ankieta', 'ACTIVE', '2999-12-31');
  await form('Wstrzymany', 'PAUSED', null);
  await form('Szkic', 'DRAFT', null);
  await form('Zakończony dostęp', 'ACTIVE', '2000-12-31');

  const forms = (headers: Headers, personId: number) =>
    app.inject({ url: `/api/persons/${personId}/active_forms`, headers });
  const response = await forms(org.owner, id);
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), [
    { id: later, name: 'Ankieta' },
    { id: open, name: 'Zdrowie' },
  ]);
  assert.deepEqual((await forms(org.owner, org.ownerId)).json(), []);
  assert.equal((await forms(other.owner, id)).statusCode, 404);
  // Editors without user management see nothing of it.
  assert.equal((await forms(org.editor, id)).statusCode, 403);
});
