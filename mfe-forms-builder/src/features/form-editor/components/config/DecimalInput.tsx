import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { decimalText, formatNumber, parseDecimal } from './numbers';
import { NOT_A_NUMBER_MESSAGE } from './rule-validation';

export interface DecimalInputProps {
  label: string;
  /** The number; null: nothing typed. */
  value: number | null | undefined;
  /** The typed number: null when nothing is typed, NaN while the text is not a number. */
  onChange(value: number | null): void;
  onBlur?(): void;
  validationMessage?: string | undefined;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

const finite = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A decimal number as people type it: a comma becomes a dot as it is typed (§5); text that is not a
 * number (yet) stays on screen with a message and is reported as NaN, which the rule checks
 * refuse. The text follows `value` when it is changed from outside.
 */
export function DecimalInput({
  label,
  value,
  onChange,
  onBlur,
  validationMessage,
  hint,
  required,
  disabled,
}: DecimalInputProps) {
  const [text, setText] = useState(() => formatNumber(value));
  const parsed = parseDecimal(text);
  const typed = parsed === null || Number.isNaN(parsed) ? null : parsed;
  if (finite(value) !== typed && !(Number.isNaN(parsed) && finite(value) === null)) {
    setText(formatNumber(finite(value)));
  }
  const message = parsed !== null && Number.isNaN(parsed) ? NOT_A_NUMBER_MESSAGE : validationMessage;
  return (
    <Field label={label} hint={hint} required={required} validationMessage={message}>
      <Input
        inputMode="decimal"
        value={text}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(_event, data) => {
          const next = decimalText(data.value);
          setText(next);
          const number = parseDecimal(next);
          onChange(number);
        }}
      />
    </Field>
  );
}
