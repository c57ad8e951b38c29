import { Field } from '@fluentui/react-components';
import { useState } from 'react';
import { DATE_PLACEHOLDER, DateInput, INVALID_DATE_MESSAGE } from 'shared-ui/components';

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
 * A schedule date in the product's date box (dd/mm/rrrr, §9). Once the person leaves a box whose
 * text is not a date, it is marked 'Nieprawidłowy format' (§5).
 */
export function DateField({ label, value, onChange, disabled, required, validationMessage }: DateFieldProps) {
  const [textValid, setTextValid] = useState(true);
  const [left, setLeft] = useState(false);
  const message = left && !textValid ? INVALID_DATE_MESSAGE : validationMessage;
  return (
    <Field
      label={label}
      required={required}
      hint={DATE_PLACEHOLDER}
      validationState={message ? 'error' : 'none'}
      validationMessage={message}
    >
      <DateInput
        value={value}
        disabled={disabled}
        onChange={onChange}
        onTextValidity={(valid) => {
          setTextValid(valid);
          setLeft(false);
        }}
        onBlur={() => setLeft(true)}
      />
    </Field>
  );
}
