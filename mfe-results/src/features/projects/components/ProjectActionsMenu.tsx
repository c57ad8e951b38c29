import { MenuItem } from '@fluentui/react-components';
import { RowActionsMenu } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
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
        <MenuItem onClick={() => shell.navigate(`/form_group/edit/${project.id}`)}>Edytuj</MenuItem>
      )}
      {can('project:remove') && (
        <MenuItem disabled={busy} onClick={() => onOpen('remove')}>
          Usuń
        </MenuItem>
      )}
    </RowActionsMenu>
  );
}
