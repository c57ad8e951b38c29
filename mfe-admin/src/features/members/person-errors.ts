import { apiErrorOf } from 'shared-ui/api-client';
import {
  ADD_DUPLICATE_MESSAGES,
  addPersonErrorMessage,
  EDIT_DUPLICATE_MESSAGES,
  EDIT_PERSON_ERROR_MESSAGE,
  HOSPITAL_IDENTIFIER_EMPTY_MESSAGE,
  personConflict,
  type PersonConflict,
} from '@formularze/domain/schemas/members';

/** The 409 of a duplicate (its flags), when `error` is one. */
export function personConflictOf(error: unknown): PersonConflict | null {
  const data = (error as { isAxiosError?: boolean; response?: { data?: unknown } } | null)?.response?.data;
  const parsed = personConflict.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** What the add or edit page shows for a failed save (§8), one sentence per duplicate. */
export function personSaveErrorMessage(error: unknown, mode: 'add' | 'edit'): string {
  const conflict = personConflictOf(error);
  if (conflict) {
    const messages = mode === 'add' ? ADD_DUPLICATE_MESSAGES : EDIT_DUPLICATE_MESSAGES;
    return conflict.duplicates.map((flag) => messages[flag]).join(' ');
  }
  const apiError = apiErrorOf(error);
  if (mode === 'add') return addPersonErrorMessage(apiError?.message ?? String(error));
  if (apiError?.code === 'hospital-identifier-empty') return HOSPITAL_IDENTIFIER_EMPTY_MESSAGE;
  return apiError?.message ?? EDIT_PERSON_ERROR_MESSAGE;
}
