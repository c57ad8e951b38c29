import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import type { DialogProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export interface ActionsDialogProps {
  open: boolean;
  title: ReactNode;
  /** Escape or a click outside: what the dialog's way out does. */
  onDismiss(): void;
  /**
   * False for a dialog a stray click must not close, though it is no alert: Escape alone dismisses
   * it. True by default.
   */
  dismissOnClickOutside?: boolean;
  /** Its buttons, the main one first. */
  actions: ReactNode;
  /** For the dialog's box, e.g. a larger width. */
  className?: string;
  contentClassName?: string;
  children?: ReactNode;
  /** Shown over the dialog, e.g. a confirmation. */
  overlay?: ReactNode;
  /** 'alert' for a choice the user must make: a click outside is ignored and it reads as an alert dialog. */
  modalType?: DialogProps['modalType'];
  /** The id of what describes the dialog's box, read by a screen reader with its title when it opens. */
  describedBy?: string;
}

/** A modal dialog as the product draws them all: a title, what it says, and its buttons under it. */
export function ActionsDialog({
  open,
  title,
  onDismiss,
  dismissOnClickOutside = true,
  actions,
  className,
  contentClassName,
  children,
  overlay,
  modalType,
  describedBy,
}: ActionsDialogProps) {
  return (
    <Dialog
      open={open}
      modalType={modalType}
      onOpenChange={(_event, data) => {
        if (!data.open && (dismissOnClickOutside || data.type !== 'backdropClick')) onDismiss();
      }}
    >
      <DialogSurface className={className} aria-describedby={describedBy}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={contentClassName}>{children}</DialogContent>
          <DialogActions>{actions}</DialogActions>
        </DialogBody>
        {overlay}
      </DialogSurface>
    </Dialog>
  );
}
