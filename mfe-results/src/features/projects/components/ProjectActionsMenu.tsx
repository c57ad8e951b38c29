import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons/svg/more-horizontal';
import { useShell } from 'shared-ui/remote';
import type { Project } from 'shared-ui/schemas/projects';

export type ProjectDialog = 'duplicate' | 'users' | 'remove';

export interface ProjectActionsMenuProps {
  project: Project;
  busy: boolean;
  onOpen(dialog: ProjectDialog): void;
}

/** The row's options, each only with its permission (§6: duplicate, edit and remove are the owners'). */
export function ProjectActionsMenu({ project, busy, onOpen }: ProjectActionsMenuProps) {
  const shell = useShell();
  // A dialog opened from the menu outlives the item that opened it: on close, Fluent's focus restorer
  // takes the focus back to this button.
  const restoreFocusTarget = useRestoreFocusTarget();
  const can = (key: Parameters<typeof shell.permissions.has>[0]) => shell.permissions.has(key);

  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={`Opcje projektu ${project.name}`}
          {...restoreFocusTarget}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
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
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
