import { makeStyles, tokens } from '@fluentui/react-components';
import type { AnswerInputProps } from './answer-props';

/**
 * Yes/no and dictionary answers as native radio buttons and check boxes: a questionnaire may hold
 * a hundred such groups, and native controls cost the least to render while following the
 * keyboard, the screen reader and the high-contrast theme by themselves.
 */

const useStyles = makeStyles({
  options: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  inline: { flexDirection: 'row', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXL },
  option: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '2em',
    cursor: 'pointer',
  },
  control: {
    width: '1.25em',
    height: '1.25em',
    margin: 0,
    accentColor: tokens.colorCompoundBrandBackground,
    cursor: 'inherit',
  },
});

interface Option {
  value: string;
  label: string;
}

/** The id of the option a label or the focus goes to: the first one. */
const optionId = (inputId: string, index: number) => (index === 0 ? inputId : `${inputId}-${index}`);

/**
 * A field's options as native radio buttons (one answer) or check boxes (several); `onToggle` hears
 * an option being checked, or a check box being cleared.
 */
function ChoiceOptions({
  type,
  inputId,
  options,
  isChecked,
  onToggle,
  onBlur,
  disabled,
  inline = false,
}: {
  type: 'radio' | 'checkbox';
  inputId: string;
  options: Option[];
  isChecked(value: string): boolean;
  onToggle(value: string, checked: boolean): void;
  onBlur(): void;
  disabled: boolean;
  inline?: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={inline ? `${styles.options} ${styles.inline}` : styles.options}>
      {options.map((option, index) => (
        <label key={option.value} className={styles.option}>
          <input
            id={optionId(inputId, index)}
            className={styles.control}
            type={type}
            // The radio buttons of one field are one group.
            name={type === 'radio' ? inputId : undefined}
            value={option.value}
            checked={isChecked(option.value)}
            disabled={disabled}
            onChange={(event) => onToggle(option.value, event.target.checked)}
            onBlur={onBlur}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

const YES_NO: Option[] = [
  { value: 'true', label: 'Tak' },
  { value: 'false', label: 'Nie' },
];

/** BOOL: 'Tak' or 'Nie', and nothing until one is chosen. */
export function BoolAnswer({ inputId, value, onChange, onBlur, disabled }: AnswerInputProps<boolean | null>) {
  return (
    <ChoiceOptions
      type="radio"
      inputId={inputId}
      options={YES_NO}
      isChecked={(option) => value !== null && option === String(value)}
      onToggle={(chosen) => onChange(chosen === 'true')}
      onBlur={onBlur}
      disabled={disabled}
      inline
    />
  );
}

/**
 * The dictionary's values as options; the value an input holds is the entry's index. An entry's
 * `text` is what its answer scores (shown with the results), not its caption.
 */
export function dictionaryOptions(field: AnswerInputProps['field']): Option[] {
  return (field.dictionary?.dictionaryValues ?? []).map((entry, index) => ({
    value: String(index),
    label: String(entry.stringValue ?? entry.intValue ?? ''),
  }));
}

/** DICTIONARY with one answer: a radio group. */
export function SingleChoiceAnswer({
  field,
  inputId,
  value,
  onChange,
  onBlur,
  disabled,
}: AnswerInputProps<string>) {
  return (
    <ChoiceOptions
      type="radio"
      inputId={inputId}
      options={dictionaryOptions(field)}
      isChecked={(option) => option === value}
      onToggle={(chosen) => onChange(chosen)}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}

/** DICTIONARY with several answers: check boxes, sent as a list (`arrayData`). */
export function MultipleChoiceAnswer({
  field,
  inputId,
  value,
  onChange,
  onBlur,
  disabled,
}: AnswerInputProps<string[]>) {
  const options = dictionaryOptions(field);
  const toggle = (choice: string, checked: boolean) =>
    onChange(
      checked
        ? options
            .map((option) => option.value)
            .filter((option) => option === choice || value.includes(option))
        : value.filter((option) => option !== choice),
    );
  return (
    <ChoiceOptions
      type="checkbox"
      inputId={inputId}
      options={options}
      isChecked={(option) => value.includes(option)}
      onToggle={toggle}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}
