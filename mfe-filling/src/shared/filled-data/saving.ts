import type { ApiClient } from 'shared-ui/api-client';
import {
  filledForm,
  formMetadata,
  IDEMPOTENCY_KEY_HEADER,
  QUEUED_AT_HEADER,
  type FilledDataPayload,
  type FilledForm,
} from '@formularze/domain/schemas/filled-data';
import { uploadedFile, type UploadedFile } from '@formularze/domain/schemas/uploads';

/**
 * The calls that store a filling (§7 "Filled data"): from the fill page, and later from the send
 * queue for what was sent while offline.
 */

/** Where a save comes from: its idempotency key, and when it was queued if it was sent from the device's queue. */
interface SaveOrigin {
  idempotencyKey: string;
  /** When a submission sent from the device's queue was queued (epoch ms): a refusal is then kept for staff. */
  queuedAt?: number;
}

function originHeaders({ idempotencyKey, queuedAt }: SaveOrigin): Record<string, string> {
  const headers: Record<string, string> = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  if (queuedAt !== undefined) headers[QUEUED_AT_HEADER] = new Date(queuedAt).toISOString();
  return headers;
}

/** Starts a filling; from the queue (`origin`), a refusal (the access taken away meanwhile) is kept for staff. */
export async function createFormMetadata(
  client: ApiClient,
  formId: number,
  origin?: SaveOrigin,
): Promise<number> {
  const config = origin ? { headers: originHeaders(origin) } : undefined;
  return formMetadata.parse((await client.post('/api/form_metadata/', { form: { id: formId } }, config)).data)
    .id;
}

/**
 * Creates (no `formDataId`) or updates the form data; `draft` saves it as a draft. A retry of the
 * same save sends the same `idempotencyKey`, so the server stores it once.
 */
export async function saveFilledData(
  client: ApiClient,
  {
    payload,
    draft,
    formDataId,
    idempotencyKey,
    queuedAt,
  }: SaveOrigin & { payload: FilledDataPayload; draft: boolean; formDataId: number | null },
): Promise<FilledForm> {
  const config = { params: { draft: String(draft) }, headers: originHeaders({ idempotencyKey, queuedAt }) };
  const response =
    formDataId === null
      ? await client.post('/api/form_data/', payload, config)
      : await client.put(`/api/form_data/${formDataId}`, payload, config);
  return filledForm.parse(response.data);
}

/**
 * Uploads one file (multipart part `file`), reporting the share sent so far (0..1). With `idempotencyKey`
 * a retry whose first answer was lost is answered with the file stored then.
 */
export async function uploadFile(
  client: ApiClient,
  file: Blob,
  name: string,
  {
    onProgress = () => undefined,
    idempotencyKey,
  }: { onProgress?: (sent: number) => void; idempotencyKey?: string } = {},
): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, name);
  const response = await client.post('/api/form_data/upload_file', body, {
    headers: idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined,
    onUploadProgress: ({ loaded, total }) => onProgress(total ? Math.min(loaded / total, 1) : 0),
  });
  return uploadedFile.parse(response.data);
}
