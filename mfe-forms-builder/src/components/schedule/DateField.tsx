import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { formatDisplayDate, parseDisplayDate } from './schedule-editing';

export const INVALID_DATE_MESSAGE = 'Nieprawidłowy format';

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or null when empty. */
  value: string | null;
  /** The typed date, or null when the field is empty or does not hold a date. */
  onChange(value: string | null): void;
  disabled?: boolean;
  required?: boolean;
  /** A problem the schedule found with the date (e.g. an end before the start). */
  validationMessage?: string;
}

/**
 * A date typed as dd/MM/yyyy (§9 "picker dd/MM/yyyy"). What does not make a date keeps its text,
 * is handed on as null and, once the person leaves the field, is marked 'Nieprawidłowy format'
 * (§5). A new value from outside (e.g. the end date moved with the start) replaces the text.
 */
export function DateField({ label, value, onChange, disabled, required, validationMessage }: DateFieldProps) {
  const [typed, setTyped] = useState({ text: formatDisplayDate(value), value });
  const [left, setLeft] = useState(false);
  if (typed.value !== value) setTyped({ text: formatDisplayDate(value), value });

  const invalid = typed.text.trim() !== '' && parseDisplayDate(typed.text) === null;
  const message = left && invalid ? INVALID_DATE_MESSAGE : validationMessage;
  return (
    <Field
      label={label}
      required={required}
      hint="dd/mm/rrrr"
      validationState={message ? 'error' : 'none'}
      validationMessage={message}
    >
      <Input
        value={typed.text}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        onChange={(_event, data) => {
          const parsed = parseDisplayDate(data.value);
          setTyped({ text: data.value, value: parsed });
          setLeft(false);
          if (parsed !== value) onChange(parsed);
        }}
        onBlur={() => {
          setLeft(true);
          const parsed = parseDisplayDate(typed.text);
          // A date typed another way (1/2/2026, 2026-02-01) is shown in the picker's format.
          if (parsed) setTyped({ text: formatDisplayDate(parsed), value: parsed });
        }}
      />
    </Field>
  );
}
