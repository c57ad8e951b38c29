import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  formDetails,
  formPayload,
  formSettingsOf,
  savedFormRef,
  type FormDetails,
  type FormPayload,
  type SavedFormRef,
  type Schedule,
} from '@formularze/domain/schemas/forms';

/** Every query about forms (list, details, …): what a saved form makes stale. */
export const formsKey = ['forms'] as const;

/** `GET /api/forms/{id}` (the same entry as the editor's, so both pages share what was loaded). */
export const formScheduleQuery = (client: ApiClient, formId: number) =>
  queryOptions({
    queryKey: [...formsKey, formId, 'details'],
    queryFn: async () => formDetails.parse((await client.get(`/api/forms/${formId}`)).data),
    // The page starts its draft from what it loaded; a refetch on focus would only cost a call.
    refetchOnWindowFocus: false,
  });

/** The full payload of `PUT /api/forms/{id}` (§7): the form as loaded, with another schedule. */
export function payloadWithSchedule(form: FormDetails, schedule: Schedule | null): FormPayload {
  return {
    name: form.name,
    description: form.description,
    layoutElementObject: form.layoutElementObject,
    formRules: form.formRules,
    schedule,
    ...formSettingsOf(form),
  };
}

/** The messages of what the API would refuse in `payload` (e.g. a reminder longer than a window), none when valid. */
export function payloadProblems(payload: FormPayload): string[] {
  const parsed = formPayload.safeParse(payload);
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
}

/** Saves the form; an answer with another id is the new edition made because the form had answers. */
export async function saveForm(
  client: ApiClient,
  formId: number,
  payload: FormPayload,
): Promise<SavedFormRef> {
  return savedFormRef.parse((await client.put(`/api/forms/${formId}`, payload)).data);
}
