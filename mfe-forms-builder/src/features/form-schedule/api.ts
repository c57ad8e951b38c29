import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  formPayload,
  formSettingsOf,
  type FormDetails,
  type FormPayload,
  type Schedule,
} from '@formularze/domain/schemas/forms';
import { fetchFormDetails, formDetailsKey } from '../../shared/form-api';

export const formScheduleQuery = (client: ApiClient, formId: number) =>
  queryOptions({
    queryKey: formDetailsKey(formId),
    queryFn: () => fetchFormDetails(client, formId),
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
