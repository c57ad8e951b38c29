import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { useNavigate } from 'shared-ui/routing';
import { queueSubmission } from 'shared-ui/send-queue';
import { ANSWER_REQUIRED_MESSAGE, type FilledForm } from '@formularze/domain/schemas/filled-data';
import { FILLING_ROUTES, isPlainPatient, pathTo } from '@formularze/domain/schemas';
import { filledDataQuery } from '../../../shared/filled-data/api';
import { savedArrivalState } from '../../../shared/filled-data/arrival-notice';
import { queuedArrivalState } from '../../../shared/filled-data/queued-arrival';
import { timeLimitedDetailsPath } from '../../../shared/filled-data/view-window';
import { createFormMetadata, saveFilledData } from '../../../shared/filled-data/saving';
import { formTemplateQuery } from '../api';
import type { AttachedFile } from '../attached-file';
import {
  buildPayload,
  checkForm,
  fieldKeyOfServerPath,
  filesByFieldId,
  repeatedMembers,
  type FillModel,
  type FormValues,
} from '../fill-model';
import { queuedSubmissionOf } from '../queued-submission';
import { saveKeys } from '../save-keys';
import { runSave, type SaveFailure, type SaveSteps } from '../submit-flow';
import { uploadPendingFiles } from '../widgets/upload-files';
import { fieldInputId } from '../components/FillField';
import { cellInputId } from '../components/RepeatingGroupField';
import type { FillTarget } from './useFillData';

/** The control to focus for a field: its input, or the first cell of a repeating group. */
function focusIdOf(model: FillModel, key: string): string {
  const entry = model.answered.find((candidate) => candidate.key === key);
  const firstMember = entry?.field.type === 'REPEATING_GROUP' ? repeatedMembers(entry)[0] : undefined;
  return firstMember ? cellInputId(key, 0, firstMember.key) : fieldInputId(key);
}

/**
 * Saving and submitting from the page (§4, §8): runs the save flow with the page's form, then goes
 * to the saved form's details, or shows what went wrong where it went wrong.
 */
export function useFillSave({
  model,
  target,
  filled,
  form,
  onRefusedFiles,
  onSaved,
}: {
  model: FillModel;
  target: FillTarget;
  filled: FilledForm | null;
  form: UseFormReturn<FormValues>;
  onRefusedFiles(ids: ReadonlySet<string>): void;
  /** The answers are on the server, or in the send queue: the device copy of them can go (ADR 600). */
  onSaved(): void;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const shell = useShell();
  const navigate = useNavigate();
  const { person } = useSession();
  const [saving, setSaving] = useState(false);
  const metadataId = useRef<number | null>(null);
  /** The key of this attempt's save request once sent: its answer may be lost with the request stored. */
  const sentKey = useRef<string | null>(null);
  const [keys] = useState(saveKeys);
  const scheduledFormId = filled?.scheduledFormId ?? target.scheduledFormId;

  const markFields = (errors: Map<string, string>) => {
    for (const [key, message] of errors) {
      form.setError(key, { type: message === ANSWER_REQUIRED_MESSAGE ? 'required' : 'validate', message });
    }
    const first = errors.keys().next();
    if (!first.done) document.getElementById(focusIdOf(model, first.value))?.focus();
  };

  const steps: SaveSteps = {
    check(draft) {
      const errors = checkForm(model, form.getValues(), { draft });
      markFields(errors);
      if (!errors.size) return 'ok';
      return [...errors.values()].every((message) => message === ANSWER_REQUIRED_MESSAGE)
        ? 'missing'
        : 'invalid';
    },
    uploadFiles: () =>
      uploadPendingFiles(
        filesByFieldId(model, form.getValues()),
        (fieldId, files: AttachedFile[]) => {
          const entry = model.byId.get(fieldId);
          if (entry) form.setValue(entry.key, files);
        },
        client,
      ),
    async createMetadata() {
      metadataId.current ??= await createFormMetadata(client, target.formId);
      return metadataId.current;
    },
    save: ({ draft, formMetadataId, filesDataUUID }) => {
      const request = {
        draft,
        formDataId: target.formDataId,
        payload: buildPayload(model, form.getValues(), {
          formId: target.formId,
          scheduledFormId,
          formMetadataId,
          filesDataUUID,
        }),
      };
      sentKey.current = keys.keyFor(request);
      return saveFilledData(client, { ...request, idempotencyKey: sentKey.current });
    },
  };

  const showFailure = (failure: SaveFailure) => {
    shell.alerts.show({ text: failure.message, isError: true, timeoutMs: failure.timeoutMs });
    if (failure.fields) {
      const errors = new Map<string, string>();
      for (const [path, message] of Object.entries(failure.fields)) {
        const key = fieldKeyOfServerPath(model, path);
        if (key && !errors.has(key)) errors.set(key, message);
      }
      markFields(errors);
    }
    if (failure.badFileIds) onRefusedFiles(new Set(failure.badFileIds));
    if (failure.redirectTo) shell.navigate(failure.redirectTo);
  };

  /**
   * Keeps the submission on the device for the send queue, with the key of the save request if it
   * left (the server may have stored it: the replay must be recognised), then shows the queue.
   */
  const queueForLater = async () => {
    await queueSubmission(
      queuedSubmissionOf(model, form.getValues(), {
        idempotencyKey: sentKey.current ?? crypto.randomUUID(),
        accountId: person!.id,
        formId: target.formId,
        formName: queryClient.getQueryData(formTemplateQuery(client, target.formId).queryKey)?.name ?? '',
        formDataId: target.formDataId,
        scheduledFormId,
        formMetadataId: metadataId.current,
      }),
    );
    onSaved();
    navigate(pathTo(FILLING_ROUTES.sendQueue), { state: queuedArrivalState });
  };

  const save = async (draft: boolean) => {
    setSaving(true);
    sentKey.current = null;
    try {
      const result = await runSave(steps, {
        draft,
        editedId: target.formDataId,
        editedState: filled?.state ?? null,
        offline: !navigator.onLine,
      });
      if (!result.ok) {
        if (!draft && result.failure.unanswered && person) await queueForLater();
        else showFailure(result.failure);
        return;
      }
      keys.succeeded();
      onSaved();
      // The details open with the answers just saved, not an older copy from the cache.
      const details = filledDataQuery(client, result.savedId);
      if (result.saved) queryClient.setQueryData(details.queryKey, result.saved);
      else await queryClient.invalidateQueries({ queryKey: details.queryKey });
      // The details say what happened (router state: the notification and the draft flag, §2).
      const plainPatient = person !== null && isPlainPatient(person.authorities);
      navigate(
        plainPatient
          ? timeLimitedDetailsPath(result.savedId, Date.now())
          : pathTo(FILLING_ROUTES.details, { formDataId: result.savedId }),
        {
          state: savedArrivalState(draft),
        },
      );
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
