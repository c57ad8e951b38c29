import { sanitizeNumberInput, sanitizePeselInput } from '../field-validation';
import type { FillableField } from '../fillable-field';
import { answerBoxAttributes, type AnswerInputProps } from './answer-props';
import { BoxWithNote } from './BoxWithNote';
import { PlainInput } from './PlainInput';

const shown = (value: number) => String(value).replace('.', ',');

/** The min and max hint of a number field (§5), or null without bounds. */
export function rangeHint({ minValue, maxValue }: FillableField): string | null {
  const hasMin = typeof minValue === 'number';
  const hasMax = typeof maxValue === 'number';
  if (hasMin && hasMax) return `Od ${shown(minValue)} do ${shown(maxValue)}`;
  if (hasMin) return `Najmniej ${shown(minValue)}`;
  if (hasMax) return `Najwięcej ${shown(maxValue)}`;
  return null;
}

/** NUMBER: what may not be typed is dropped as it is typed; the bounds are shown under it (§5). */
export function NumberAnswer(props: AnswerInputProps<string>) {
  const { field, inputId, value, onChange } = props;
  const hint = rangeHint(field);
  const hintId = `${inputId}-range`;
  return (
    <BoxWithNote noteId={hintId} note={hint}>
      <PlainInput
        {...answerBoxAttributes(props, hint ? hintId : null)}
        inputMode={field.numberType === 'DECIMAL' ? 'decimal' : 'numeric'}
        value={value}
        onChange={(event) => onChange(sanitizeNumberInput(field, event.target.value))}
      />
    </BoxWithNote>
  );
}

/** PESEL: digits only, at most 11 (§5); a wrong checksum is shown in the danger style. */
export function PeselAnswer(props: AnswerInputProps<string>) {
  return (
    <PlainInput
      {...answerBoxAttributes(props)}
      inputMode="numeric"
      autoComplete="off"
      value={props.value}
      onChange={(event) => props.onChange(sanitizePeselInput(event.target.value))}
    />
  );
}
