import { queryOptions } from '@tanstack/react-query';
import { apiErrorOf, type ApiClient } from 'shared-ui/api-client';
import { formTemplate, scheduledForm } from '@formularze/domain/schemas/forms';
import { formTemplatePath, scheduledFormPath } from '@formularze/domain/schemas/record-paths';
import { filledDataQuery } from '../../shared/filled-data/api';

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

export async function deleteFilledData(client: ApiClient, formDataId: number): Promise<void> {
  await client.delete(`/api/form_data/${formDataId}`);
}
