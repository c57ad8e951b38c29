import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';

export interface NumberFieldProps {
  label: string;
  value: number | null | undefined;
  onChange(value: number | null): void;
  validationMessage?: string;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  /** Only digits can be typed (counts such as the number of files). */
  digitsOnly?: boolean;
  /** Called when the input loses focus (e.g. to clamp the value). */
  onBlur?(): void;
}

/** '' or anything that is not a number reads as no value; people may type a comma for the dot. */
export function parseNumber(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

const textOf = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

/**
 * A number typed as text: the text is kept while it is being typed ('1,' or '-' are on their way to
 * a number), the value goes to the editor as a number or null, and a value changed from outside
 * (e.g. reset by 'Cofnij') replaces the text.
 */
export function NumberField({
  label,
  value,
  onChange,
  validationMessage,
  hint,
  disabled,
  required,
  digitsOnly,
  onBlur,
}: NumberFieldProps) {
  const [text, setText] = useState(() => textOf(value));
  const current = value ?? null;
  if (parseNumber(text) !== current) {
    // Adjusting state while rendering (React's pattern for props that change from outside).
    setText(textOf(value));
  }
  return (
    <Field
      label={label}
      hint={hint}
      required={required}
      validationMessage={validationMessage}
      validationState={validationMessage ? 'error' : 'none'}
    >
      <Input
        value={text}
        inputMode={digitsOnly ? 'numeric' : 'decimal'}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(_event, data) => {
          const typed = digitsOnly ? data.value.replace(/\D/g, '') : data.value;
          setText(typed);
          onChange(parseNumber(typed));
        }}
      />
    </Field>
  );
}
