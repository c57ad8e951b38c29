import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ADD_DUPLICATE_MESSAGES,
  addPersonResponse,
  matchingUsers,
  member,
  personConflict,
} from '@formularze/domain/schemas/members';
import { PHONE_OR_MAIL_MESSAGE } from '@formularze/domain/schemas/profile';
import { createOrganization, createUser, setupDatabaseAndApp, TEST_PASSWORD } from '../../test/helpers';
import { openedOutbox } from '../../test/outbox';
import { addUser, organizationWithStaff, patientBody, staffBody } from '../../test/members-fixture';

const { db, app, config } = await setupDatabaseAndApp({ publicUrl: 'https://formularze.test' });

const outbox = () => openedOutbox(db, config);

test('an owner adds a patient known by phone: 201, a welcome SMS with a set-password link', async () => {
  const org = await organizationWithStaff(app, db);
  const response = await addUser(
    app,
    org.owner,
    org.organizationId,
    patientBody({
      phone: '600 100 200',
      hospitalIdentifier: ' HX-1 ',
      description: 'Pacjent poradni',
      gender: 'Female',
      address: {
        name: null,
        street: 'Jasna 1A/3',
        city: 'Kraków',
        zipCode: '30-001',
        post: null,
        phone: null,
      },
    }),
  );
  assert.equal(response.statusCode, 201, response.body);
  const { id, message } = addPersonResponse.parse(response.json());
  assert.equal(message, 'Dodano użytkownika');

  const shown = member.parse((await app.inject({ url: `/api/persons/${id}`, headers: org.owner })).json());
  assert.equal(shown.phone, '+48600100200');
  assert.equal(shown.hospitalIdentifier, 'HX-1');
  assert.equal(shown.address.street, 'Jasna 1A/3');
  assert.equal(shown.user.authorities, 'ROLE_USER');
  assert.equal(shown.user.activated, true);
  assert.equal(shown.enableProfileDataEdition, true);

  const [sms] = await outbox();
  assert.equal(sms?.channel, 'sms');
  assert.equal(sms?.recipient, '+48600100200');
  assert.match(sms?.body ?? '', /Przychodnia założyła Ci konto/);
  const link = new URL(/https:\S+/.exec(sms?.body ?? '')?.[0] ?? '');
  assert.equal(link.origin + link.pathname, 'https://formularze.test/password-reset-link');
  assert.equal(link.searchParams.get('role'), 'user');
  // The link is a live reset link of the new account.
  const check = await app.inject({ url: `/api/auth/reset-link/${link.searchParams.get('token')}` });
  assert.equal(check.statusCode, 200);
  assert.equal(check.json().login, '+48600100200');

  // Nobody knows the password the account was created with.
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phone: '+48600100200', password: TEST_PASSWORD },
  });
  assert.equal(login.statusCode, 401);
});

test('staff get a welcome e-mail that leads to the staff door', async () => {
  const org = await organizationWithStaff(app, db);
  const response = await addUser(app, org.owner, org.organizationId, staffBody({ mail: 'Ewa.Lis@A.test' }));
  assert.equal(response.statusCode, 201, response.body);
  const [mail] = await outbox();
  assert.equal(mail?.channel, 'mail');
  assert.equal(mail?.recipient, 'ewa.lis@a.test');
  assert.equal(mail?.subject, 'Witamy w serwisie Formularze');
  assert.match(mail?.body ?? '', /role=employee/);
});

test('who may give which role: owners any, editors patients, and doctors only when managing users', async () => {
  const closed = await organizationWithStaff(app, db);
  const editorOwner = await addUser(
    app,
    closed.editor,
    closed.organizationId,
    staffBody({ role: 'ROLE_OWNER' }),
  );
  assert.equal(editorOwner.statusCode, 403);
  assert.equal(editorOwner.json().code, 'role-forbidden');
  const editorEditor = await addUser(app, closed.editor, closed.organizationId, staffBody());
  assert.equal(editorEditor.statusCode, 403);
  const editorPatient = await addUser(app, closed.editor, closed.organizationId, patientBody());
  assert.equal(editorPatient.statusCode, 201, editorPatient.body);
  // Only owners decide whether a patient may edit their own data.
  const locked = await addUser(
    app,
    closed.editor,
    closed.organizationId,
    patientBody({ phone: '+48600100299', enableProfileDataEdition: false }),
  );
  assert.equal(locked.statusCode, 403);
  assert.equal(locked.json().code, 'profile-data-edition-forbidden');

  const open = await organizationWithStaff(app, db, {
    name: 'Otwarta',
    domain: 'b.test',
    editorsCanManageUsers: true,
  });
  assert.equal(
    (await addUser(app, open.editor, open.organizationId, staffBody({ mail: 'x@b.test' }))).statusCode,
    201,
  );
  assert.equal(
    (
      await addUser(
        app,
        open.editor,
        open.organizationId,
        staffBody({ role: 'ROLE_OWNER', mail: 'y@b.test' }),
      )
    ).statusCode,
    403,
  );
  const newOwner = await addUser(
    app,
    open.owner,
    open.organizationId,
    staffBody({ role: 'ROLE_OWNER', mail: 'z@b.test', enableProfileDataEdition: false }),
  );
  assert.equal(newOwner.statusCode, 201);
  const row = await db
    .selectFrom('users')
    .select(['authorities', 'enable_profile_data_edition'])
    .where('email', '=', 'z@b.test')
    .executeTakeFirstOrThrow();
  // Always on for owners.
  assert.deepEqual(row, { authorities: 'ROLE_OWNER', enable_profile_data_edition: true });
});

test('staff need names and an email; patients a phone or an email', async () => {
  const org = await organizationWithStaff(app, db);
  const cases = [
    [staffBody({ firstName: null }), 'firstName'],
    [staffBody({ surname: ' ' }), 'surname'],
    [staffBody({ mail: null }), 'mail'],
    [patientBody({ phone: '+48', mail: null }), 'phone'],
  ] as const;
  for (const [body] of cases) {
    const response = await addUser(app, org.owner, org.organizationId, body);
    assert.equal(response.statusCode, 400, JSON.stringify(body));
  }
  const none = await addUser(app, org.owner, org.organizationId, patientBody({ phone: null, mail: null }));
  assert.equal(none.json().message, PHONE_OR_MAIL_MESSAGE);
  const badMail = await addUser(
    app,
    org.owner,
    org.organizationId,
    patientBody({ phone: null, mail: 'nie-email' }),
  );
  assert.equal(badMail.statusCode, 400);
  const long = await addUser(
    app,
    org.owner,
    org.organizationId,
    patientBody({ description: 'x'.repeat(101) }),
  );
  assert.equal(long.statusCode, 400);
  assert.equal(long.json().code, 'validation');
  assert.equal(
    (await addUser(app, org.owner, org.organizationId, { ...patientBody(), role: 'ROLE_ADMIN' as never }))
      .statusCode,
    400,
  );
  const byMail = await addUser(
    app,
    org.owner,
    org.organizationId,
    patientBody({ phone: null, mail: 'p@a.test' }),
  );
  assert.equal(byMail.statusCode, 201);
  assert.deepEqual(await db.selectFrom('outbox').select('channel').execute(), [{ channel: 'mail' }]);
});

test('duplicates are 409 with every flag: logins platform-wide, hospital identifiers per organization', async () => {
  const org = await organizationWithStaff(app, db);
  const other = await createOrganization(db, { name: 'Inna' });
  await createUser(db, {
    email: 'zajety@b.test',
    phone: '+48700700700',
    authorities: 'ROLE_USER',
    organizationId: other,
  });
  await db
    .updateTable('users')
    .set({ hospital_identifier: 'HX-9' })
    .where('email', '=', 'zajety@b.test')
    .execute();
  assert.equal(
    (await addUser(app, org.owner, org.organizationId, patientBody({ hospitalIdentifier: 'HX-1' })))
      .statusCode,
    201,
  );

  const phone = await addUser(app, org.owner, org.organizationId, patientBody({ phone: '+48700700700' }));
  assert.equal(phone.statusCode, 409);
  assert.deepEqual(personConflict.parse(phone.json()), {
    statusCode: 409,
    error: 'Conflict',
    message: ADD_DUPLICATE_MESSAGES['phone-exists'],
    code: 'phone-exists',
    duplicates: ['phone-exists'],
  });
  const email = await addUser(app, org.owner, org.organizationId, staffBody({ mail: 'ZAJETY@b.test' }));
  assert.equal(email.json().code, 'email-exists');
  assert.equal(email.json().message, 'Adres email jest już używany w systemie.');
  const identifier = await addUser(
    app,
    org.owner,
    org.organizationId,
    patientBody({ phone: '+48600100201', hospitalIdentifier: 'HX-1' }),
  );
  assert.equal(identifier.json().code, 'hospital-identifier-exists');
  assert.equal(identifier.json().message, 'Identyfikator jest już używany w systemie.');
  const all = await addUser(
    app,
    org.owner,
    org.organizationId,
    patientBody({ phone: '+48600100200', mail: 'zajety@b.test', hospitalIdentifier: 'HX-1' }),
  );
  assert.deepEqual(all.json().duplicates, ['phone-exists', 'email-exists', 'hospital-identifier-exists']);
  // Another organization's identifier is no duplicate.
  const foreignIdentifier = await addUser(
    app,
    org.owner,
    org.organizationId,
    patientBody({ phone: '+48600100202', hospitalIdentifier: 'HX-9' }),
  );
  assert.equal(foreignIdentifier.statusCode, 201);
});

test("only into the caller's own organization", async () => {
  const org = await organizationWithStaff(app, db);
  const other = await createOrganization(db, { name: 'Inna' });
  const response = await addUser(app, org.owner, other, patientBody());
  assert.equal(response.statusCode, 404);
  assert.equal(
    await db.selectFrom('users').select('id').where('phone', '=', '+48600100200').executeTakeFirst(),
    undefined,
  );
});

test("the lookup offers the organization's own people and refuses logins of anybody else", async () => {
  const org = await organizationWithStaff(app, db);
  const lookup = (payload: object, headers = org.owner) =>
    app.inject({ method: 'POST', url: '/api/organizations/fetch_matching_users', headers, payload });
  await addUser(app, org.owner, org.organizationId, patientBody({ hospitalIdentifier: 'HX-1' }));
  const other = await createOrganization(db, { name: 'Inna' });
  await createUser(db, { email: 'obcy@b.test', authorities: 'ROLE_USER', organizationId: other });
  await db
    .updateTable('users')
    .set({ hospital_identifier: 'HX-2' })
    .where('email', '=', 'obcy@b.test')
    .execute();

  const byPhone = await lookup({ phone: '600100200' });
  assert.equal(byPhone.statusCode, 200, byPhone.body);
  assert.deepEqual(
    matchingUsers.parse(byPhone.json()).map((person) => person.surname),
    ['Wiśniewska'],
  );
  assert.equal(matchingUsers.parse((await lookup({ hospitalIdentifier: 'HX-1' })).json()).length, 1);
  // The editor adds patients too, and looks them up the same way.
  assert.equal((await lookup({ hospitalIdentifier: 'HX-1' }, org.editor)).statusCode, 200);
  assert.deepEqual((await lookup({ hospitalIdentifier: 'HX-2' })).json(), []);
  assert.deepEqual((await lookup({})).json(), []);

  const outside = await lookup({ email: 'obcy@b.test', phone: '+48600100200' });
  assert.equal(outside.statusCode, 409);
  assert.deepEqual(personConflict.parse(outside.json()).duplicates, ['email-exists']);
  const superAdmin = await createUser(db, { email: 'root@platform.test', authorities: 'ROLE_ADMIN' });
  assert.ok(superAdmin);
  assert.equal((await lookup({ email: 'root@platform.test' })).statusCode, 409);
});
