import { makeStyles, tokens } from '@fluentui/react-components';
import { sanitizeNumberInput, sanitizePeselInput } from '../field-validation';
import type { FillableField } from '../fillable-field';
import type { AnswerInputProps } from './answer-props';
import { PlainInput } from './PlainInput';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

const shown = (value: number) => String(value).replace('.', ',');

/** The min and max hint of a number field (§5), or null without bounds. */
export function rangeHint({ minValue, maxValue }: FillableField): string | null {
  const hasMin = typeof minValue === 'number';
  const hasMax = typeof maxValue === 'number';
  if (hasMin && hasMax) return `Od ${shown(minValue)} do ${shown(maxValue)}`;
  if (hasMin) return `Najmniej ${shown(minValue)}`;
  if (hasMax) return `Najwięcej ${shown(maxValue)}`;
  return null;
}

/** NUMBER: what may not be typed is dropped as it is typed; the bounds are shown under it (§5). */
export function NumberAnswer({
  field,
  inputId,
  describedBy,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: AnswerInputProps<string>) {
  const styles = useStyles();
  const hint = rangeHint(field);
  const hintId = `${inputId}-range`;
  return (
    <div className={styles.root}>
      <PlainInput
        id={inputId}
        inputMode={field.numberType === 'DECIMAL' ? 'decimal' : 'numeric'}
        value={value}
        disabled={disabled}
        onBlur={onBlur}
        aria-describedby={[describedBy, hint ? hintId : null].filter(Boolean).join(' ') || undefined}
        aria-invalid={invalid || undefined}
        aria-required={field.required || undefined}
        onChange={(event) => onChange(sanitizeNumberInput(field, event.target.value))}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** PESEL: digits only, at most 11 (§5); a wrong checksum is shown in the danger style. */
export function PeselAnswer({
  field,
  inputId,
  describedBy,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: AnswerInputProps<string>) {
  return (
    <PlainInput
      id={inputId}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      disabled={disabled}
      onBlur={onBlur}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={field.required || undefined}
      onChange={(event) => onChange(sanitizePeselInput(event.target.value))}
    />
  );
}
