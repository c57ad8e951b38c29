import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { managedTerms, managedTermsList, TERMS_FILE_MAX_BYTES } from '@formularze/domain/schemas/terms';
import { createOrganization, createTerms, createUser, setupDatabaseAndApp, signIn } from '../../test/helpers';
import { expectApiError, type Headers } from '../../test/requests';

const { db, app, config } = await setupDatabaseAndApp();

const DAY = 24 * 60 * 60 * 1000;
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

async function ownerOf(name: string, email = `owner@${name.toLowerCase()}.test`) {
  const organizationId = await createOrganization(db, { name });
  await createUser(db, { email, authorities: 'ROLE_OWNER', organizationId });
  return { organizationId, headers: await signIn(app, { email }) };
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, 'regulamin.pdf');
    else form.append(name, value);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

const pdfFile = (bytes: Buffer = PDF, type = 'application/pdf') => new Blob([bytes], { type });

async function upload(headers: Headers, fields: Record<string, string | Blob>) {
  const { payload, contentType } = await multipart(fields);
  return app.inject({
    method: 'POST',
    url: '/api/organizations/terms',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

const list = (headers: Headers) => app.inject({ url: '/api/organizations/terms', headers });
const remove = (id: number, headers: Headers) =>
  app.inject({ method: 'DELETE', url: `/api/organizations/terms/${id}`, headers });

/** The calendar day in Poland, as the add form's date field gives it. */
const warsawDay = (at: Date) => at.toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });

test('an owner uploads a PDF: stored under terms/<organization>/ and in force from the start of the day in Poland', async () => {
  const { organizationId, headers } = await ownerOf('Przychodnia');
  const response = await upload(headers, {
    name: ' Regulamin 2026 ',
    activeSince: '2026-07-01',
    active: 'true',
    termFile: pdfFile(),
  });
  assert.equal(response.statusCode, 201, response.body);
  const created = managedTerms.parse(response.json());
  assert.equal(created.name, 'Regulamin 2026');
  // Midnight in Warsaw in summer time (UTC+2).
  assert.equal(created.activeSince, '2026-06-30T22:00:00.000Z');
  assert.equal(created.removedAt, null);
  assert.equal(created.used, false);
  assert.match(created.link, new RegExp(`^/org-media/files/terms/${organizationId}/[0-9a-f]{32}\\.pdf$`));

  const stored = path.join(config.mediaDir, created.link.replace('/org-media/files/', ''));
  assert.deepEqual(await readFile(stored), PDF);
  const served = await app.inject(created.link);
  assert.equal(served.statusCode, 200);
  assert.equal(served.headers['content-type'], 'application/pdf');

  // Winter time (UTC+1).
  const winter = managedTerms.parse(
    (await upload(headers, { name: 'Zimowy', activeSince: '2026-01-15', termFile: pdfFile() })).json(),
  );
  assert.equal(winter.activeSince, '2026-01-14T23:00:00.000Z');
});

test('terms uploaded for today are the current terms at once', async () => {
  const { organizationId, headers } = await ownerOf('Przychodnia');
  await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  const patient = await signIn(app, { phone: '+48600100200' });
  const uploaded = await upload(headers, {
    name: 'Dzisiejszy',
    activeSince: warsawDay(new Date()),
    termFile: pdfFile(),
  });
  assert.equal(uploaded.statusCode, 201, uploaded.body);
  const current = await app.inject({
    url: `/api/organizations/${organizationId}/current-terms`,
    headers: patient,
  });
  assert.equal(current.json().id, uploaded.json().id);
});

test('the list holds removed terms too, newest start first, with whether anyone accepted them', async () => {
  const { organizationId, headers } = await ownerOf('Przychodnia');
  const patient = await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  const old = await createTerms(db, {
    organizationId,
    name: 'Stary',
    activeSince: new Date(Date.now() - 9 * DAY),
  });
  const removed = await createTerms(db, {
    organizationId,
    name: 'Usunięty',
    activeSince: new Date(Date.now() - 5 * DAY),
    removedAt: new Date(),
  });
  const future = await createTerms(db, {
    organizationId,
    name: 'Przyszły',
    activeSince: new Date(Date.now() + DAY),
  });
  await db
    .insertInto('terms_acceptances')
    .values({ user_id: patient, terms_id: old, revoked_at: new Date() })
    .execute();
  const other = await createOrganization(db, { name: 'Inna' });
  await createTerms(db, { organizationId: other, name: 'Cudzy' });

  const response = await list(headers);
  assert.equal(response.statusCode, 200);
  const terms = managedTermsList.parse(response.json());
  assert.deepEqual(
    terms.map(({ id, name, used, removedAt }) => ({ id, name, used, removed: removedAt !== null })),
    [
      { id: future, name: 'Przyszły', used: false, removed: false },
      { id: removed, name: 'Usunięty', used: false, removed: true },
      // A revoked acceptance still counts: the document was accepted once.
      { id: old, name: 'Stary', used: true, removed: false },
    ],
  );
});

test("a start day taken by live terms of the organization is a conflict; removed or other organizations' terms are not", async () => {
  const { organizationId, headers } = await ownerOf('Przychodnia');
  const first = await upload(headers, { name: 'A', activeSince: '2026-09-01', termFile: pdfFile() });
  assert.equal(first.statusCode, 201);

  const files = () => readdir(path.join(config.mediaDir, 'terms', String(organizationId)));
  const filesBefore = (await files()).length;
  const again = await upload(headers, { name: 'B', activeSince: '2026-09-01', termFile: pdfFile() });
  const body = await expectApiError(again, 409, 'terms-date-conflict');
  assert.equal(
    body.message,
    'Istnieje już regulamin rozpoczynający się od tej daty. Zmień datę rozpoczęcia obowiązywania regulaminu lub usuń istniejący regulamin.',
  );
  // Any time of that day in Poland counts: 23:30 on 2026-09-10 in Warsaw is 21:30 UTC.
  await createTerms(db, { organizationId, activeSince: new Date('2026-09-10T21:30:00Z') });
  await expectApiError(
    await upload(headers, { name: 'C', activeSince: '2026-09-10', termFile: pdfFile() }),
    409,
    'terms-date-conflict',
  );
  // ...and only that day: 00:30 on 2026-09-12 in Warsaw is still 2026-09-11 in UTC.
  await createTerms(db, { organizationId, activeSince: new Date('2026-09-11T22:30:00Z') });
  assert.equal(
    (await upload(headers, { name: 'D', activeSince: '2026-09-11', termFile: pdfFile() })).statusCode,
    201,
  );
  // Refused uploads leave no file behind.
  assert.equal((await files()).length, filesBefore + 1);

  assert.equal((await remove(first.json().id, headers)).statusCode, 204);
  assert.equal(
    (await upload(headers, { name: 'E', activeSince: '2026-09-01', termFile: pdfFile() })).statusCode,
    201,
  );

  const other = await ownerOf('Inna');
  assert.equal(
    (await upload(other.headers, { name: 'F', activeSince: '2026-09-01', termFile: pdfFile() })).statusCode,
    201,
  );
});

test('only a PDF is accepted: by its content type and by its first bytes', async () => {
  const { organizationId, headers } = await ownerOf('Przychodnia');
  const cases = [
    pdfFile(Buffer.from('<html><script>alert(1)</script></html>')),
    pdfFile(PDF, 'text/html'),
    pdfFile(PDF, 'application/octet-stream'),
  ];
  for (const termFile of cases) {
    const body = await expectApiError(
      await upload(headers, { name: 'X', activeSince: '2026-10-01', termFile }),
      400,
      'validation',
    );
    assert.deepEqual(body.fields, { termFile: 'Plik regulaminu musi być dokumentem PDF.' });
  }
  const missing = await expectApiError(
    await upload(headers, { name: 'X', activeSince: '2026-10-01' }),
    400,
    'validation',
  );
  assert.deepEqual(missing.fields, { termFile: 'Wybierz plik PDF regulaminu.' });
  const empty = await expectApiError(
    await upload(headers, { name: 'X', activeSince: '2026-10-01', termFile: pdfFile(Buffer.alloc(0)) }),
    400,
    'validation',
  );
  assert.deepEqual(empty.fields, { termFile: 'Wybierz plik PDF regulaminu.' });
  assert.equal(
    (await db.selectFrom('terms').select('id').where('organization_id', '=', organizationId).execute())
      .length,
    0,
  );
});

test('name and start day are required; the start day is a calendar date; active can only be true', async () => {
  const { headers } = await ownerOf('Przychodnia');
  const body = await expectApiError(
    await upload(headers, { name: '  ', activeSince: '2026-02-30', active: 'false', termFile: pdfFile() }),
    400,
    'validation',
  );
  assert.deepEqual(Object.keys(body.fields ?? {}).sort(), ['active', 'activeSince', 'name']);
  assert.equal(body.fields?.name, 'To pole jest wymagane');
  await expectApiError(await upload(headers, { name: 'A', termFile: pdfFile() }), 400, 'validation');

  const json = await app.inject({
    method: 'POST',
    url: '/api/organizations/terms',
    headers,
    payload: { name: 'A', activeSince: '2026-10-01' },
  });
  await expectApiError(json, 400, 'not-multipart');
});

test('a PDF over 10 MB is refused with a Polish message', async () => {
  const { headers } = await ownerOf('Przychodnia');
  const large = Buffer.concat([PDF, Buffer.alloc(TERMS_FILE_MAX_BYTES)]);
  const body = await expectApiError(
    await upload(headers, { name: 'Duży', activeSince: '2026-10-01', termFile: pdfFile(large) }),
    413,
    'file-too-large',
  );
  assert.equal(body.message, 'Plik jest za duży (maksymalnie 10 MB).');
});

test("unused live terms are removed softly; used ones stay; others' and removed ones are not found", async () => {
  const { organizationId, headers } = await ownerOf('Przychodnia');
  const patient = await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  const unused = await createTerms(db, { organizationId, activeSince: new Date(Date.now() + DAY) });
  const used = await createTerms(db, { organizationId });
  await db.insertInto('terms_acceptances').values({ user_id: patient, terms_id: used }).execute();
  const other = await createOrganization(db, { name: 'Inna' });
  const othersTerms = await createTerms(db, { organizationId: other });

  assert.equal((await remove(unused, headers)).statusCode, 204);
  const row = await db
    .selectFrom('terms')
    .select('removed_at')
    .where('id', '=', unused)
    .executeTakeFirstOrThrow();
  assert.ok(row.removed_at instanceof Date);
  await expectApiError(await remove(unused, headers), 404, 'not-found');

  const refused = await expectApiError(await remove(used, headers), 400, 'cant-remove-used-terms');
  assert.equal(refused.message, 'Błąd usuwania regulaminu, ktoś już zaakceptował ten regulamin.');
  await expectApiError(await remove(othersTerms, headers), 404, 'not-found');
  await expectApiError(await remove(999_999, headers), 404, 'not-found');
  const others = await db
    .selectFrom('terms')
    .select('removed_at')
    .where('id', '=', othersTerms)
    .executeTakeFirstOrThrow();
  assert.equal(others.removed_at, null);
});

test('managing terms needs terms-page:view, and each organization sees only its own', async () => {
  const { organizationId } = await ownerOf('Przychodnia');
  await createTerms(db, { organizationId });
  const other = await ownerOf('Inna');
  assert.deepEqual(managedTermsList.parse((await list(other.headers)).json()), []);

  await createUser(db, { email: 'lekarz@przychodnia.test', authorities: 'ROLE_EDITOR', organizationId });
  const editor = await signIn(app, { email: 'lekarz@przychodnia.test' });
  await createUser(db, { phone: '+48600100200', authorities: 'ROLE_USER', organizationId });
  const patient = await signIn(app, { phone: '+48600100200' });
  for (const caller of [editor, patient]) {
    await expectApiError(await list(caller), 403, 'forbidden');
    await expectApiError(
      await upload(caller, { name: 'A', activeSince: '2026-10-01', termFile: pdfFile() }),
      403,
      'forbidden',
    );
    await expectApiError(await remove(1, caller), 403, 'forbidden');
  }
  assert.equal((await list({})).statusCode, 401);

  // The platform administrator has the permission but no organization.
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const admin = await signIn(app, { email: 'admin@platform.test' });
  await expectApiError(await list(admin), 404, 'not-found');
  await expectApiError(
    await upload(admin, { name: 'A', activeSince: '2026-10-01', termFile: pdfFile() }),
    404,
    'not-found',
  );
});
