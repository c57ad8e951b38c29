import { makeStyles, tokens } from '@fluentui/react-components';
import { DATE_PLACEHOLDER, parseTime, TIME_PLACEHOLDER } from 'shared-ui/components';
import type { DateTimeValue } from '../field-validation';
import type { AnswerInputProps } from './answer-props';
import { PlainInput } from './PlainInput';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  date: { width: '9em' },
  time: { width: '6em' },
});

interface TypedBoxProps {
  /** The id a label of the page points at; the time of a date and time has none. */
  inputId?: string;
  /** Its own name, when no label of the page points at it (the boxes of a date and time). */
  ariaLabel?: string;
  describedBy: string | undefined;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  invalid?: boolean;
  disabled: boolean;
  required: boolean;
}

/** A box of digits typed in a set pattern: the date and time boxes differ in width, pattern and length. */
function TypedBox({
  inputId,
  ariaLabel,
  describedBy,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
  required,
  className,
  placeholder,
  maxLength,
}: TypedBoxProps & { className: string; placeholder: string; maxLength: number }) {
  return (
    <PlainInput
      id={inputId}
      aria-label={ariaLabel}
      className={className}
      value={value}
      placeholder={placeholder}
      inputMode="numeric"
      maxLength={maxLength}
      disabled={disabled}
      onBlur={onBlur}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * A date typed as dd/MM/yyyy. The browser's own date box is not offered beside it: it follows the
 * browser's language (mm/dd/yyyy in English), the product's dates do not.
 */
function DateBox(props: TypedBoxProps) {
  const styles = useStyles();
  return <TypedBox {...props} className={styles.date} placeholder={DATE_PLACEHOLDER} maxLength={10} />;
}

/**
 * A 24-hour time typed as gg:mm (the browser's time box shows AM/PM in English); leaving the box
 * writes a time typed another way (8.05, 805) as HH:MM.
 */
function TimeBox(props: TypedBoxProps) {
  const styles = useStyles();
  const { value, onChange, onBlur } = props;
  return (
    <TypedBox
      {...props}
      className={styles.time}
      placeholder={TIME_PLACEHOLDER}
      maxLength={5}
      onBlur={() => {
        const time = parseTime(value);
        if (time && time !== value) onChange(time);
        onBlur();
      }}
    />
  );
}

const labelOf = (props: AnswerInputProps<unknown>) => props.field.label ?? props.field.id;

/** DATE: dd/MM/yyyy on the page, sent as YYYY/MM/DD (§5). */
export function DateAnswer(props: AnswerInputProps<string>) {
  return <DateBox {...props} required={!!props.field.required} />;
}

/** TIME: HH:MM on a 24-hour clock (§5). */
export function TimeAnswer(props: AnswerInputProps<string>) {
  return <TimeBox {...props} required={!!props.field.required} />;
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
        describedBy={describedBy}
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        onBlur={onBlur}
        invalid={invalid}
        disabled={disabled}
        required={!!field.required}
      />
      <TimeBox
        ariaLabel={`Godzina: ${label}`}
        describedBy={describedBy}
        value={value.time}
        onChange={(time) => onChange({ ...value, time })}
        onBlur={onBlur}
        disabled={disabled}
        required={!!field.required}
      />
    </span>
  );
}
