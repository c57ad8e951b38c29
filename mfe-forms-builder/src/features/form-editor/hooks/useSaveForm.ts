import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FORM_SAVED_MESSAGE, FORM_UPDATED_MESSAGE, type FormPayload } from '@formularze/domain/schemas/forms';
import { formsKey, updateForm } from '../../../shared/form-api';
import { createForm } from '../api';

/**
 * `POST /api/forms` for a new form, `PUT /api/forms/{id}` for an edited one; on success the alert
 * of §8 (the editor then goes back to the list). A refusal keeps the page as it is (§8), with the API's Polish reason.
 */
export function useSaveForm(formId: number | null) {
  const client = useApiClient();
  const shell = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: FormPayload) =>
      formId === null ? createForm(client, payload) : updateForm(client, formId, payload),
    onSuccess: async () => {
      shell.alerts.show({ text: formId === null ? FORM_SAVED_MESSAGE : FORM_UPDATED_MESSAGE });
      await queryClient.invalidateQueries({ queryKey: formsKey });
    },
    onError: (error) => {
      const reason = apiErrorOf(error)?.message;
      if (reason) shell.alerts.show({ text: reason, isError: true });
    },
  });
}
