import { Button, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { QrCodeRegular } from '@fluentui/react-icons/svg/qr-code';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { lazyComponent } from 'shared-ui/routing';
import { useStackStyles } from 'shared-ui/components';
import type { TextWidgetProps } from './types';
import { useWidgetTextStyles } from './widget-text-styles';

const QrScannerDialog = lazyComponent(() => import('./QrScannerDialog'), 'QrScannerDialog');

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  input: { flexGrow: 1, minWidth: '16em' },
});

/** Whether the device has a camera a page may ask for (its permission is asked only when scanning). */
function useCameraAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const media = globalThis.navigator?.mediaDevices;
    if (!media?.getUserMedia) return;
    let current = true;
    // Before any permission the devices have no names, but their kinds are listed.
    Promise.resolve(media.enumerateDevices?.() ?? [{ kind: 'videoinput' }])
      .then((devices) => current && setAvailable(devices.some((device) => device.kind === 'videoinput')))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return available;
}

/** A QRCODE field: the code's text, typed or read by the camera ('Skanuj kod'). */
export function QrCodeField({ inputId, describedBy, value, onChange, disabled, invalid }: TextWidgetProps) {
  const styles = useStyles();
  const text = useWidgetTextStyles();
  const stack = useStackStyles();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const scanButton = useRef<HTMLButtonElement>(null);
  const camera = useCameraAvailable();
  const [scanning, setScanning] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const found = (code: string) => {
    setScanning(false);
    onChange(code);
    setAnnouncement(`Odczytano kod: ${code}`);
    input.current?.focus();
  };

  return (
    <div className={stack.xs}>
      <div className={styles.row}>
        <Input
          ref={input}
          id={inputId}
          className={styles.input}
          value={value}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          onChange={(_event, data) => onChange(data.value)}
        />
        {camera && (
          <Button
            ref={scanButton}
            icon={<QrCodeRegular />}
            disabled={disabled}
            onClick={() => {
              setAnnouncement('');
              setScanning(true);
            }}
          >
            Skanuj kod
          </Button>
        )}
      </div>
      <Text id={hintId} size={200} className={text.hint}>
        {camera ? 'Zeskanuj kod QR aparatem albo wpisz jego treść.' : 'Wpisz treść kodu QR.'}
      </Text>
      <div role="status">{announcement}</div>
      {scanning && (
        <Suspense fallback={null}>
          <QrScannerDialog
            onFound={found}
            onClose={() => {
              setScanning(false);
              scanButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
