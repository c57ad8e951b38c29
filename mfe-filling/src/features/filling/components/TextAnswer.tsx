import { makeStyles, tokens } from '@fluentui/react-components';
import { DEFAULT_TEXT_MAX_ROWS } from '@formularze/domain/schemas/form-template';
import type { AnswerInputProps } from './answer-props';
import { PlainInput, PlainTextarea } from './PlainInput';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  counter: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** A multiline field shows 2 to 4 rows, however many it allows (§9). */
const MIN_VISIBLE_ROWS = 2;
const MAX_VISIBLE_ROWS = 4;
export const TEXTAREA_ROWS = MAX_VISIBLE_ROWS;

export const remainingCharactersText = (remaining: number) => `Pozostało znaków: ${remaining}`;

/**
 * TEXT (one line, or several when maxRows is above 1) and TEXTAREA: limited to the field's size,
 * with the characters left shown under it (§5).
 */
export function TextAnswer({
  field,
  inputId,
  describedBy,
  value,
  onChange,
  onBlur,
  invalid,
  disabled,
}: AnswerInputProps<string>) {
  const styles = useStyles();
  const size = typeof field.size === 'number' && field.size > 0 ? field.size : undefined;
  const maxRows = field.maxRows ?? DEFAULT_TEXT_MAX_ROWS;
  const multiline = field.type === 'TEXTAREA' || maxRows > 1;
  const counterId = `${inputId}-counter`;
  const described = [describedBy, size ? counterId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id: inputId,
    value,
    disabled,
    maxLength: size,
    onBlur,
    'aria-describedby': described,
    'aria-invalid': invalid || undefined,
    'aria-required': field.required || undefined,
  };
  return (
    <div className={styles.root}>
      {multiline ? (
        <PlainTextarea
          {...common}
          rows={
            field.type === 'TEXTAREA'
              ? TEXTAREA_ROWS
              : Math.min(MAX_VISIBLE_ROWS, Math.max(MIN_VISIBLE_ROWS, maxRows))
          }
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <PlainInput {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      {size && (
        <span id={counterId} className={styles.counter}>
          {remainingCharactersText(size - value.length)}
        </span>
      )}
    </div>
  );
}
