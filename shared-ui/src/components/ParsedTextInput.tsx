import { Input, type InputProps } from '@fluentui/react-components';
import type { Ref } from 'react';
import { useShownText } from './useShownText';

export type ParsedTextInputProps<Value extends string | null> = Omit<
  InputProps,
  'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  /** The text box itself (a form library focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
  value: Value;
  /** The typed value, or `empty` while the box is empty or does not hold one. */
  onChange(value: Value): void;
  /** Whether the text in the box holds a value (or is empty); told on each change. */
  onTextValidity?(valid: boolean): void;
  /** The value the text holds, or null when it holds none. */
  parse(text: string): string | null;
  /** How a value is written in the box. */
  format(value: string): string;
  /** What an empty box hands on. */
  empty: Value;
};

/**
 * A box typing a value in the product's own way whatever the browser's language. What does not
 * parse keeps its text and is handed on as `empty`; leaving the box writes a value typed another way
 * as `format` does. When the page answers with another value than the one typed, the box shows it.
 */
export function ParsedTextInput<Value extends string | null>({
  value,
  onChange,
  onTextValidity,
  onBlur,
  parse,
  format,
  empty,
  ...inputProps
}: ParsedTextInputProps<Value>) {
  const read = (text: string) => (parse(text) ?? empty) as Value;
  const [text, setText] = useShownText(value, (shown) => (shown ? format(shown) : ''), read);
  const invalid = text.trim() !== '' && parse(text) === null;
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      aria-invalid={invalid || undefined}
      {...inputProps}
      value={text}
      onChange={(_event, data) => {
        const parsed = parse(data.value);
        setText(data.value);
        onTextValidity?.(data.value.trim() === '' || parsed !== null);
        const typed = (parsed ?? empty) as Value;
        if (typed !== value) onChange(typed);
      }}
      onBlur={(event) => {
        const parsed = parse(text);
        if (parsed) setText(format(parsed));
        onBlur?.(event);
      }}
    />
  );
}
