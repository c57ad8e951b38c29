import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { formatDateTime } from '@formularze/domain/schemas/display-format';

export interface DeviceCopyChoiceProps {
  /** When the answers kept on this device were typed (epoch ms, the device's clock). */
  typedAt: number;
  /** When the server's version was saved. */
  savedAt: string;
  onServer(): void;
  onDevice(): void;
}

/**
 * The server holds a version saved after the device copy was typed (ADR 600): the patient picks one.
 * An alert dialog, so neither Escape nor a click outside picks for them.
 */
export function DeviceCopyChoice({ typedAt, savedAt, onServer, onDevice }: DeviceCopyChoiceProps) {
  return (
    <Dialog open modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Które odpowiedzi wczytać?</DialogTitle>
          <DialogContent>
            Na tym urządzeniu są odpowiedzi z {formatDateTime(new Date(typedAt))}, a na serwerze zapisano
            nowszą wersję z {formatDateTime(savedAt)}. Której użyć?
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onServer}>
              Użyj wersji z serwera
            </Button>
            <Button onClick={onDevice}>Użyj odpowiedzi z tego urządzenia</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
