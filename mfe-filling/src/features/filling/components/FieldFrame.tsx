import { makeStyles, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { REQUIRED_HINT } from '@formularze/domain/schemas/filled-data';
import { errorId, hintId, labelId } from './answer-props';

export const UNANSWERED_TEXT = 'Pole niewypełnione przez pacjenta';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
    margin: 0,
    padding: 0,
    border: 'none',
  },
  // The fieldset stays the grid item it would be without its form.
  groupForm: { display: 'contents' },
  label: { fontWeight: tokens.fontWeightSemibold, padding: 0 },
  small: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  unanswered: { fontStyle: 'italic', color: tokens.colorNeutralForeground2 },
});

export interface FieldFrameProps {
  inputId: string;
  label: string;
  hint: string | null | undefined;
  required: boolean;
  error: string | undefined;
  /** Several controls for one answer: a fieldset with a legend, as a radio group or a plain group. */
  group?: 'radiogroup' | 'group';
  /** Someone other than the filler looks at a field left blank. */
  unanswered?: boolean;
  children: ReactNode;
  /** The field's note, under its answer. */
  note?: ReactNode;
}

/** The ids a field's control is described by: its hint, required mark and error. */
export function describedByOf({
  inputId,
  hint,
  required,
  error,
}: Pick<FieldFrameProps, 'inputId' | 'hint' | 'required' | 'error'>): string | undefined {
  const ids = [
    hint ? hintId(inputId) : null,
    required ? `${inputId}-required` : null,
    error ? errorId(inputId) : null,
  ];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** Enter in a field never sends anything: only 'Zapisz i wyślij' does. */
const keepOnPage = (event: FormEvent) => event.preventDefault();

/**
 * A field's label, hint, '* Pole wymagane' mark and error around its control (§2, §5). Plain
 * elements with theme classes: hundreds of them render on a long form.
 *
 * Each field is a form of its own rather than one form holding the whole questionnaire: the
 * browser's autofill reads every control of a form after each change to one of them, which on a
 * 300-question form (750 radio buttons and check boxes) took ~8 ms after every keystroke.
 */
export function FieldFrame({
  inputId,
  label,
  hint,
  required,
  error,
  group,
  unanswered,
  children,
  note,
}: FieldFrameProps) {
  const styles = useStyles();
  const details = (
    <>
      {hint && (
        <span id={hintId(inputId)} className={styles.small}>
          {hint}
        </span>
      )}
      {required && (
        <span id={`${inputId}-required`} className={styles.small}>
          {REQUIRED_HINT}
        </span>
      )}
      {children}
      {unanswered && <span className={styles.unanswered}>{UNANSWERED_TEXT}</span>}
      {error && (
        <span id={errorId(inputId)} className={styles.error}>
          {error}
        </span>
      )}
      {note}
    </>
  );
  if (group) {
    return (
      <form className={styles.groupForm} noValidate onSubmit={keepOnPage}>
        <fieldset
          className={styles.root}
          role={group}
          aria-labelledby={labelId(inputId)}
          aria-required={group === 'radiogroup' ? required || undefined : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf({ inputId, hint, required, error })}
        >
          <legend id={labelId(inputId)} className={styles.label}>
            {label}
          </legend>
          {details}
        </fieldset>
      </form>
    );
  }
  return (
    <form className={styles.root} noValidate onSubmit={keepOnPage}>
      <label id={labelId(inputId)} htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {details}
    </form>
  );
}
