import { DATE_PLACEHOLDER, formatDisplayDate, parseDisplayDate } from './date-text';
import { ParsedTextInput, type ParsedTextInputProps } from './ParsedTextInput';

export type DateInputProps = Omit<ParsedTextInputProps<string | null>, 'parse' | 'format' | 'empty'> & {
  /** `YYYY-MM-DD`, or null when empty. */
  value: string | null;
  /** The typed date, or null while the box is empty or does not hold a date. */
  onChange(value: string | null): void;
};

/**
 * The product's one date box: typed as dd/mm/rrrr whatever the browser's language (its own date
 * box would show mm/dd/yyyy in English). What does not make a date keeps its text and is handed on
 * as null; leaving the box writes a date typed another way (1.2.2026, 2026-02-01) as dd/mm/rrrr.
 * When the page answers with another date than the one typed (an end moved to the start), the box
 * shows the page's.
 */
export function DateInput(props: DateInputProps) {
  return (
    <ParsedTextInput
      placeholder={DATE_PLACEHOLDER}
      maxLength={10}
      {...props}
      parse={parseDisplayDate}
      format={formatDisplayDate}
      empty={null}
    />
  );
}
