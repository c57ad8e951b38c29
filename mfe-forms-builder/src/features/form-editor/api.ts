import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import { savedFieldList } from '@formularze/domain/schemas/form-template';
import {
  formEditionList,
  savedFormRef,
  type FormPayload,
  type SavedFormRef,
} from '@formularze/domain/schemas/forms';
import {
  rulesBacktest,
  type RulesBacktest,
  type RulesBacktestRequest,
} from '@formularze/domain/schemas/rules-backtest';
import { fetchFormDetails, formDetailsKey, formsKey } from '../../shared/form-api';

export const formDetailsQuery = (client: ApiClient, formId: number) =>
  queryOptions({
    queryKey: formDetailsKey(formId),
    queryFn: () => fetchFormDetails(client, formId),
    // The editor starts from what it loaded: a refetch must not replace the person's edits.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** `GET /api/forms/{id}/old_versions`: every edition of the form's bag, newest first. */
export const formEditionsQuery = (client: ApiClient, formId: number) =>
  queryOptions({
    queryKey: [...formsKey, formId, 'editions'],
    queryFn: async () => formEditionList.parse((await client.get(`/api/forms/${formId}/old_versions`)).data),
  });

/** Dictionaries the organization kept for reuse (`saveDictionaryGlobally`). */
export const savedFieldsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['form-layouts', 'saved-fields'],
    queryFn: async () => savedFieldList.parse((await client.get('/api/form_layouts/saved_fields')).data),
  });

export async function createForm(client: ApiClient, payload: FormPayload): Promise<SavedFormRef> {
  return savedFormRef.parse((await client.post('/api/forms', payload)).data);
}

/** `POST /api/forms/{id}/rules/backtest`: the draft's rules over the form's past filled forms (ADR 224). */
export async function backtestRules(
  client: ApiClient,
  formId: number,
  request: RulesBacktestRequest,
): Promise<RulesBacktest> {
  return rulesBacktest.parse((await client.post(`/api/forms/${formId}/rules/backtest`, request)).data);
}
