import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import type { Project } from '@formularze/domain/schemas/projects';
import { allProjectsKey, duplicateProject, removeProject } from '../api';

export type ProjectAction = { kind: 'remove' } | { kind: 'duplicate'; withUsers: boolean };

const DONE: Record<ProjectAction['kind'], (name: string) => string> = {
  remove: (name) => `Usunięto projekt ${name}`,
  duplicate: (name) => `Utworzono kopię projektu ${name}`,
};

/** Removes or duplicates a project, says how it went, and refreshes the list. */
export function useProjectAction() {
  const client = useApiClient();
  const shell = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ project, action }: { project: Project; action: ProjectAction }) => {
      if (action.kind === 'remove') await removeProject(client, project.id);
      else await duplicateProject(client, project.id, action.withUsers);
    },
    onSuccess: (_nothing, { project, action }) =>
      shell.alerts.show({ text: DONE[action.kind](project.name) }),
    onError: (error) =>
      // The API's refusals are Polish ('Nie można usunąć projektu, w którym są aktywne formularze').
      shell.alerts.show({ text: apiErrorOf(error)?.message ?? 'Operacja nie powiodła się', isError: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: allProjectsKey }),
  });
}
