import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useController } from 'react-hook-form';
import { NOTE_MAX_LENGTH } from 'shared-ui/schemas/filled-data';
import { noteKey } from '../fill-model';
import { useFillContext } from './fill-context';
import { PlainTextarea } from './PlainInput';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXS },
  text: { alignSelf: 'stretch' },
});

/**
 * A field's optional note (§2: noteEnabled): 'Dodaj uwagę' opens it, 'Usuń uwagę' drops it. The
 * value is null while there is no note; only notes with text are sent.
 */
export function FieldNote({
  fieldKey,
  inputId,
  label,
}: {
  fieldKey: string;
  inputId: string;
  label: string;
}) {
  const styles = useStyles();
  const { control, readOnly } = useFillContext();
  const { field } = useController({ name: noteKey(fieldKey), control });
  const note = field.value as string | null;
  const noteId = `${inputId}-note`;
  if (note === null) {
    return readOnly ? null : (
      <div className={styles.root}>
        <Button size="small" onClick={() => field.onChange('')} aria-label={`Dodaj uwagę: ${label}`}>
          Dodaj uwagę
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.root}>
      <label htmlFor={noteId}>{`Uwaga: ${label}`}</label>
      <PlainTextarea
        id={noteId}
        className={styles.text}
        value={note}
        maxLength={NOTE_MAX_LENGTH}
        disabled={readOnly}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.value)}
      />
      {!readOnly && (
        <Button size="small" onClick={() => field.onChange(null)} aria-label={`Usuń uwagę: ${label}`}>
          Usuń uwagę
        </Button>
      )}
    </div>
  );
}
