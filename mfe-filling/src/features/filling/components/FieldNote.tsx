import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useRef } from 'react';
import { useController } from 'react-hook-form';
import { NOTE_MAX_LENGTH } from '@formularze/domain/schemas/filled-data';
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
 *
 * The button pressed disappears, so focus follows the person: into the box just opened, and back
 * to 'Dodaj uwagę' once the note is dropped. A note saved in a draft opens without taking focus.
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
  const focusOnMount = useRef(false);
  const takeFocusWhenPressed = (element: HTMLElement | null) => {
    if (element && focusOnMount.current) {
      focusOnMount.current = false;
      element.focus();
    }
  };
  const toggle = (value: string | null) => {
    focusOnMount.current = true;
    field.onChange(value);
  };
  if (note === null) {
    return readOnly ? null : (
      <div className={styles.root}>
        <Button
          ref={takeFocusWhenPressed}
          size="small"
          onClick={() => toggle('')}
          aria-label={`Dodaj uwagę: ${label}`}
        >
          Dodaj uwagę
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.root}>
      <label htmlFor={noteId}>{`Uwaga: ${label}`}</label>
      <PlainTextarea
        ref={takeFocusWhenPressed}
        id={noteId}
        className={styles.text}
        value={note}
        maxLength={NOTE_MAX_LENGTH}
        disabled={readOnly}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.target.value)}
      />
      {!readOnly && (
        <Button size="small" onClick={() => toggle(null)} aria-label={`Usuń uwagę: ${label}`}>
          Usuń uwagę
        </Button>
      )}
    </div>
  );
}
