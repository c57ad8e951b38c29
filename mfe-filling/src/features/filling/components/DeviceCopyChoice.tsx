import { Button } from '@fluentui/react-components';
import { ActionsDialog } from 'shared-ui/components';
import { formatDateTime } from '@formularze/domain/schemas/display-format';

export interface DeviceCopyChoiceProps {
  /** When the answers kept on this device were typed (epoch ms, the device's clock). */
  typedAt: number;
  /** When the server's version was saved. */
  savedAt: string;
  onServer(): void;
  onDevice(): void;
}

const pickNothing = () => undefined;

/**
 * The server holds a version saved after the device copy was typed (ADR 600): the patient picks one.
 * An alert dialog, so neither Escape nor a click outside picks for them.
 */
export function DeviceCopyChoice({ typedAt, savedAt, onServer, onDevice }: DeviceCopyChoiceProps) {
  return (
    <ActionsDialog
      open
      modalType="alert"
      title="Które odpowiedzi wczytać?"
      onDismiss={pickNothing}
      actions={
        <>
          <Button appearance="primary" onClick={onServer}>
            Użyj wersji z serwera
          </Button>
          <Button onClick={onDevice}>Użyj odpowiedzi z tego urządzenia</Button>
        </>
      }
    >
      Na tym urządzeniu są odpowiedzi z {formatDateTime(new Date(typedAt))}, a na serwerze zapisano nowszą
      wersję z {formatDateTime(savedAt)}. Której użyć?
    </ActionsDialog>
  );
}
