import { queryOptions } from '@tanstack/react-query';
import { apiErrorOf, type ApiClient } from 'shared-ui/api-client';
import {
  filledForm,
  formMetadata,
  type FilledDataPayload,
  type FilledForm,
} from 'shared-ui/schemas/filled-data';
import { formTemplate, scheduledForm } from 'shared-ui/schemas/forms';
import { formTemplatePath, scheduledFormPath } from 'shared-ui/schemas/screen-reads';
import { filledDataQuery } from '../details/api';

/** The calls of the fill page (§7 "Forms", "Filled data"). */

/** A refusal from the API is final (the page says it cannot be filled); a lost connection is tried again. */
const retryUnanswered = (failures: number, error: unknown) => apiErrorOf(error) === null && failures < 1;

/**
 * How long what the fill page starts from (template, window, saved answers) counts as current: the
 * route requests it while the page's code downloads, and the page mounting a moment later must not
 * fetch it again.
 */
const STARTING_DATA_FRESH_MS = 30_000;

export const formTemplateQuery = (client: ApiClient, formId: number) =>
  queryOptions({
    queryKey: ['forms', formId, 'template'],
    retry: retryUnanswered,
    staleTime: STARTING_DATA_FRESH_MS,
    queryFn: async () => formTemplate.parse((await client.get(formTemplatePath(formId))).data),
  });

/** One scheduled window of the signed-in person; someone else's is not found. */
export const scheduledSlotQuery = (client: ApiClient, scheduledFormId: number) =>
  queryOptions({
    queryKey: ['forms', 'scheduled', scheduledFormId],
    retry: retryUnanswered,
    staleTime: STARTING_DATA_FRESH_MS,
    queryFn: async () => scheduledForm.parse((await client.get(scheduledFormPath(scheduledFormId))).data),
  });

/** The saved answers an edit starts from: the details' query, current for as long as the template. */
export const startingAnswersQuery = (client: ApiClient, formDataId: number) =>
  queryOptions({ ...filledDataQuery(client, formDataId), staleTime: STARTING_DATA_FRESH_MS });

export async function createFormMetadata(client: ApiClient, formId: number): Promise<number> {
  return formMetadata.parse((await client.post('/api/form_metadata/', { form: { id: formId } })).data).id;
}

/** Creates (no `formDataId`) or updates the form data; `draft` saves it as a draft. */
export async function saveFilledData(
  client: ApiClient,
  { payload, draft, formDataId }: { payload: FilledDataPayload; draft: boolean; formDataId: number | null },
): Promise<FilledForm> {
  const params = { draft: String(draft) };
  const response =
    formDataId === null
      ? await client.post('/api/form_data/', payload, { params })
      : await client.put(`/api/form_data/${formDataId}`, payload, { params });
  return filledForm.parse(response.data);
}

export async function deleteFilledData(client: ApiClient, formDataId: number): Promise<void> {
  await client.delete(`/api/form_data/${formDataId}`);
}
