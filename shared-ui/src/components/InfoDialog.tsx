import { Button } from '@fluentui/react-components';
import { ActionsDialog, type ActionsDialogProps } from './ActionsDialog';

export type InfoDialogProps = Omit<ActionsDialogProps, 'onDismiss' | 'actions'> & { onClose(): void };

/** A dialog that only shows something: its title, what it shows and the one 'Zamknij' button. */
export function InfoDialog({ onClose, ...props }: InfoDialogProps) {
  return (
    <ActionsDialog
      {...props}
      onDismiss={onClose}
      actions={
        <Button appearance="primary" onClick={onClose}>
          Zamknij
        </Button>
      }
    />
  );
}
