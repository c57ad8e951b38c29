import { apiErrorOf, type ApiClient } from 'shared-ui/api-client';
import {
  queuedSubmission,
  removeQueuedSubmission,
  updateQueuedSubmission,
  type QueuedFile,
  type QueuedSubmission,
} from 'shared-ui/send-queue';
import { createFormMetadata, saveFilledData, uploadFile } from '../../shared/filled-data/saving';

/**
 * Sends one queued submission (issue 30): the files not uploaded yet, the metadata record, then
 * the save with the key made when the patient pressed "Zapisz i wyślij". Each step's result is
 * written to the entry before the next, so a retry after a lost connection does not upload a file
 * again or make a second metadata record, and the server answers a repeated save with the filled
 * form it stored (ADR 223).
 */

export type SendOutcome =
  /** Stored by the server; the entry is gone. */
  | 'sent'
  /** The server refused it; the entry stays, refused, with the reason. */
  | 'refused'
  /** No answer came (offline, dropped connection): try again later. */
  | 'unanswered'
  /** The session ended: the next signed-in start sends it. */
  | 'signed-out'
  /** Removed meanwhile (discarded, or sent by another tab). */
  | 'gone';

/** Why the server refused a late submission, said so that the patient knows what happened (point 4). */
const REFUSAL_REASONS: Record<string, string> = {
  'form-not-fillable':
    'Formularz nie przyjmuje już odpowiedzi: został wstrzymany albo nie masz już do niego dostępu.',
  'scheduled-form-is-expired':
    'Termin wypełnienia formularza minął, zanim odpowiedzi dotarły na serwer. Liczy się chwila, w której serwer je otrzymał.',
  'scheduled-form-already-filled': 'Ten termin formularza został już wypełniony.',
  'data-not-editable': 'Tych odpowiedzi nie można już zmienić: formularz został wysłany wcześniej.',
  'data-not-editable-anymore': 'Czas na zmianę tych odpowiedzi minął.',
  // The form is gone from the patient's list: their access was taken away, or the form deleted.
  'form-not-found':
    'Formularz nie jest już dla Ciebie dostępny: odebrano Ci do niego dostęp albo został usunięty.',
};
const CHANGED_FORM_REASON =
  'Formularz został zmieniony od chwili wypełnienia i nie przyjmuje tych odpowiedzi';

export function refusalReason(error: unknown): string {
  const body = apiErrorOf(error);
  if (!body) return 'Serwer odrzucił odpowiedzi.';
  if (body.code && REFUSAL_REASONS[body.code]) return REFUSAL_REASONS[body.code]!;
  if (body.code === 'validation') return `${CHANGED_FORM_REASON}: ${body.message}`;
  return body.message;
}

const statusOf = (error: unknown) =>
  (error as { response?: { status?: number } } | null)?.response?.status ?? null;

class Stop extends Error {
  constructor(readonly outcome: SendOutcome) {
    super(outcome);
  }
}

/** The outcome of a failed step: no answer, an ended session, or a refusal written to the entry. */
async function failedStep(idempotencyKey: string, error: unknown): Promise<SendOutcome> {
  if (statusOf(error) === null) return 'unanswered';
  if (statusOf(error) === 401) return 'signed-out';
  const refused = await updateQueuedSubmission(idempotencyKey, (entry) => ({
    ...entry,
    state: 'refused',
    reason: refusalReason(error),
  }));
  return refused ? 'refused' : 'gone';
}

async function record(
  idempotencyKey: string,
  change: (entry: QueuedSubmission) => QueuedSubmission,
): Promise<QueuedSubmission> {
  const next = await updateQueuedSubmission(idempotencyKey, change);
  if (!next) throw new Stop('gone');
  return next;
}

async function uploadMissingFiles(client: ApiClient, entry: QueuedSubmission): Promise<QueuedSubmission> {
  let current = entry;
  for (const [fieldId, files] of Object.entries(entry.files)) {
    for (const [index, file] of files.entries()) {
      if (file.uploadedId !== null || !file.blob) continue;
      // The key makes a retry of an upload whose answer was lost find the file stored then. The
      // content stays until the submission is sent: an upload left unattached for a day is swept
      // by the server, and is then sent again.
      const uploaded = await uploadFile(client, file.blob, file.name, { idempotencyKey: file.uploadKey });
      const done: QueuedFile = { ...file, uploadedId: uploaded.id };
      current = await record(entry.idempotencyKey, (stored) => ({
        ...stored,
        files: { ...stored.files, [fieldId]: stored.files[fieldId]!.map((f, i) => (i === index ? done : f)) },
      }));
    }
  }
  return current;
}

const UPLOAD_SWEPT_CODE = 'uploaded-file-not-found';

/** Forgets the ids of the files the device still holds, so that they are uploaded again. */
const forgetUploads = (entry: QueuedSubmission): QueuedSubmission => ({
  ...entry,
  files: Object.fromEntries(
    Object.entries(entry.files).map(([fieldId, files]) => [
      fieldId,
      files.map((file) => (file.blob ? { ...file, uploadedId: null } : file)),
    ]),
  ),
});

/** Sends the entry with this key as it is stored now. The caller makes sure no other tab sends it at once. */
export async function sendQueuedSubmission(
  client: ApiClient,
  idempotencyKey: string,
  { reuploaded = false } = {},
): Promise<SendOutcome> {
  const stored = await queuedSubmission(idempotencyKey);
  if (!stored || stored.state === 'refused') return 'gone';
  try {
    let entry = await record(idempotencyKey, (current) => ({ ...current, state: 'sending' }));
    entry = await uploadMissingFiles(client, entry);
    if (entry.formMetadataId === null) {
      const formMetadataId = await createFormMetadata(client, entry.formId, {
        idempotencyKey,
        queuedAt: entry.queuedAt,
      });
      entry = await record(idempotencyKey, (current) => ({ ...current, formMetadataId }));
    }
    const filesDataUUID = Object.fromEntries(
      Object.entries(entry.files).map(([fieldId, files]) => [fieldId, files.map((file) => file.uploadedId!)]),
    );
    await saveFilledData(client, {
      payload: { ...entry.answers, formMetadataId: entry.formMetadataId, filesDataUUID },
      draft: false,
      formDataId: entry.formDataId,
      idempotencyKey,
      queuedAt: entry.queuedAt,
    });
    await removeQueuedSubmission(idempotencyKey);
    return 'sent';
  } catch (error) {
    if (error instanceof Stop) return error.outcome;
    if (!reuploaded && apiErrorOf(error)?.code === UPLOAD_SWEPT_CODE) {
      await updateQueuedSubmission(idempotencyKey, forgetUploads);
      return sendQueuedSubmission(client, idempotencyKey, { reuploaded: true });
    }
    const outcome = await failedStep(idempotencyKey, error);
    if (outcome === 'unanswered' || outcome === 'signed-out') {
      await updateQueuedSubmission(idempotencyKey, (current) => ({ ...current, state: 'waiting' }));
    }
    return outcome;
  }
}
