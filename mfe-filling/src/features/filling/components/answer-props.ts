import type { FillableField } from '../fillable-field';

/**
 * What every answer input gets from its field frame: the id its label points at, the ids of the
 * hint and error texts it is described by, and its value as a controlled input.
 */
export interface AnswerInputProps<Value = unknown> {
  field: FillableField;
  inputId: string;
  describedBy: string | undefined;
  value: Value;
  onChange(value: Value): void;
  onBlur(): void;
  invalid: boolean;
  disabled: boolean;
}

/** Hint and error ids of a field's control. */
export const hintId = (inputId: string) => `${inputId}-hint`;
export const errorId = (inputId: string) => `${inputId}-error`;
export const labelId = (inputId: string) => `${inputId}-label`;

/**
 * What a text box takes from its field frame: its id and state, and the texts it is described by
 * (the frame's hint and error, and `ownNoteId`, the note the box shows under itself, when shown).
 */
export function answerBoxAttributes(
  { field, inputId, describedBy, onBlur, invalid, disabled }: AnswerInputProps<unknown>,
  ownNoteId?: string | null,
) {
  return {
    id: inputId,
    disabled,
    onBlur,
    'aria-describedby': [describedBy, ownNoteId].filter(Boolean).join(' ') || undefined,
    'aria-invalid': invalid || undefined,
    'aria-required': field.required || undefined,
  };
}
