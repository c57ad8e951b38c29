import { makeStyles, tokens } from '@fluentui/react-components';
import { answerDateToTyped, type DateTimeValue } from '../field-validation';
import type { AnswerInputProps } from './answer-props';
import { PlainInput } from './PlainInput';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  picker: { width: 'auto' },
  typed: { width: '9em' },
});

export const DATE_PLACEHOLDER = 'dd/mm/rrrr';

interface DateBoxProps {
  inputId: string;
  /** Its own name, when no label of the page points at it (the day of a date and time). */
  ariaLabel?: string;
  /** Names the calendar picker next to the typed box. */
  label: string;
  describedBy: string | undefined;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  invalid: boolean;
  disabled: boolean;
  required: boolean;
}

/** A date typed as dd/MM/yyyy, or picked from the browser's calendar next to it. */
function DateBox({
  inputId,
  ariaLabel,
  label,
  describedBy,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
  required,
}: DateBoxProps) {
  const styles = useStyles();
  return (
    <span className={styles.row}>
      <PlainInput
        id={inputId}
        aria-label={ariaLabel}
        className={styles.typed}
        value={value}
        placeholder={DATE_PLACEHOLDER}
        inputMode="numeric"
        maxLength={10}
        disabled={disabled}
        onBlur={onBlur}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <PlainInput
        className={styles.picker}
        type="date"
        aria-label={`Wybierz datę z kalendarza: ${label}`}
        disabled={disabled}
        value=""
        onChange={(event) => {
          if (event.target.value) onChange(answerDateToTyped(event.target.value));
        }}
      />
    </span>
  );
}

const labelOf = (props: AnswerInputProps<unknown>) => props.field.label ?? props.field.id;

/** DATE: dd/MM/yyyy on the page, sent as YYYY/MM/DD (§5). */
export function DateAnswer(props: AnswerInputProps<string>) {
  return <DateBox {...props} label={labelOf(props)} required={!!props.field.required} />;
}

/** TIME: HH:MM, as the browser's time box gives it. */
export function TimeAnswer({
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
      type="time"
      value={value}
      disabled={disabled}
      onBlur={onBlur}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={field.required || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** DATETIME: a day and a time, each in its own box. */
export function DateTimeAnswer(props: AnswerInputProps<DateTimeValue>) {
  const styles = useStyles();
  const { field, inputId, describedBy, value, onChange, onBlur, invalid, disabled } = props;
  const label = labelOf(props);
  return (
    <span className={styles.row}>
      <DateBox
        inputId={inputId}
        ariaLabel={`Data: ${label}`}
        label={label}
        describedBy={describedBy}
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        onBlur={onBlur}
        invalid={invalid}
        disabled={disabled}
        required={!!field.required}
      />
      <PlainInput
        type="time"
        aria-label={`Godzina: ${label}`}
        value={value.time}
        disabled={disabled}
        onBlur={onBlur}
        aria-describedby={describedBy}
        aria-required={field.required || undefined}
        onChange={(event) => onChange({ ...value, time: event.target.value })}
      />
    </span>
  );
}
