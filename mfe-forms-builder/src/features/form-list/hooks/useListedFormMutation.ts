import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf, type ApiClient } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import type { FormListItem } from '@formularze/domain/schemas/forms';
import { formListKey } from '../api';

/**
 * Runs `action` on a form of the list with `run`, says what was done (`doneText`) or the API's
 * refusal, and refreshes the list either way.
 */
export function useListedFormMutation<Action>(
  run: (client: ApiClient, formId: number, action: Action) => Promise<unknown>,
  doneText: (form: FormListItem, action: Action) => string,
  onDone?: () => void,
) {
  const client = useApiClient();
  const shell = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, action }: { form: FormListItem; action: Action }) => run(client, form.id, action),
    onSuccess: (_answer, { form, action }) => {
      shell.alerts.show({ text: doneText(form, action) });
      onDone?.();
    },
    onError: (error) => {
      // The API's refusals are already Polish (e.g. 'Błąd aktywacji formularza - formularz jest pusty',
      // 'Wybierz projekt inny niż obecny', '… najpierw go wstrzymaj').
      shell.alerts.show({ text: apiErrorOf(error)?.message ?? 'Operacja nie powiodła się', isError: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: formListKey }),
  });
}
