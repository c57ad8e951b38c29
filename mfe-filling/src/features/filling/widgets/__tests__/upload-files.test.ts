import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import type { ApiClient } from 'shared-ui/api-client';
import type { AttachedFile } from '../../attached-file';
import { uploadPendingFiles } from '../upload-files';
import { aFile, anUploaded } from './widget-fixtures';

const notUploaded =
  (status: 'pending' | 'failed') =>
  (key: string, name: string): AttachedFile => ({
    key,
    status,
    file: aFile(name),
    progress: 0,
  });
const pending = notUploaded('pending');
const failed = notUploaded('failed');

/**
 * A server that stores the multipart part `file` as `id-<name>`, reports half then all of each
 * upload, and refuses `names`.
 */
function serverRefusing(...names: string[]) {
  const sent: string[] = [];
  const post = jest.fn(async (url: string, body: FormData, config: AxiosRequestConfig) => {
    const file = body.get('file') as File;
    sent.push(`${url} ${file.name}`);
    config.onUploadProgress!({ loaded: 500, total: 1000 } as AxiosProgressEvent);
    if (names.includes(file.name)) {
      throw Object.assign(new Error('HTTP 413'), { isAxiosError: true, response: { status: 413 } });
    }
    config.onUploadProgress!({ loaded: 1000, total: 1000 } as AxiosProgressEvent);
    return { data: { id: `id-${file.name}`, name: file.name, mimeType: 'application/pdf', size: file.size } };
  });
  return { client: { post } as unknown as ApiClient, sent };
}

/** Every update as "field: key=status(progress)" lines. */
function recorder() {
  const updates: string[] = [];
  const onUpdate = (fieldId: string, files: AttachedFile[]) =>
    updates.push(
      `${fieldId}: ${files
        .map((f) => `${f.key}=${f.status}${f.status === 'uploaded' ? '' : `(${f.progress})`}`)
        .join(' ')}`,
    );
  return { updates, onUpdate };
}

describe('uploadPendingFiles', () => {
  it('uploads the waiting and failed files one by one, in order, and returns every field its ids', async () => {
    const { client, sent } = serverRefusing();
    const { updates, onUpdate } = recorder();

    const outcome = await uploadPendingFiles(
      {
        scan: [pending('k1', 'a.pdf'), anUploaded('old', 'stary.pdf'), pending('k2', 'b.pdf')],
        photos: [failed('k3', 'c.pdf')],
        emptied: [],
      },
      onUpdate,
      client,
    );

    expect(outcome).toEqual({
      ok: true,
      filesDataUUID: { scan: ['id-a.pdf', 'old', 'id-b.pdf'], photos: ['id-c.pdf'], emptied: [] },
    });
    expect(sent).toEqual([
      '/api/form_data/upload_file a.pdf',
      '/api/form_data/upload_file b.pdf',
      '/api/form_data/upload_file c.pdf',
    ]);
    expect(updates).toEqual([
      'scan: k1=uploading(0) old=uploaded k2=pending(0)',
      'scan: k1=uploading(0.5) old=uploaded k2=pending(0)',
      'scan: k1=uploading(1) old=uploaded k2=pending(0)',
      'scan: k1=uploaded old=uploaded k2=pending(0)',
      'scan: k1=uploaded old=uploaded k2=uploading(0)',
      'scan: k1=uploaded old=uploaded k2=uploading(0.5)',
      'scan: k1=uploaded old=uploaded k2=uploading(1)',
      'scan: k1=uploaded old=uploaded k2=uploaded',
      'photos: k3=uploading(0)',
      'photos: k3=uploading(0.5)',
      'photos: k3=uploading(1)',
      'photos: k3=uploaded',
    ]);
  });

  it('stops at the first failure, marking that file failed and leaving the rest waiting', async () => {
    const { client, sent } = serverRefusing('b.pdf');
    const { updates, onUpdate } = recorder();

    const outcome = await uploadPendingFiles(
      {
        scan: [pending('k1', 'a.pdf'), pending('k2', 'b.pdf'), pending('k3', 'c.pdf')],
        photos: [pending('k4', 'd.pdf')],
      },
      onUpdate,
      client,
    );

    // The server answered: a refusal, not a lost connection.
    expect(outcome).toEqual({ ok: false, unanswered: false });
    expect(sent).toEqual(['/api/form_data/upload_file a.pdf', '/api/form_data/upload_file b.pdf']);
    expect(updates.at(-1)).toBe('scan: k1=uploaded k2=failed(0) k3=pending(0)');
    expect(updates.some((update) => update.startsWith('photos'))).toBe(false);
  });
});
