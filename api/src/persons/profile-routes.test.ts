import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import { AVATAR_MAX_BYTES, myProfile, type UpdateMyProfileBody } from '@formularze/domain/schemas/profile';
import { UNSTORABLE_TEXT_MESSAGE } from '../core/http/unstorable-text';
import { createOrganization, createUser, setupDatabaseAndApp, signIn } from '../../test/helpers';

const { db, app, config } = await setupDatabaseAndApp();

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(32),
]);

async function patient({ phone = '+48600100200', email = 'pacjent@org.test' } = {}) {
  const organizationId = await createOrganization(db);
  const userId = await createUser(db, { email, phone, authorities: 'ROLE_USER', organizationId });
  return { organizationId, userId, headers: await signIn(app, { phone }) };
}

async function owner(organizationId?: number) {
  const orgId = organizationId ?? (await createOrganization(db, { name: 'Druga' }));
  const userId = await createUser(db, {
    email: 'owner@org.test',
    authorities: 'ROLE_OWNER',
    organizationId: orgId,
  });
  return { userId, organizationId: orgId, headers: await signIn(app, { email: 'owner@org.test' }) };
}

const EMPTY_ADDRESS = { name: null, street: null, city: null, zipCode: null, post: null, phone: null };

function body(overrides: Partial<UpdateMyProfileBody> = {}): UpdateMyProfileBody {
  return {
    firstName: 'Maria',
    surname: 'Wiśniewska',
    mail: 'pacjent@org.test',
    phone: '+48600100200',
    gender: 'Female',
    yearOfBirth: 1980,
    address: { ...EMPTY_ADDRESS, street: 'Jasna 1A/3', city: 'Kraków', zipCode: '30-001' },
    preferredChannel: 'mail',
    enableReminders: true,
    ...overrides,
  };
}

function put(headers: Record<string, string>, payload: unknown) {
  return app.inject({ method: 'PUT', url: '/api/persons/my', headers, payload: payload as object });
}

test('a patient saves the profile and reads it back', async () => {
  const { headers } = await patient();
  const response = await put(headers, body({ description: 'Opis', title: 'mgr' }));
  assert.equal(response.statusCode, 200, response.body);
  const saved = myProfile.parse((await app.inject({ url: '/api/persons/my/profile', headers })).json());
  assert.equal(saved.firstName, 'Maria');
  assert.equal(saved.address.zipCode, '30-001');
  assert.equal(saved.address.street, 'Jasna 1A/3');
  assert.equal(saved.yearOfBirth, 1980);
  assert.equal(saved.description, 'Opis');
  assert.equal(saved.username, 'pacjent@org.test');
  assert.equal(saved.isPatient, true);
  assert.equal(saved.enableProfileDataEdition, true);
});

test('validation table: zip, year of birth, description, phone', async () => {
  const { headers } = await patient();
  const year = new Date().getFullYear();
  const cases: [string, Partial<UpdateMyProfileBody>, string, string][] = [
    [
      'zip without dash',
      { address: { ...EMPTY_ADDRESS, zipCode: '30001' } },
      'address.zipCode',
      'Nieprawidłowy format.',
    ],
    [
      'zip too short',
      { address: { ...EMPTY_ADDRESS, zipCode: '30-01' } },
      'address.zipCode',
      'Nieprawidłowy format.',
    ],
    ['year 1899', { yearOfBirth: 1899 }, 'yearOfBirth', 'Błędny rok urodzenia'],
    ['future year', { yearOfBirth: year + 1 }, 'yearOfBirth', 'Błędny rok urodzenia'],
    ['year of 3 digits', { yearOfBirth: 999 }, 'yearOfBirth', 'Błędny rok urodzenia'],
    [
      'description of 101',
      { description: 'x'.repeat(101) },
      'description',
      'Opis może mieć najwyżej 100 znaków.',
    ],
    ['phone of two digits', { phone: '12' }, 'phone', 'Nieprawidłowy format'],
    ['no phone, no mail', { phone: '+48', mail: null }, 'phone', 'Podaj numer telefonu lub adres email.'],
    ['bad email', { mail: 'nie-email' }, 'mail', 'Nieprawidłowy format'],
  ];
  for (const [name, overrides, field, message] of cases) {
    const response = await put(headers, body(overrides));
    assert.equal(response.statusCode, 400, name);
    assert.equal(response.json().fields?.[field], message, `${name}: ${response.body}`);
  }
  assert.equal(
    (await put(headers, body({ yearOfBirth: year, description: 'x'.repeat(100) }))).statusCode,
    200,
  );
});

test('phones are normalised: punctuation stripped, +48 added, +48 alone is no phone', async () => {
  const { headers } = await patient();
  const saved = (
    await put(headers, body({ phone: '600 100-200', address: { ...EMPTY_ADDRESS, phone: '(12) 345 67 89' } }))
  ).json();
  assert.equal(saved.phone, '+48600100200');
  assert.equal(saved.address.phone, '+48123456789');
  const withoutPhone = (await put(headers, body({ phone: '+48', preferredChannel: 'phone' }))).json();
  assert.equal(withoutPhone.phone, null);
  assert.equal(withoutPhone.preferredChannel, 'mail', 'no phone: the channel falls back to email');
});

test('a phone or an email of somebody else is a 409 with the specification codes', async () => {
  const { organizationId, headers } = await patient();
  await createUser(db, {
    email: 'inny@org.test',
    phone: '+48700700700',
    authorities: 'ROLE_USER',
    organizationId,
  });
  const phone = await put(headers, body({ phone: '700700700' }));
  assert.equal(phone.statusCode, 409);
  assert.equal(phone.json().code, 'Phone is not unique');
  assert.equal(
    phone.json().message,
    'Nie udało się dokonać edycji. Podany numer telefonu istnieje już w systemie.',
  );
  const mail = await put(headers, body({ mail: 'INNY@org.test' }));
  assert.equal(mail.statusCode, 409);
  assert.equal(mail.json().code, 'Email is not unique');
});

test('only a patient changes their email; staff may not', async () => {
  const { headers: patientHeaders } = await patient();
  const changed = await put(patientHeaders, body({ mail: 'nowy@org.test' }));
  assert.equal(changed.statusCode, 200);
  assert.equal(changed.json().mail, 'nowy@org.test');

  const { headers } = await owner();
  const staff = body({ mail: 'owner@org.test', phone: null, gender: null, yearOfBirth: null });
  assert.equal((await put(headers, staff)).statusCode, 200);
  const refused = await put(headers, { ...staff, mail: 'nowy-owner@org.test' });
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().code, 'email-change-forbidden');
});

test('a patient whose organization turned off profile edition keeps personal data but sets preferences', async () => {
  const { userId, headers } = await patient();
  assert.equal((await put(headers, body())).statusCode, 200);
  await db
    .updateTable('users')
    .set({ enable_profile_data_edition: false })
    .where('id', '=', userId)
    .execute();
  const profile = (await app.inject({ url: '/api/persons/my/profile', headers })).json();
  assert.equal(profile.enableProfileDataEdition, false);

  const refused = await put(headers, body({ surname: 'Kowalska' }));
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().code, 'profile-data-edition-disabled');
  const preferences = await put(headers, body({ enableReminders: false, preferredChannel: 'phone' }));
  assert.equal(preferences.statusCode, 200, preferences.body);
  assert.equal(preferences.json().enableReminders, false);
});

test('the profile needs a session and the profile permission', async () => {
  assert.equal((await put({}, body())).statusCode, 401);
  assert.equal((await app.inject({ url: '/api/persons/my/profile' })).statusCode, 401);
});

// --- PUT /api/persons/ext -----------------------------------------------------------------------

function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----formularze-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function putExt(
  headers: Record<string, string>,
  properties: object,
  file?: { value: Buffer; filename: string; type?: string },
) {
  const { payload, contentType } = multipart([
    ...(file ? [{ name: 'avatarImage', ...file }] : []),
    { name: 'properties', value: JSON.stringify(properties) },
  ]);
  return app.inject({
    method: 'PUT',
    url: '/api/persons/ext',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

beforeEach(() => rm(path.join(config.mediaDir, 'avatars'), { recursive: true, force: true }));

const avatarFiles = async () => readdir(path.join(config.mediaDir, 'avatars')).catch(() => [] as string[]);

test('a PNG avatar is stored under a random name, served, and not listed as help', async () => {
  const { headers } = await patient();
  const response = await putExt(headers, body(), {
    value: PNG,
    filename: '../../etc/passwd.png',
    type: 'image/png',
  });
  assert.equal(response.statusCode, 200, response.body);
  const { avatarPath } = response.json();
  assert.match(avatarPath, /^\/org-media\/files\/avatars\/[0-9a-f]{32}\.png$/);
  assert.ok(!avatarPath.includes('passwd'), 'the client file name is never used');
  const served = await app.inject({ url: avatarPath });
  assert.equal(served.statusCode, 200);
  assert.deepEqual(served.rawPayload, PNG);
  assert.deepEqual((await app.inject({ url: '/api/media' })).json().files, []);
  assert.equal((await app.inject({ url: '/api/persons/my', headers })).json().avatarPath, avatarPath);
});

test('an HTML page renamed to .png is refused, and nothing is stored', async () => {
  const { headers } = await patient();
  const html = Buffer.from('<html><script>alert(1)</script></html>');
  const response = await putExt(headers, body(), { value: html, filename: 'avatar.png', type: 'image/png' });
  assert.equal(response.statusCode, 400);
  assert.equal(response.json().message, 'Dozwolone są tylko obrazy PNG, JPEG lub WebP.');
  assert.deepEqual(await avatarFiles(), []);
});

test('a file over 2 MB is refused with a Polish 413', async () => {
  const { headers } = await patient();
  const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
  const response = await putExt(headers, body(), { value: big, filename: 'big.png' });
  assert.equal(response.statusCode, 413);
  assert.equal(response.json().message, 'Plik jest za duży (maksymalnie 2 MB).');
  assert.deepEqual(await avatarFiles(), []);
});

test('replacing and removing the avatar deletes the old file; a refused save keeps none', async () => {
  const { headers } = await patient();
  const first = (await putExt(headers, body(), { value: PNG, filename: 'a.png' })).json().avatarPath;
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);
  const second = (await putExt(headers, body(), { value: jpeg, filename: 'b.jpg' })).json().avatarPath;
  assert.match(second, /\.jpg$/);
  assert.deepEqual(await avatarFiles(), [path.posix.basename(second)]);

  const kept = await putExt(headers, body({ firstName: 'Anna' }));
  assert.equal(kept.json().avatarPath, second, 'no file and no removal: the avatar stays');

  const invalid = await putExt(headers, body({ yearOfBirth: 1800 }), { value: PNG, filename: 'c.png' });
  assert.equal(invalid.statusCode, 400);
  assert.equal(invalid.json().fields.yearOfBirth, 'Błędny rok urodzenia');
  assert.deepEqual(await avatarFiles(), [path.posix.basename(second)]);

  const removed = await putExt(headers, { ...body(), removeAvatar: true });
  assert.equal(removed.json().avatarPath, null);
  assert.deepEqual(await avatarFiles(), []);
  assert.notEqual(first, second);
});

test('a multipart save obeys the same uniqueness rules', async () => {
  const { organizationId, headers } = await patient();
  await createUser(db, { email: 'inny@org.test', authorities: 'ROLE_USER', organizationId });
  const response = await putExt(headers, body({ mail: 'inny@org.test' }), { value: PNG, filename: 'a.png' });
  assert.equal(response.statusCode, 409);
  assert.equal(response.json().code, 'Email is not unique');
  assert.deepEqual(await avatarFiles(), []);
});

test('a multipart save with a NUL character in its properties is refused naming the field', async () => {
  const { headers } = await patient();
  const response = await putExt(headers, body({ firstName: 'Ma\u0000ria' }), {
    value: PNG,
    filename: 'a.png',
  });
  assert.equal(response.statusCode, 400, response.body);
  assert.deepEqual(response.json().fields, { firstName: UNSTORABLE_TEXT_MESSAGE });
  assert.deepEqual(await avatarFiles(), []);
});
