import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import type { FormListItem } from '@formularze/domain/schemas/forms';
import { formListKey, runFormAction, type FormAction } from '../api';

const DONE: Record<FormAction, (name: string) => string> = {
  activate: (name) => `Aktywowano formularz ${name}`,
  deactivate: (name) => `Wstrzymano formularz ${name}`,
  duplicate: (name) => `Utworzono kopię formularza ${name}`,
  remove: (name) => `Usunięto formularz ${name}`,
};

/** Runs a row action, says how it went, and refreshes the list. */
export function useFormAction() {
  const client = useApiClient();
  const shell = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, action }: { form: FormListItem; action: FormAction }) =>
      runFormAction(client, form.id, action),
    onSuccess: (_nothing, { form, action }) => {
      shell.alerts.show({ text: DONE[action](form.name) });
    },
    onError: (error) => {
      // The API's refusals are already Polish (e.g. 'Błąd aktywacji formularza - formularz jest pusty').
      shell.alerts.show({ text: apiErrorOf(error)?.message ?? 'Operacja nie powiodła się', isError: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: formListKey }),
  });
}
