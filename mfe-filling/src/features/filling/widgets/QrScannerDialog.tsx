import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { ActionsDialog, useStackStyles } from 'shared-ui/components';
import { createQrReader } from './qr-reader';
import { useWidgetTextStyles } from './widget-text-styles';

const useStyles = makeStyles({
  video: {
    width: '100%',
    maxHeight: '60vh',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** How often a frame is read while the camera looks for a code. */
const SCAN_INTERVAL_MS = 250;

/** By `DOMException.name` of `getUserMedia`; typing the code stays possible in every case. */
function cameraProblem(error: unknown): string {
  switch ((error as { name?: string } | null)?.name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Nie udzielono zgody na użycie aparatu. Zezwól na nią w ustawieniach przeglądarki albo wpisz kod.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'Nie znaleziono aparatu. Wpisz kod ręcznie.';
    case 'NotReadableError':
      return 'Aparat jest zajęty przez inną aplikację. Zamknij ją albo wpisz kod ręcznie.';
    default:
      return 'Nie udało się uruchomić aparatu. Wpisz kod ręcznie.';
  }
}

const stopCamera = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/** The camera's view while it looks for a QR code; the camera is on only while this is open. */
export function QrScannerDialog({ onFound, onClose }: { onFound(code: string): void; onClose(): void }) {
  const styles = useStyles();
  const text = useWidgetTextStyles();
  const stack = useStackStyles();
  const instructionsId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reportFound = useEffectEvent(onFound);

  useEffect(() => {
    let closed = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (closed) return stopCamera(stream);
        const view = video.current!;
        view.srcObject = stream;
        await view.play();
        const read = await createQrReader();
        const scan = async () => {
          if (closed) return;
          const code = await read(view).catch(() => null);
          if (closed) return;
          if (code) reportFound(code);
          else timer = setTimeout(scan, SCAN_INTERVAL_MS);
        };
        await scan();
      } catch (error) {
        if (!closed) setProblem(cameraProblem(error));
      }
    })();
    return () => {
      closed = true;
      clearTimeout(timer);
      stopCamera(stream);
    };
  }, []);

  return (
    <ActionsDialog
      open
      title="Skanowanie kodu QR"
      describedBy={instructionsId}
      onDismiss={onClose}
      contentClassName={stack.m}
      actions={<Button onClick={onClose}>Anuluj</Button>}
    >
      <Text id={instructionsId}>
        Skieruj aparat na kod QR. Okno zamknie się samo, gdy kod zostanie odczytany.
      </Text>
      <video ref={video} className={styles.video} muted playsInline aria-label="Obraz z aparatu" />
      <div role="alert">
        {problem && (
          <Text block className={text.problem}>
            {problem}
          </Text>
        )}
      </div>
    </ActionsDialog>
  );
}
