import { parseTime, TIME_PLACEHOLDER } from './date-text';
import { ParsedTextInput, type ParsedTextInputProps } from './ParsedTextInput';

const shownTime = (value: string) => value;

export type TimeInputProps = Omit<
  ParsedTextInputProps<string>,
  'parse' | 'format' | 'empty' | 'onTextValidity'
> & {
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
export function TimeInput(props: TimeInputProps) {
  return (
    <ParsedTextInput
      placeholder={TIME_PLACEHOLDER}
      maxLength={5}
      {...props}
      parse={parseTime}
      format={shownTime}
      empty=""
    />
  );
}
