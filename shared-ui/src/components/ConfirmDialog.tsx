import { Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ActionsDialog } from './ActionsDialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** While the confirmed action runs: the confirm button is disabled so it cannot run twice. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before an action that cannot be taken back; Escape and 'Anuluj' cancel. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ActionsDialog
      open={open}
      title={title}
      onDismiss={onCancel}
      actions={
        <>
          <Button appearance="primary" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button onClick={onCancel}>Anuluj</Button>
        </>
      }
    >
      {children}
    </ActionsDialog>
  );
}
