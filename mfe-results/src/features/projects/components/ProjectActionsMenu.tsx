import { MenuItem } from '@fluentui/react-components';
import { RowActionsMenu } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import type { Project } from '@formularze/domain/schemas/projects';

export type ProjectDialog = 'duplicate' | 'users' | 'remove';

export interface ProjectActionsMenuProps {
  project: Project;
  busy: boolean;
  onOpen(dialog: ProjectDialog): void;
}

/** The row's options, each only with its permission (§6: duplicate, edit and remove are the owners'). */
export function ProjectActionsMenu({ project, busy, onOpen }: ProjectActionsMenuProps) {
  const shell = useShell();
  const can = (key: Parameters<typeof shell.permissions.has>[0]) => shell.permissions.has(key);

  return (
    <RowActionsMenu label={`Opcje projektu ${project.name}`}>
      {can('project:duplicate') && (
        <MenuItem disabled={busy} onClick={() => onOpen('duplicate')}>
          Duplikuj
        </MenuItem>
      )}
      {can('admin:addGroup') && <MenuItem onClick={() => onOpen('users')}>Użytkownicy projektu</MenuItem>}
      {can('project:edit') && (
        <MenuItem onClick={() => shell.navigate(pathTo(RESULTS_ROUTES.projectEdit, { groupId: project.id }))}>
          Edytuj
        </MenuItem>
      )}
      {can('results-page:view') && (
        <MenuItem
          onClick={() => shell.navigate(pathTo(RESULTS_ROUTES.projectAdherence, { groupId: project.id }))}
        >
          Terminowość wypełnień
        </MenuItem>
      )}
      {can('results-page:view') && (
        <MenuItem
          onClick={() => shell.navigate(pathTo(RESULTS_ROUTES.projectScoreTrends, { groupId: project.id }))}
        >
          Trendy wyników
        </MenuItem>
      )}
      {can('project:remove') && (
        <MenuItem disabled={busy} onClick={() => onOpen('remove')}>
          Usuń
        </MenuItem>
      )}
    </RowActionsMenu>
  );
}
