import { DEFAULT_TEXT_MAX_ROWS } from '@formularze/domain/schemas/form-template';
import { answerBoxAttributes, type AnswerInputProps } from './answer-props';
import { BoxWithNote } from './BoxWithNote';
import { PlainInput, PlainTextarea } from './PlainInput';

/** A multiline field shows 2 to 4 rows, however many it allows (§9). */
const MIN_VISIBLE_ROWS = 2;
const MAX_VISIBLE_ROWS = 4;
export const TEXTAREA_ROWS = MAX_VISIBLE_ROWS;

export const remainingCharactersText = (remaining: number) => `Pozostało znaków: ${remaining}`;

/**
 * TEXT (one line, or several when maxRows is above 1) and TEXTAREA: limited to the field's size,
 * with the characters left shown under it (§5).
 */
export function TextAnswer(props: AnswerInputProps<string>) {
  const { field, inputId, value, onChange } = props;
  const size = typeof field.size === 'number' && field.size > 0 ? field.size : undefined;
  const maxRows = field.maxRows ?? DEFAULT_TEXT_MAX_ROWS;
  const multiline = field.type === 'TEXTAREA' || maxRows > 1;
  const counterId = `${inputId}-counter`;
  const common = { ...answerBoxAttributes(props, size ? counterId : null), value, maxLength: size };
  return (
    <BoxWithNote noteId={counterId} note={size ? remainingCharactersText(size - value.length) : null}>
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
    </BoxWithNote>
  );
}
