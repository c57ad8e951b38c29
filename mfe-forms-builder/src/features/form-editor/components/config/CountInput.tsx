import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';

export interface CountInputProps {
  label: string;
  value: number;
  /** The typed number (0 while the input is empty), after `normalize`. */
  onChange(value: number): void;
  /** Rewrites what is typed before it is reported, e.g. a clamp to a range. */
  normalize?(value: number): number;
  validationMessage?: string | undefined;
  hint?: string;
  min?: number;
  max?: number;
  disabled?: boolean;
}

const numberOf = (text: string) => (text.trim() === '' ? 0 : Number(text));

/**
 * A whole number (counts, minutes, days). An emptied input counts as 0 and shows 0 once left;
 * the text follows `value` when it differs from what is typed (a clamp, a change from outside).
 */
export function CountInput({
  label,
  value,
  onChange,
  normalize = (typed) => typed,
  validationMessage,
  hint,
  min,
  max,
  disabled,
}: CountInputProps) {
  const [text, setText] = useState(() => String(value));
  if (numberOf(text) !== value && !(Number.isNaN(numberOf(text)) && Number.isNaN(value))) {
    setText(String(value));
  }
  return (
    <Field label={label} hint={hint} validationMessage={validationMessage}>
      <Input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        disabled={disabled}
        onBlur={() => text.trim() === '' && setText(String(value))}
        onChange={(_event, data) => {
          const next = normalize(numberOf(data.value));
          setText(next === numberOf(data.value) ? data.value : String(next));
          onChange(next);
        }}
      />
    </Field>
  );
}
