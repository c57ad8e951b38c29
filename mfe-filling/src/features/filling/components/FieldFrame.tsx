import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { REQUIRED_HINT } from 'shared-ui/schemas/filled-data';
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

/**
 * A field's label, hint, '* Pole wymagane' mark and error around its control (§2, §5). Plain
 * elements with theme classes: hundreds of them render on a long form.
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
    );
  }
  return (
    <div className={styles.root}>
      <label id={labelId(inputId)} htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {details}
    </div>
  );
}
