import {
  Button,
  Menu,
  MenuList,
  MenuPopover,
  MenuTrigger,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons/svg/more-horizontal';
import type { ReactNode } from 'react';

export interface RowActionsMenuProps {
  /** Names the row the options act on, e.g. 'Opcje formularza Ankieta bólu'. */
  label: string;
  /** The `MenuItem`s, each shown only when the person may use it. */
  children: ReactNode;
}

/**
 * A table row's '…' button and its options. A dialog opened from an option outlives the item
 * that opened it: when it closes, Fluent's focus restorer takes the focus back to this button.
 */
export function RowActionsMenu({ label, children }: RowActionsMenuProps) {
  const restoreFocusTarget = useRestoreFocusTarget();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={label}
          {...restoreFocusTarget}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>{children}</MenuList>
      </MenuPopover>
    </Menu>
  );
}
