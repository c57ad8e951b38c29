import { Input, type InputProps } from '@fluentui/react-components';
import type { Ref } from 'react';
import { parseTime, TIME_PLACEHOLDER } from './date-text';
import { useShownText } from './useShownText';

const shownTime = (value: string) => value;
const readTime = (text: string) => parseTime(text) ?? '';

export type TimeInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  /** The text box itself (a form library focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
  /** `HH:MM`, or '' when empty. */
  value: string;
  /** The typed time as `HH:MM`, or '' while the box is empty or does not hold a time. */
  onChange(value: string): void;
};

/**
 * The product's one time box: a 24-hour HH:MM typed as gg:mm whatever the browser's language (its
 * own time box shows AM/PM in English). Leaving the box writes a time typed another way (8.05,
 * 805) as HH:MM. A new value from outside replaces the text.
 */
export function TimeInput({ value, onChange, onBlur, ...inputProps }: TimeInputProps) {
  const [text, setText] = useShownText(value, shownTime, readTime);
  const invalid = text.trim() !== '' && parseTime(text) === null;
  return (
    <Input
      placeholder={TIME_PLACEHOLDER}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      aria-invalid={invalid || undefined}
      {...inputProps}
      value={text}
      onChange={(_event, data) => {
        const parsed = parseTime(data.value) ?? '';
        setText(data.value);
        if (parsed !== value) onChange(parsed);
      }}
      onBlur={(event) => {
        const parsed = parseTime(text);
        if (parsed) setText(parsed);
        onBlur?.(event);
      }}
    />
  );
}
