import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import {
  ANSWER_REQUIRED_MESSAGE,
  FILES_NOT_AVAILABLE_MESSAGE,
  filledForm,
  type FilledDataPayload,
} from '@formularze/domain/schemas/filled-data';
import {
  FILE_TYPE_NOT_ALLOWED_CODE,
  refusedFileIds,
  TOO_MANY_FILES_CODE,
  TOO_MANY_FILES_MESSAGE,
  type UploadedFile,
} from '@formularze/domain/schemas/uploads';
import { formResultsPage } from '@formularze/domain/schemas/results';
import { setupTestDatabase } from '../../test/helpers';
import { expectError, SAMPLES, uploadsTestApp, type Headers } from '../../test/uploads-fixture';

const db = await setupTestDatabase();
const { app, config, clock, uploaded, organization } = await uploadsTestApp(db);
const START = new Date('2026-06-10T10:00:00Z');
beforeEach(() => rm(config.uploadsDir, { recursive: true, force: true }));

const storedFiles = async (organizationId: number) =>
  (await readdir(path.join(config.uploadsDir, String(organizationId))).catch(() => [])).sort();

function save(
  headers: Headers,
  body: FilledDataPayload,
  { draft = false, id }: { draft?: boolean; id?: number } = {},
) {
  return app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/form_data/${id}?draft=${draft}` : `/api/form_data/?draft=${draft}`,
    headers,
    payload: body,
  });
}

async function saved(response: Awaited<ReturnType<typeof save>>, status = 201) {
  assert.equal(response.statusCode, status, response.body);
  return filledForm.parse(response.json());
}

const serve = (id: string, headers: Headers, query = '') =>
  app.inject({ url: `/api/form_data/serve_file/${id}${query}`, headers });

const ids = (files: UploadedFile[] | undefined) => (files ?? []).map((file) => file.id);

test('a save attaches the named files; the filled form lists them by field and on its items', async () => {
  clock.now = START;
  const { anna, formId } = await organization('Alfa');
  const pdf = await uploaded(anna, 'skierowanie.pdf', SAMPLES.pdf, '?fileType=Document');
  const csv = await uploaded(anna, 'wyniki.csv', SAMPLES.csv, '?fileType=Document');
  const photo = await uploaded(anna, 'rana.jpg', SAMPLES.jpg, '?fileType=Image');
  const signature = await uploaded(anna, 'podpis.png', SAMPLES.png, '?fileType=Image');

  const created = await saved(
    await save(anna, {
      formId,
      data: { note: 'Po zabiegu' },
      filesDataUUID: { scan: [csv.id, pdf.id], photo: [photo.id], sign: [signature.id] },
    }),
  );
  assert.equal(created.state, 'COMPLETED');
  assert.deepEqual(created.filesData, { photo: [photo], scan: [csv, pdf], sign: [signature] });

  const read = await saved(await app.inject({ url: `/api/form_data/${created.id}`, headers: anna }), 200);
  assert.deepEqual(read.filesData, created.filesData);
  assert.deepEqual(
    read.items.map((item) => [item.id, item.dataType, ids(item.files)]),
    [
      ['note', 'TEXT', []],
      ['scan', 'FILE', [csv.id, pdf.id]],
      ['photo', 'FILE', [photo.id]],
      ['sign', 'SIGN', [signature.id]],
    ],
  );
  const rows = await db.selectFrom('uploaded_files').select(['form_data_id', 'field_id']).execute();
  assert.ok(rows.every((row) => row.form_data_id === created.id));
});

test('the rows of the results of a form list the files of each filling, by field, as the details do', async () => {
  clock.now = START;
  const { anna, bartek, owner, formId } = await organization('Alfa');
  const pdf = await uploaded(anna, 'skierowanie.pdf', SAMPLES.pdf, '?fileType=Document');
  const photo = await uploaded(anna, 'rana.jpg', SAMPLES.jpg, '?fileType=Image');
  const withFiles = await saved(
    await save(anna, { formId, filesDataUUID: { scan: [pdf.id], photo: [photo.id] } }),
  );
  const scan = await uploaded(bartek, 'skan.pdf', SAMPLES.pdf, '?fileType=Document');
  const other = await saved(await save(bartek, { formId, filesDataUUID: { scan: [scan.id] } }));

  const results = await app.inject({
    method: 'POST',
    url: `/api/form_data/by_form_id_extended/${formId}`,
    headers: owner,
    payload: { pageSize: 100 },
  });
  assert.equal(results.statusCode, 200, results.body);
  const rows = formResultsPage.parse(results.json()).content;
  assert.deepEqual(Object.fromEntries(rows.map((row) => [row.formDataId, row.filesData])), {
    [withFiles.id]: { photo: [photo], scan: [pdf] },
    [other.id]: { scan: [scan] },
  });
});

test('a required file field needs files; a field takes at most its number of files, a signature one', async () => {
  clock.now = START;
  const { anna, formId } = await organization('Alfa');
  const missing = expectError(await save(anna, { formId, data: { note: 'x' } }), 400, 'validation');
  assert.deepEqual(missing.fields, { 'filesDataUUID.scan': ANSWER_REQUIRED_MESSAGE });

  const documents = [
    await uploaded(anna, 'a.pdf', SAMPLES.pdf),
    await uploaded(anna, 'b.pdf', SAMPLES.pdf),
    await uploaded(anna, 'c.pdf', SAMPLES.pdf),
  ];
  const tooMany = expectError(
    await save(anna, { formId, filesDataUUID: { scan: ids(documents) } }),
    400,
    TOO_MANY_FILES_CODE,
  );
  assert.equal(tooMany.message, TOO_MANY_FILES_MESSAGE);
  const signatures = [
    await uploaded(anna, 'p1.png', SAMPLES.png),
    await uploaded(anna, 'p2.png', SAMPLES.png),
  ];
  expectError(
    await save(anna, { formId, filesDataUUID: { scan: [documents[0]!.id], sign: ids(signatures) } }),
    400,
    TOO_MANY_FILES_CODE,
  );
  assert.equal((await db.selectFrom('form_data').select('id').execute()).length, 0);
  // The limit counts files, not repetitions of one.
  await saved(await save(anna, { formId, filesDataUUID: { scan: [documents[0]!.id, documents[0]!.id] } }));
});

test('files of a type the field does not take are refused at save, named by their ids', async () => {
  clock.now = START;
  const { anna, formId } = await organization('Alfa');
  const pdf = await uploaded(anna, 'skan.pdf', SAMPLES.pdf);
  // Uploaded without a field type: a picture renamed .pdf, and a program renamed .png.
  const picture = await uploaded(anna, 'skan2.pdf', SAMPLES.png);
  const program = await uploaded(anna, 'podpis.png', SAMPLES.exe);
  const refused = expectError(
    await save(anna, { formId, filesDataUUID: { scan: [pdf.id, picture.id], sign: [program.id] } }),
    400,
    FILE_TYPE_NOT_ALLOWED_CODE,
  );
  assert.ok(refused.message.startsWith(FILE_TYPE_NOT_ALLOWED_CODE));
  assert.deepEqual(refusedFileIds(refused.message), [picture.id, program.id]);
  assert.equal((await db.selectFrom('form_data').select('id').execute()).length, 0);
});

test('only the caller’s own uploads can be named, and a file answers one filled form', async () => {
  clock.now = START;
  const { anna, bartek, owner, formId } = await organization('Alfa');
  const annas = await uploaded(anna, 'anna.pdf', SAMPLES.pdf);
  for (const [headers, scan] of [
    [bartek, [annas.id]],
    [owner, [annas.id]],
    [anna, ['nie-ma-takiego-pliku']],
    [anna, ['00000000-0000-4000-8000-000000000000']],
  ] as const) {
    const body = expectError(
      await save(headers, { formId, filesDataUUID: { scan: [...scan] } }),
      400,
      'uploaded-file-not-found',
    );
    assert.equal(body.message, FILES_NOT_AVAILABLE_MESSAGE);
  }
  // One file cannot answer two fields, nor a second filled form once attached.
  expectError(
    await save(anna, { formId, filesDataUUID: { scan: [annas.id], photo: [annas.id] } }),
    400,
    'uploaded-file-not-found',
  );
  await saved(await save(anna, { formId, filesDataUUID: { scan: [annas.id] } }));
  expectError(
    await save(anna, { formId, filesDataUUID: { scan: [annas.id] } }),
    400,
    'uploaded-file-not-found',
  );
});

test('an update that leaves a file out detaches it and deletes its bytes; the files it keeps stay', async () => {
  clock.now = START;
  const { anna, formId, organizationId } = await organization('Alfa');
  const first = await uploaded(anna, 'pierwszy.pdf', SAMPLES.pdf);
  const second = await uploaded(anna, 'drugi.pdf', SAMPLES.pdf);
  const draft = await saved(
    await save(anna, { formId, filesDataUUID: { scan: [first.id, second.id] } }, { draft: true }),
  );
  assert.deepEqual(ids(draft.filesData.scan), [first.id, second.id]);

  const third = await uploaded(anna, 'trzeci.pdf', SAMPLES.pdf);
  const updated = await saved(
    await save(anna, { formId, filesDataUUID: { scan: [third.id, first.id] } }, { id: draft.id }),
    200,
  );
  assert.equal(updated.state, 'COMPLETED');
  assert.deepEqual(ids(updated.filesData.scan), [third.id, first.id]);
  assert.deepEqual(await storedFiles(organizationId), [first.id, third.id].sort());
  expectError(await serve(second.id, anna), 404, 'file-not-found');
  assert.equal((await db.selectFrom('uploaded_files').select('id').execute()).length, 2);
});

test('an attached file is served to whoever reads its filled form, never to other patients or tenants', async () => {
  clock.now = START;
  const alfa = await organization('Alfa');
  const beta = await organization('Beta', '+48600100300');
  const file = await uploaded(alfa.anna, 'Wypis ze szpitala.pdf', SAMPLES.pdf);
  await saved(await save(alfa.anna, { formId: alfa.formId, filesDataUUID: { scan: [file.id] } }));

  for (const headers of [alfa.anna, alfa.owner]) {
    const response = await serve(file.id, headers);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.rawPayload, SAMPLES.pdf);
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.match(String(response.headers['content-disposition']), /^inline; /);
  }
  const download = await serve(file.id, alfa.owner, '?download=true');
  assert.equal(download.statusCode, 200);
  assert.equal(
    download.headers['content-disposition'],
    `attachment; filename="Wypis ze szpitala.pdf"; filename*=UTF-8''Wypis%20ze%20szpitala.pdf`,
  );
  for (const headers of [alfa.bartek, beta.owner, beta.anna]) {
    expectError(await serve(file.id, headers), 404, 'file-not-found');
  }
});

test('deleting a draft deletes its files; a submitted form keeps its own', async () => {
  clock.now = START;
  const { anna, formId, organizationId } = await organization('Alfa');
  const kept = await uploaded(anna, 'wyslany.pdf', SAMPLES.pdf);
  await saved(await save(anna, { formId, filesDataUUID: { scan: [kept.id] } }));
  const drafted = await uploaded(anna, 'roboczy.pdf', SAMPLES.pdf);
  const draft = await saved(
    await save(anna, { formId, filesDataUUID: { scan: [drafted.id] } }, { draft: true }),
  );
  const removed = await app.inject({ method: 'DELETE', url: `/api/form_data/${draft.id}`, headers: anna });
  assert.equal(removed.statusCode, 204);
  expectError(await serve(drafted.id, anna), 404, 'file-not-found');
  assert.deepEqual(await storedFiles(organizationId), [kept.id]);
});
