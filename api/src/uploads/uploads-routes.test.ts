import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import { FILE_TYPE_NOT_ALLOWED_CODE, uploadFileTypeList } from '@formularze/domain/schemas/uploads';
import { setupTestDatabase } from '../../test/helpers';
import { expectError, SAMPLES, uploadsTestApp } from '../../test/uploads-fixture';

const db = await setupTestDatabase();
const LIMIT = 64 * 1024;
const { app, config, clock, upload, uploadParts, uploaded, organization } = await uploadsTestApp(db, {
  maxUploadBytes: LIMIT,
});
const START = new Date('2026-06-10T10:00:00Z');
// The database starts empty for each test, so its organization ids come again: so must the folder.
beforeEach(() => rm(config.uploadsDir, { recursive: true, force: true }));

const storedPath = (organizationId: number, id: string) =>
  path.join(config.uploadsDir, String(organizationId), id);
const storedFiles = async (organizationId: number) =>
  readdir(path.join(config.uploadsDir, String(organizationId))).catch(() => []);

test('the four field file types with the Polish list of their extensions', async () => {
  clock.now = START;
  const { anna } = await organization('Alfa');
  const response = await app.inject({ url: '/api/form_data/upload/file_types', headers: anna });
  assert.equal(response.statusCode, 200, response.body);
  const types = uploadFileTypeList.parse(response.json());
  assert.deepEqual(
    types.map((type) => type.name),
    ['Document', 'Image', 'Movie', 'Any'],
  );
  const document = types.find((type) => type.name === 'Document')!;
  assert.deepEqual(document.extensions, [
    'pdf',
    'doc',
    'docx',
    'odt',
    'txt',
    'rtf',
    'xls',
    'xlsx',
    'ods',
    'csv',
  ]);
  assert.equal(document.details, 'Dokumenty: pdf, doc, docx, odt, txt, rtf, xls, xlsx, ods, csv');
  assert.match(types.find((type) => type.name === 'Image')!.details, /jpg, jpeg, png, gif, webp, heic, bmp/);
  assert.match(types.find((type) => type.name === 'Movie')!.details, /mp4, mov, avi, mkv, webm/);
  assert.deepEqual(types.find((type) => type.name === 'Any')!.extensions, []);
  assert.equal((await app.inject('/api/form_data/upload/file_types')).statusCode, 401);
});

test('an upload is streamed to disk under its id; the content, not the client, gives its type', async () => {
  clock.now = START;
  const { anna, ids, organizationId } = await organization('Alfa');
  // Larger than one stream chunk, below the limit.
  const pdf = Buffer.concat([SAMPLES.pdf, Buffer.alloc(LIMIT - SAMPLES.pdf.length - 10, 0x20)]);
  const file = await uploaded(anna, 'C:\\fakepath\\Zaświadczenie lekarskie.pdf', pdf, '?fileType=Document');
  assert.match(file.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.deepEqual(
    { name: file.name, mimeType: file.mimeType, size: file.size },
    { name: 'Zaświadczenie lekarskie.pdf', mimeType: 'application/pdf', size: pdf.length },
  );
  assert.deepEqual(await readFile(storedPath(organizationId, file.id)), pdf);
  const row = await db.selectFrom('uploaded_files').selectAll().executeTakeFirstOrThrow();
  assert.deepEqual(
    [row.uploaded_by, row.organization_id, row.form_data_id, row.extension],
    [ids.anna, organizationId, null, 'pdf'],
  );

  // The client's content type is ignored; text is accepted as csv by its name.
  const png = await uploadParts(
    anna,
    [{ name: 'zdjęcie.png', content: SAMPLES.png, contentType: 'text/html' }],
    '?fileType=Image',
  );
  assert.equal(png.statusCode, 201, png.body);
  assert.equal(png.json().mimeType, 'image/png');
  const csv = await uploaded(anna, 'wyniki.csv', SAMPLES.csv, '?fileType=Document');
  assert.equal(csv.mimeType, 'text/csv; charset=utf-8');
});

test('content that the field type does not take is refused, whatever the name says', async () => {
  clock.now = START;
  const { anna, organizationId } = await organization('Alfa');
  for (const [name, content, fileType] of [
    ['skan.pdf', SAMPLES.png, 'Document'],
    ['zdjecie.jpg', SAMPLES.exe, 'Image'],
    ['wyniki.csv', SAMPLES.exe, 'Document'],
    ['film.mp4', SAMPLES.jpg, 'Movie'],
  ] as const) {
    const body = expectError(
      await upload(anna, name, content, `?fileType=${fileType}`),
      400,
      FILE_TYPE_NOT_ALLOWED_CODE,
    );
    assert.ok(body.message.startsWith(FILE_TYPE_NOT_ALLOWED_CODE), name);
  }
  assert.deepEqual(await storedFiles(organizationId), []);
  assert.equal((await db.selectFrom('uploaded_files').select('id').execute()).length, 0);

  // Without a field type any file is taken, typed by its content.
  const renamed = await uploaded(anna, 'skan.pdf', SAMPLES.png);
  assert.equal(renamed.mimeType, 'image/png');
  const program = await uploaded(anna, 'zdjecie.jpg', SAMPLES.exe);
  assert.equal(program.mimeType, 'application/x-msdownload');
});

test('too large, empty, missing and non-multipart uploads are refused and leave nothing behind', async () => {
  clock.now = START;
  const { anna, organizationId } = await organization('Alfa');
  const tooLarge = Buffer.concat([SAMPLES.pdf, Buffer.alloc(LIMIT, 0x20)]);
  expectError(await upload(anna, 'duży.pdf', tooLarge, '?fileType=Document'), 413, 'file-too-large');
  expectError(await upload(anna, 'pusty.txt', Buffer.alloc(0)), 400, 'file-empty');
  expectError(
    await uploadParts(anna, [{ name: 'skan.pdf', content: SAMPLES.pdf, field: 'document' }]),
    400,
    'file-missing',
  );
  expectError(
    await app.inject({ method: 'POST', url: '/api/form_data/upload_file', payload: {}, headers: anna }),
    400,
    'not-multipart',
  );
  assert.deepEqual(await storedFiles(organizationId), []);
  assert.equal((await db.selectFrom('uploaded_files').select('id').execute()).length, 0);
});

test('an unattached upload is served to its uploader only, with safe headers; never across organizations', async () => {
  clock.now = START;
  const alfa = await organization('Alfa');
  const beta = await organization('Beta', '+48600100300');
  const file = await uploaded(alfa.anna, 'Zaświadczenie łóżkowe.pdf', SAMPLES.pdf);

  const inline = await app.inject({ url: `/api/form_data/serve_file/${file.id}`, headers: alfa.anna });
  assert.equal(inline.statusCode, 200, inline.body);
  assert.deepEqual(inline.rawPayload, SAMPLES.pdf);
  assert.equal(inline.headers['content-type'], 'application/pdf');
  assert.equal(
    inline.headers['content-disposition'],
    `inline; filename="Zaswiadczenie lozkowe.pdf"; filename*=UTF-8''Za%C5%9Bwiadczenie%20%C5%82%C3%B3%C5%BCkowe.pdf`,
  );
  assert.equal(inline.headers['x-content-type-options'], 'nosniff');
  assert.equal(inline.headers['content-security-policy'], 'sandbox');
  assert.equal(inline.headers['cache-control'], 'no-store');

  const download = await app.inject({
    url: `/api/form_data/serve_file/${file.id}?download=true`,
    headers: alfa.anna,
  });
  assert.equal(download.statusCode, 200);
  assert.match(String(download.headers['content-disposition']), /^attachment; filename="Zaswiadczenie/);

  // Until a save attaches it, nobody else reads it: not another patient, not staff, not another tenant.
  for (const headers of [alfa.bartek, alfa.owner, beta.owner, beta.anna]) {
    expectError(
      await app.inject({ url: `/api/form_data/serve_file/${file.id}`, headers }),
      404,
      'file-not-found',
    );
  }
  expectError(
    await app.inject({ url: '/api/form_data/serve_file/nie-ma', headers: alfa.anna }),
    404,
    'file-not-found',
  );
  assert.equal((await app.inject(`/api/form_data/serve_file/${file.id}`)).statusCode, 401);
});

test('uploads never attached are swept after a day, with their bytes', async () => {
  clock.now = START;
  const { anna, organizationId } = await organization('Alfa');
  const old = await uploaded(anna, 'stary.pdf', SAMPLES.pdf);
  clock.now = new Date(START.getTime() + 23 * 60 * 60 * 1000);
  const recent = await uploaded(anna, 'nowy.pdf', SAMPLES.pdf);
  assert.deepEqual((await storedFiles(organizationId)).sort(), [old.id, recent.id].sort());

  clock.now = new Date(START.getTime() + 25 * 60 * 60 * 1000);
  const latest = await uploaded(anna, 'najnowszy.pdf', SAMPLES.pdf);
  assert.deepEqual((await storedFiles(organizationId)).sort(), [recent.id, latest.id].sort());
  const rows = await db.selectFrom('uploaded_files').select('id').execute();
  assert.deepEqual(rows.map((row) => row.id).sort(), [recent.id, latest.id].sort());
});

test('an upload repeated with its idempotency key, one after the other or at once, stores one file', async () => {
  clock.now = START;
  const alfa = await organization('Alfa');
  const key = randomUUID();
  const withKey = (headers: Record<string, string>, idempotencyKey: string = key) => ({
    ...headers,
    'idempotency-key': idempotencyKey,
  });

  const first = await uploaded(withKey(alfa.anna), 'skan.pdf', SAMPLES.pdf);
  // The answer was lost and the device sends the file again.
  const again = await uploaded(withKey(alfa.anna), 'skan.pdf', SAMPLES.pdf);
  assert.deepEqual(again, first);

  const concurrentKey = randomUUID();
  const twins = await Promise.all(
    [1, 2, 3].map(() => uploaded(withKey(alfa.anna, concurrentKey), 'zdjęcie.png', SAMPLES.png)),
  );
  assert.equal(new Set(twins.map((twin) => twin.id)).size, 1);

  const rows = await db.selectFrom('uploaded_files').select(['id', 'idempotency_key']).execute();
  assert.deepEqual(
    rows.map((row) => [row.id, row.idempotency_key]).sort(),
    [
      [first.id, key],
      [twins[0]!.id, concurrentKey],
    ].sort(),
  );
  assert.deepEqual((await storedFiles(alfa.organizationId)).sort(), [first.id, twins[0]!.id].sort());

  // Another member's key names no file of theirs; a key that is no UUID is refused.
  expectError(await upload(withKey(alfa.bartek), 'skan.pdf', SAMPLES.pdf), 409, 'idempotency-key-taken');
  expectError(await upload(withKey(alfa.anna, 'klucz'), 'skan.pdf', SAMPLES.pdf), 400, 'validation');
  // The same key in another organization is another upload.
  const beta = await organization('Beta', '+48600100300');
  const elsewhere = await uploaded(withKey(beta.anna), 'skan.pdf', SAMPLES.pdf);
  assert.notEqual(elsewhere.id, first.id);
  assert.equal((await db.selectFrom('uploaded_files').select('id').execute()).length, 3);
});
