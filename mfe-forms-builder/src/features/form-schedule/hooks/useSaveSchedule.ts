import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FORMS_BUILDER_ROUTES, pathTo } from '@formularze/domain/schemas';
import { FORM_UPDATED_MESSAGE, type FormDetails, type Schedule } from '@formularze/domain/schemas/forms';
import { formsKey, updateForm } from '../../../shared/form-api';
import { payloadWithSchedule } from '../api';

export const SAVE_FAILED_MESSAGE = 'Nie udało się zapisać harmonogramu. Spróbuj ponownie.';

/**
 * The Polish reason of a refused save: the API's own message (e.g. an active form), the fields'
 * messages of a validation error (the shared schema's texts), or a general one.
 */
export function saveErrorMessage(error: unknown): string {
  const body = apiErrorOf(error);
  if (!body || body.statusCode >= 500) return SAVE_FAILED_MESSAGE;
  if (body.code === 'validation' && body.fields) return [...new Set(Object.values(body.fields))].join('; ');
  return body.message;
}

/**
 * `PUT /api/forms/{id}` with the form's full payload and the new schedule; says how it went. A
 * form with answers is saved as a new edition: the page moves to it.
 */
export function useSaveSchedule(form: FormDetails) {
  const client = useApiClient();
  const shell = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: Schedule | null) =>
      updateForm(client, form.id, payloadWithSchedule(form, schedule)),
    onSuccess: async (saved) => {
      shell.alerts.show({ text: FORM_UPDATED_MESSAGE });
      await queryClient.invalidateQueries({ queryKey: formsKey });
      if (saved.id !== form.id)
        shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formSchedule, { id: saved.id }), { replace: true });
    },
    onError: (error) => {
      shell.alerts.show({ text: saveErrorMessage(error), isError: true });
    },
  });
}
