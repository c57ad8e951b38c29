import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons/svg/arrow-reset';
import { CheckmarkRegular } from '@fluentui/react-icons/svg/checkmark';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { EraserRegular } from '@fluentui/react-icons/svg/eraser';
import { SignatureRegular } from '@fluentui/react-icons/svg/signature';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStoredFileUrl } from 'shared-ui/components';
import { useApiClient } from 'shared-ui/remote';
import type { AttachedFile } from '../attached-file';
import { AttachedFileStatus } from './AttachedFileStatus';
import { chosenFile, isRefused } from './chosen-files';
import type { FilesWidgetProps } from './types';
import { useSignaturePad } from './useSignaturePad';
import { useWidgetTextStyles } from './widget-text-styles';

export const SIGNATURE_FILE_NAME = 'podpis.png';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '36em' },
  // Sized in em, so the space to sign grows with the chosen font size.
  sheet: {
    width: '100%',
    height: '12em',
    boxSizing: 'border-box',
    touchAction: 'none',
    cursor: 'crosshair',
    border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThicker} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: tokens.strokeWidthThick,
    },
  },
  preview: {
    width: '100%',
    height: '12em',
    objectFit: 'contain',
    boxSizing: 'border-box',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * A SIGN field: the person signs on a sheet with mouse, pen or finger and approves it; the
 * signature becomes one PNG file (`podpis.png`), uploaded with the form like any file. A signature
 * already given is shown with 'Podpisz ponownie'.
 */
export function SignatureField({
  field,
  inputId,
  describedBy,
  files,
  onChange,
  disabled,
  invalidFileKeys,
}: FilesWidgetProps) {
  const styles = useStyles();
  const text = useWidgetTextStyles();
  const [resigning, setResigning] = useState(false);
  const signature = files[0];
  const label = field.label ?? 'Podpis';

  if (!disabled && (!signature || resigning)) {
    return (
      <SignatureSheet
        label={label}
        inputId={inputId}
        describedBy={describedBy}
        onApprove={(image) => {
          setResigning(false);
          // One signature per field: a new one replaces the previous.
          onChange([chosenFile(image)]);
        }}
        onCancel={signature && (() => setResigning(false))}
      />
    );
  }
  if (!signature) {
    return (
      <Text id={inputId} className={text.hint} aria-describedby={describedBy}>
        Brak podpisu
      </Text>
    );
  }
  return (
    <div className={styles.root}>
      <SignatureImage id={inputId} describedBy={describedBy} label={label} attached={signature} />
      <AttachedFileStatus attached={signature} refused={isRefused(signature, invalidFileKeys)} />
      {!disabled && (
        <div className={styles.actions}>
          <Button icon={<SignatureRegular />} onClick={() => setResigning(true)}>
            Podpisz ponownie
          </Button>
          <Button
            icon={<DeleteRegular />}
            disabled={signature.status === 'uploading'}
            onClick={() => onChange([])}
          >
            Usuń podpis
          </Button>
        </div>
      )}
    </div>
  );
}

function SignatureSheet({
  label,
  inputId,
  describedBy,
  onApprove,
  onCancel,
}: {
  label: string;
  inputId: string;
  describedBy?: string;
  onApprove(image: File): void;
  onCancel?: () => void;
}) {
  const styles = useStyles();
  const text = useWidgetTextStyles();
  const instructionsId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useSignaturePad(canvas);
  const [problem, setProblem] = useState<string | null>(null);

  const approve = () =>
    canvas.current?.toBlob((blob) => {
      if (blob) onApprove(new File([blob], SIGNATURE_FILE_NAME, { type: 'image/png' }));
      else setProblem('Nie udało się zapisać podpisu. Spróbuj ponownie.');
    }, 'image/png');

  return (
    <div className={styles.root}>
      <canvas
        ref={canvas}
        id={inputId}
        className={styles.sheet}
        role="img"
        // Focusable, so a keyboard or screen reader user meets the sheet and hears the instructions.
        tabIndex={0}
        aria-label={`Miejsce na podpis: ${label}`}
        aria-describedby={[instructionsId, describedBy].filter(Boolean).join(' ')}
      />
      <Text id={instructionsId} size={200} className={text.hint}>
        Podpisz się w ramce myszą, rysikiem lub palcem, a potem naciśnij „Zatwierdź podpis”. Podpisu nie można
        złożyć samą klawiaturą; pole, które nie jest wymagane, można pozostawić puste.
      </Text>
      <div role="alert">
        {problem && (
          <Text block size={200} className={text.problem}>
            {problem}
          </Text>
        )}
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<CheckmarkRegular />} disabled={pad.empty} onClick={approve}>
          Zatwierdź podpis
        </Button>
        <Button icon={<EraserRegular />} disabled={pad.empty} onClick={pad.clear}>
          Wyczyść
        </Button>
        {onCancel && (
          <Button icon={<ArrowResetRegular />} onClick={onCancel}>
            Anuluj
          </Button>
        )}
      </div>
    </div>
  );
}

/** The given signature: the chosen image before it is uploaded, the stored one after. */
function SignatureImage({
  id,
  describedBy,
  label,
  attached,
}: {
  id: string;
  describedBy?: string;
  label: string;
  attached: AttachedFile;
}) {
  const styles = useStyles();
  const text = useWidgetTextStyles();
  const client = useApiClient();
  const stored = useStoredFileUrl(client, attached.status === 'uploaded' ? attached.uploaded : null);
  const chosen = attached.status === 'uploaded' ? null : attached.file;
  const chosenUrl = useMemo(() => (chosen ? URL.createObjectURL(chosen) : null), [chosen]);
  useEffect(() => () => void (chosenUrl && URL.revokeObjectURL(chosenUrl)), [chosenUrl]);
  const source = chosenUrl ?? stored;
  return source ? (
    <img
      id={id}
      className={styles.preview}
      src={source}
      alt={`Złożony podpis: ${label}`}
      aria-describedby={describedBy}
    />
  ) : (
    <Text id={id} className={text.hint}>
      Wczytywanie podpisu…
    </Text>
  );
}
