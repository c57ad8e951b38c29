import type { NewSubmission, QueuedAnswerText, QueuedFile } from 'shared-ui/send-queue';
import type { AnswerValue, FilledDataPayload } from '@formularze/domain/schemas/filled-data';
import { attachedFileName } from './attached-file';
import {
  buildPayload,
  filesByFieldId,
  type FillModel,
  type FormValues,
  type PayloadContext,
} from './fill-model';

/**
 * A submission the network did not take, as the send queue keeps it (issue 30): the save request as
 * the page would send it, the files still to upload as blobs (the uploaded ones by id), and the
 * answers as text, for the patient to read and copy should the server refuse them later.
 */

const answerText = (value: AnswerValue) =>
  value === true ? 'Tak' : value === false ? 'Nie' : value === null ? '' : String(value);

function answerTexts(model: FillModel, payload: FilledDataPayload, files: Record<string, QueuedFile[]>) {
  const texts: QueuedAnswerText[] = [];
  for (const [fieldId, entry] of model.byId) {
    const label = entry.field.label || fieldId;
    const values = [
      ...(fieldId in (payload.data ?? {}) ? [payload.data![fieldId]!] : []),
      ...(payload.arrayData?.[fieldId] ?? []),
    ].map(answerText);
    const answer = [
      ...values,
      ...(files[fieldId] ?? []).map((file) => file.name),
      payload.fieldAlternativeAnswer?.[fieldId],
      payload.noteData?.[fieldId] && `Uwagi: ${payload.noteData[fieldId]}`,
    ]
      .filter((part): part is string => Boolean(part))
      .join(', ');
    if (answer) texts.push({ label, answer });
  }
  return texts;
}

export function queuedSubmissionOf(
  model: FillModel,
  values: FormValues,
  context: Omit<PayloadContext, 'filesDataUUID'> & {
    idempotencyKey: string;
    accountId: number;
    formName: string;
    formDataId: number | null;
  },
): NewSubmission {
  const files = Object.fromEntries(
    Object.entries(filesByFieldId(model, values)).map(([fieldId, attached]) => [
      fieldId,
      attached.map((file): QueuedFile =>
        file.status === 'uploaded'
          ? {
              name: attachedFileName(file),
              blob: null,
              uploadedId: file.uploaded.id,
              uploadKey: crypto.randomUUID(),
            }
          : { name: file.file.name, blob: file.file, uploadedId: null, uploadKey: crypto.randomUUID() },
      ),
    ]),
  );
  const payload = buildPayload(model, values, { ...context, filesDataUUID: {} });
  // The ids of the metadata and of the files are the sending's to fill in.
  const { formId, scheduledFormId, data, arrayData, noteData, fieldAlternativeAnswer } = payload;
  return {
    idempotencyKey: context.idempotencyKey,
    accountId: context.accountId,
    formId: context.formId,
    formName: context.formName,
    formDataId: context.formDataId,
    formMetadataId: context.formMetadataId,
    answers: { formId, scheduledFormId, data, arrayData, noteData, fieldAlternativeAnswer },
    files,
    texts: answerTexts(model, payload, files),
  };
}
