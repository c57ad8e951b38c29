import { Input, type InputProps } from '@fluentui/react-components';
import type { Ref } from 'react';
import { DATE_PLACEHOLDER, formatDisplayDate, parseDisplayDate } from './date-text';
import { useShownText } from './useShownText';

export type DateInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  /** The text box itself (a form library focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
  /** `YYYY-MM-DD`, or null when empty. */
  value: string | null;
  /** The typed date, or null while the box is empty or does not hold a date. */
  onChange(value: string | null): void;
  /** Whether the text in the box is a date (or empty); told on each change. */
  onTextValidity?(valid: boolean): void;
};

/**
 * The product's one date box: typed as dd/mm/rrrr whatever the browser's language (its own date
 * box would show mm/dd/yyyy in English). What does not make a date keeps its text and is handed on
 * as null; leaving the box writes a date typed another way (1.2.2026, 2026-02-01) as dd/mm/rrrr.
 * When the page answers with another date than the one typed (an end moved to the start), the box
 * shows the page's.
 */
export function DateInput({ value, onChange, onTextValidity, onBlur, ...inputProps }: DateInputProps) {
  const [text, setText] = useShownText(value, formatDisplayDate, parseDisplayDate);
  const invalid = text.trim() !== '' && parseDisplayDate(text) === null;
  return (
    <Input
      placeholder={DATE_PLACEHOLDER}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      aria-invalid={invalid || undefined}
      {...inputProps}
      value={text}
      onChange={(_event, data) => {
        const parsed = parseDisplayDate(data.value);
        setText(data.value);
        onTextValidity?.(data.value.trim() === '' || parsed !== null);
        if (parsed !== value) onChange(parsed);
      }}
      onBlur={(event) => {
        const parsed = parseDisplayDate(text);
        if (parsed) setText(formatDisplayDate(parsed));
        onBlur?.(event);
      }}
    />
  );
}
