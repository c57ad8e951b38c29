import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import type { FormListItem } from '@formularze/domain/schemas/forms';
import { formListKey, runProjectAction, type ProjectAction } from '../api';

const DONE: Record<ProjectAction['kind'], (form: string, project: string) => string> = {
  copy: (form, project) => `Skopiowano formularz ${form} do projektu ${project}`,
  move: (form, project) => `Przeniesiono formularz ${form} do projektu ${project}`,
  detach: (form, project) => `Usunięto formularz ${form} z projektu ${project}`,
};

/** Copies or moves a form to a project, or takes it out of its project; says how it went and refreshes the list. */
export function useProjectAction({ onDone }: { onDone?: () => void } = {}) {
  const client = useApiClient();
  const shell = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, action }: { form: FormListItem; action: ProjectAction }) =>
      runProjectAction(client, form.id, action),
    onSuccess: (_saved, { form, action }) => {
      shell.alerts.show({ text: DONE[action.kind](form.name, action.project.name) });
      onDone?.();
    },
    onError: (error) => {
      // The API's refusals are Polish ('Wybierz projekt inny niż obecny', '… najpierw go wstrzymaj').
      shell.alerts.show({ text: apiErrorOf(error)?.message ?? 'Operacja nie powiodła się', isError: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: formListKey }),
  });
}
