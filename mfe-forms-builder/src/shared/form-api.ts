import type { ApiClient } from 'shared-ui/api-client';
import {
  formDetails,
  savedFormRef,
  type FormDetails,
  type FormPayload,
  type SavedFormRef,
} from '@formularze/domain/schemas/forms';

/** Every query about forms (list, details, …) starts with this key: a save makes them all stale. */
export const formsKey = ['forms'] as const;

/** `GET /api/forms/{id}`: one cache entry, so the editor and the schedule page share what was loaded. */
export const formDetailsKey = (formId: number) => [...formsKey, formId, 'details'] as const;

export async function fetchFormDetails(client: ApiClient, formId: number): Promise<FormDetails> {
  return formDetails.parse((await client.get(`/api/forms/${formId}`)).data);
}

/** Saves the form; an answer with another id is the new edition made because the form had answers. */
export async function updateForm(
  client: ApiClient,
  formId: number,
  payload: FormPayload,
): Promise<SavedFormRef> {
  return savedFormRef.parse((await client.put(`/api/forms/${formId}`, payload)).data);
}
