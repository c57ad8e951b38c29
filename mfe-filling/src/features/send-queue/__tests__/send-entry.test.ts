/** @jest-environment node */
import 'fake-indexeddb/auto';
import type { ApiClient } from 'shared-ui/api-client';
import { clearSendQueue, queuedSubmission, queueSubmission, type NewSubmission } from 'shared-ui/send-queue';
import { aNewSubmission, aPhotoToUpload } from 'shared-ui/testing';
import { aFilledForm } from '../../../shared/filled-data/__tests__/filled-form-fixture';
import { sendQueuedSubmission } from '../send-entry';

const KEY = '0d5c2a59-8a3e-4f4e-9d35-1c6b7a0e2f11';
const OLD_UPLOAD_KEY = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const UPLOAD_KEY = aPhotoToUpload().uploadKey;

/** A submission with a photo uploaded by an earlier try and one still to upload. */
const aSubmission = (overrides: Partial<NewSubmission> = {}): NewSubmission =>
  aNewSubmission({
    idempotencyKey: KEY,
    files: {
      zdjecie: [
        { name: 'stary.png', blob: null, uploadedId: 'u-old', uploadKey: OLD_UPLOAD_KEY },
        aPhotoToUpload(),
      ],
    },
    ...overrides,
  });

/** What axios rejects with: no response when the network failed, the API's body when it refused. */
const unanswered = () => Object.assign(new Error('Network Error'), { isAxiosError: true });
const refusal = (status: number, message: string, code: string) =>
  Object.assign(new Error(`HTTP ${status}`), {
    isAxiosError: true,
    response: { status, data: { statusCode: status, error: 'Conflict', message, code } },
  });

function anApi() {
  const api = { get: jest.fn(), put: jest.fn(), delete: jest.fn(), post: jest.fn() };
  api.post.mockImplementation(async (url: string) => {
    if (url === '/api/form_data/upload_file') {
      return { data: { id: 'u-new', name: 'wysypka.png', mimeType: 'image/png', size: 4 } };
    }
    if (url === '/api/form_metadata/') return { data: { id: 77, form: { id: 5 }, createdAt: '' } };
    return { data: aFilledData() };
  });
  return api;
}
// The save's answer is parsed with the domain's schema: a whole filled form.
const aFilledData = () =>
  aFilledForm({ state: 'COMPLETED', completedAt: '2026-06-10T08:00:00.000Z', formMetadataId: 77 });

const calledUrls = (api: ReturnType<typeof anApi>) => api.post.mock.calls.map(([url]) => url as string);

afterEach(() => clearSendQueue());

test('sends the files not yet uploaded, the metadata, then the save with the stored key; the entry goes', async () => {
  const { queuedAt } = await queueSubmission(aSubmission(), Date.parse('2026-06-10T07:41:00Z'));
  const api = anApi();
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('sent');
  expect(calledUrls(api)).toEqual(['/api/form_data/upload_file', '/api/form_metadata/', '/api/form_data/']);
  const [, payload, config] = api.post.mock.calls[2]!;
  expect(payload).toEqual({
    formId: 5,
    scheduledFormId: null,
    data: { imie: 'Maria' },
    formMetadataId: 77,
    filesDataUUID: { zdjecie: ['u-old', 'u-new'] },
  });
  expect(config).toMatchObject({ params: { draft: 'false' }, headers: { 'idempotency-key': KEY } });
  // The moment it was queued goes along, for staff to see should the server refuse it, from the
  // filling's first step on.
  expect(config).toMatchObject({ headers: { 'queued-at': '2026-06-10T07:41:00.000Z' } });
  expect(api.post.mock.calls[1]![2]).toMatchObject({
    headers: { 'idempotency-key': KEY, 'queued-at': '2026-06-10T07:41:00.000Z' },
  });
  expect(queuedAt).toBe(Date.parse('2026-06-10T07:41:00Z'));
  expect(await queuedSubmission(KEY)).toBeUndefined();
});

test("an upload whose answer was lost is sent again with the file's own key, so the server keeps one copy", async () => {
  await queueSubmission(aSubmission());
  const api = anApi();
  const answered = api.post.getMockImplementation()!;
  api.post.mockImplementationOnce(async () => Promise.reject(unanswered()));
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('unanswered');
  api.post.mockImplementation(answered);
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('sent');
  const uploads = api.post.mock.calls.filter(([url]) => url === '/api/form_data/upload_file');
  expect(uploads).toHaveLength(2);
  for (const [, , config] of uploads) {
    expect(config).toMatchObject({ headers: { 'idempotency-key': UPLOAD_KEY } });
  }
});

test('a submission of a draft updates it (PUT) with the key', async () => {
  await queueSubmission(aSubmission({ formDataId: 42, formMetadataId: 76, files: {} }));
  const api = anApi();
  api.put.mockResolvedValue({ data: aFilledData() });
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('sent');
  expect(api.put).toHaveBeenCalledWith(
    '/api/form_data/42',
    expect.objectContaining({ formMetadataId: 76 }),
    expect.objectContaining({ headers: expect.objectContaining({ 'idempotency-key': KEY }) }),
  );
  expect(calledUrls(api)).toEqual([]);
});

test('a lost answer keeps it waiting with what was done: the retry uploads nothing again and keeps the key', async () => {
  await queueSubmission(aSubmission());
  const api = anApi();
  const answer = api.post.getMockImplementation()!;
  api.post.mockImplementation(async (url: string, ...rest: unknown[]) => {
    if (url === '/api/form_data/') throw unanswered();
    return answer(url, ...rest);
  });
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('unanswered');
  expect(await queuedSubmission(KEY)).toMatchObject({
    state: 'waiting',
    formMetadataId: 77,
    files: { zdjecie: [{ uploadedId: 'u-old' }, { uploadedId: 'u-new' }] },
  });

  const retry = anApi();
  expect(await sendQueuedSubmission(retry as ApiClient, KEY)).toBe('sent');
  expect(calledUrls(retry)).toEqual(['/api/form_data/']);
  expect(retry.post.mock.calls[0]![2]).toMatchObject({ headers: { 'idempotency-key': KEY } });
});

test('files the server swept while the submission waited (a day unattached) are uploaded again', async () => {
  await queueSubmission(aSubmission());
  const api = anApi();
  const answer = api.post.getMockImplementation()!;
  let saves = 0;
  api.post.mockImplementation(async (url: string, ...rest: unknown[]) => {
    if (url === '/api/form_data/' && (saves += 1) === 1) {
      throw refusal(400, 'Nie znaleziono przesłanego pliku', 'uploaded-file-not-found');
    }
    return answer(url, ...rest);
  });
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('sent');
  expect(calledUrls(api)).toEqual([
    '/api/form_data/upload_file',
    '/api/form_metadata/',
    '/api/form_data/',
    '/api/form_data/upload_file',
    '/api/form_data/',
  ]);
});

test.each([
  [
    'form-not-fillable',
    'Nie można wypełnić formularza',
    'Formularz nie przyjmuje już odpowiedzi: został wstrzymany albo nie masz już do niego dostępu.',
  ],
  [
    'scheduled-form-is-expired',
    'Nie możesz wysłać formularza. Termin jego dostępności minął.',
    'Termin wypełnienia formularza minął, zanim odpowiedzi dotarły na serwer. Liczy się chwila, w której serwer je otrzymał.',
  ],
  [
    'validation',
    'Formularz nie ma takiego pola',
    'Formularz został zmieniony od chwili wypełnienia i nie przyjmuje tych odpowiedzi: Formularz nie ma takiego pola',
  ],
])('a refusal (%s) keeps the entry, refused, with its Polish reason', async (code, message, reason) => {
  await queueSubmission(aSubmission({ files: {} }));
  const api = anApi();
  api.post.mockImplementation(async (url: string) => {
    if (url === '/api/form_metadata/') return { data: { id: 77, form: { id: 5 }, createdAt: '' } };
    throw refusal(code === 'validation' ? 400 : 409, message, code);
  });
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('refused');
  expect(await queuedSubmission(KEY)).toMatchObject({
    state: 'refused',
    reason,
    answers: { data: { imie: 'Maria' } },
  });
  // A refused submission waits for the patient, not for another try.
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('gone');
});

test('access taken away while it waited: the first step is refused, and the patient is told so, answers kept', async () => {
  await queueSubmission(aSubmission({ files: {} }));
  const api = anApi();
  api.post.mockRejectedValue(refusal(404, 'Nie znaleziono formularza', 'form-not-found'));
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('refused');
  expect(calledUrls(api)).toEqual(['/api/form_metadata/']);
  expect(await queuedSubmission(KEY)).toMatchObject({
    state: 'refused',
    reason: 'Formularz nie jest już dla Ciebie dostępny: odebrano Ci do niego dostęp albo został usunięty.',
    answers: { data: { imie: 'Maria' } },
  });
});

test('an ended session leaves it waiting for the next sign-in', async () => {
  await queueSubmission(aSubmission({ files: {} }));
  const api = anApi();
  api.post.mockRejectedValue(refusal(401, 'Brak autoryzacji', 'unauthorized'));
  expect(await sendQueuedSubmission(api as ApiClient, KEY)).toBe('signed-out');
  expect(await queuedSubmission(KEY)).toMatchObject({ state: 'waiting', reason: null });
});
