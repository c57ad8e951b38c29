import {
  CANNOT_DRAFT_SENT_FORM_MESSAGE,
  DATA_NOT_EDITABLE_ANYMORE_MESSAGE,
  DATA_NOT_EDITABLE_MESSAGE,
  FILL_ALL_REQUIRED_MESSAGE,
  SCHEDULED_FORM_EXPIRED_EDIT_MESSAGE,
  SCHEDULED_FORM_EXPIRED_MESSAGE,
  type FilledForm,
} from '@formularze/domain/schemas/filled-data';
import {
  FILE_TYPE_NOT_ALLOWED_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
} from '@formularze/domain/schemas/uploads';
import { apiFailure } from 'shared-ui/testing';
import { runSave, saveFailureOf, type SaveContext, type SaveSteps } from '../submit-flow';

const saved = { id: 42 } as FilledForm;
const fillNew: SaveContext = { draft: false, editedId: null, editedState: null };

function steps(overrides: Partial<SaveSteps> = {}) {
  const calls: string[] = [];
  const record =
    <T>(name: string, result: T) =>
    (...args: unknown[]) => {
      calls.push(args.length ? `${name} ${JSON.stringify(args[0])}` : name);
      return result;
    };
  const all: SaveSteps = {
    check: record('check', 'ok' as const),
    uploadFiles: record('upload', Promise.resolve({ ok: true as const, filesDataUUID: { photo: ['u1'] } })),
    createMetadata: record('metadata', Promise.resolve(7)),
    save: record('save', Promise.resolve(saved)),
    ...overrides,
  };
  return { steps: all, calls };
}

describe('runSave', () => {
  it('checks, uploads, creates the metadata, then saves with the uploaded ids', async () => {
    const { steps: flow, calls } = steps();
    await expect(runSave(flow, fillNew)).resolves.toEqual({ ok: true, savedId: 42, saved });
    expect(calls).toEqual([
      'check false',
      'upload',
      'metadata',
      'save {"draft":false,"formMetadataId":7,"filesDataUUID":{"photo":["u1"]}}',
    ]);
  });

  it('stops before uploading when required fields are blank', async () => {
    const { steps: flow, calls } = steps({ check: () => 'missing' });
    await expect(runSave(flow, fillNew)).resolves.toEqual({
      ok: false,
      failure: { message: FILL_ALL_REQUIRED_MESSAGE },
    });
    expect(calls).toEqual([]);
  });

  it('passes the draft flag to the check, which skips required fields for a draft', async () => {
    const { steps: flow, calls } = steps();
    await runSave(flow, { ...fillNew, draft: true });
    expect(calls[0]).toBe('check true');
    expect(calls.at(-1)).toContain('"draft":true');
  });

  it('stops at a failed upload with its message, saving nothing', async () => {
    const { steps: flow, calls } = steps({ uploadFiles: async () => ({ ok: false, unanswered: true }) });
    await expect(runSave(flow, fillNew)).resolves.toEqual({
      ok: false,
      failure: { message: UPLOAD_FAILED_MESSAGE, unanswered: true },
    });
    expect(calls).toEqual(['check false']);
  });

  it('offline, a checked submission is not tried: it fails unanswered, to be queued; a draft is tried', async () => {
    const { steps: flow, calls } = steps();
    await expect(runSave(flow, { ...fillNew, offline: true })).resolves.toMatchObject({
      ok: false,
      failure: { unanswered: true },
    });
    expect(calls).toEqual(['check false']);
    await runSave(flow, { ...fillNew, draft: true, offline: true });
    expect(calls.at(-1)).toContain('"draft":true');
  });

  it('an update answered 500 "HTTP 404 Not Found" is a soft failure', async () => {
    const { steps: flow } = steps({
      save: () => Promise.reject(apiFailure(500, { message: 'HTTP 404 Not Found' })),
    });
    await expect(runSave(flow, { draft: false, editedId: 5, editedState: 'SAVED' })).resolves.toEqual({
      ok: true,
      savedId: 5,
      saved: null,
    });
    // A new filling has nothing to fall back on.
    await expect(runSave(flow, fillNew)).resolves.toMatchObject({ ok: false });
  });
});

describe('saveFailureOf (§8)', () => {
  it.each([
    ['too-many-files-sent', { message: TOO_MANY_FILES_MESSAGE, timeoutMs: 3000 }],
    ['data-not-editable', { message: DATA_NOT_EDITABLE_MESSAGE }],
    ['data-not-editable-anymore', { message: DATA_NOT_EDITABLE_ANYMORE_MESSAGE }],
    ['cannot-save-already-sent-form', { message: CANNOT_DRAFT_SENT_FORM_MESSAGE }],
  ])('%s', (code, failure) => {
    expect(saveFailureOf(apiFailure(409, { message: 'server text', code }), fillNew)).toEqual(failure);
  });

  it('an expired window: 7 s and back to the active forms; edit-mode text for a sent form', () => {
    const expired = apiFailure(409, {
      message: SCHEDULED_FORM_EXPIRED_MESSAGE,
      code: 'scheduled-form-is-expired',
    });
    const back = { timeoutMs: 7000, redirectTo: '/forms/active' };
    expect(saveFailureOf(expired, fillNew)).toEqual({ message: SCHEDULED_FORM_EXPIRED_MESSAGE, ...back });
    expect(saveFailureOf(expired, { draft: false, editedId: 3, editedState: 'SAVED' })).toEqual({
      message: SCHEDULED_FORM_EXPIRED_MESSAGE,
      ...back,
    });
    expect(saveFailureOf(expired, { draft: false, editedId: 3, editedState: 'COMPLETED' })).toEqual({
      message: SCHEDULED_FORM_EXPIRED_EDIT_MESSAGE,
      ...back,
    });
  });

  it('file-type-not-allowed names the refused file ids', () => {
    const refused = apiFailure(400, { message: 'file-type-not-allowed: id-1, id-2' });
    expect(saveFailureOf(refused, fillNew)).toEqual({
      message: FILE_TYPE_NOT_ALLOWED_MESSAGE,
      badFileIds: ['id-1', 'id-2'],
    });
  });

  it('a refused payload keeps its field messages', () => {
    const invalid = apiFailure(400, {
      message: 'Wypełnij wszystkie wymagane pola',
      code: 'validation',
      fields: { 'data.a.b': 'To pole musi zostać wypełnione' },
    });
    expect(saveFailureOf(invalid, fillNew)).toEqual({
      message: 'Wypełnij wszystkie wymagane pola',
      fields: { 'data.a.b': 'To pole musi zostać wypełnione' },
    });
  });

  it('other refusals show the server message; a network failure a generic one', () => {
    expect(
      saveFailureOf(
        apiFailure(409, { message: 'Nie można wypełnić formularza', code: 'form-not-fillable' }),
        fillNew,
      ),
    ).toEqual({
      message: 'Nie można wypełnić formularza',
    });
    expect(saveFailureOf(Object.assign(new Error('Network Error'), { isAxiosError: true }), fillNew)).toEqual(
      {
        message: 'Nie udało się zapisać formularza',
        unanswered: true,
      },
    );
    // An answer that is not the API's (a proxy's error page) came from somewhere: not a lost connection.
    const proxyError = Object.assign(new Error('HTTP 502'), {
      isAxiosError: true,
      response: { status: 502 },
    });
    expect(saveFailureOf(proxyError, fillNew).unanswered).toBe(false);
  });
});
