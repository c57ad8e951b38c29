import { memo, useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useStackStyles } from 'shared-ui/components';
import { alternativeKey, type FormValues, type ModelField } from '../fill-model';
import { answerProblem, isBlank } from '../field-validation';
import type { FillableField } from '../fillable-field';
import { AnswerInput, groupKindOf } from './AnswerInput';
import { describedByOf, FieldFrame } from './FieldFrame';
import { FieldNote } from './FieldNote';
import { useFillContext } from './fill-context';
import { PlainInput } from './PlainInput';

export const DEFAULT_ALTERNATIVE_LABEL = 'Inna odpowiedź';
export const fieldInputId = (key: string) => `fill-${key}`;
export const fieldLabel = (field: FillableField) => field.label?.trim() || field.id;

/** A wrong answer shows its message as soon as the field is left (and then as it is typed). */
const answerRules = (field: FillableField) => ({
  validate: (value: unknown) => answerProblem(field, value)?.message ?? true,
});

/** A dictionary's own text answer, when none of its values fits (allowAlternativeAnswer). */
function AlternativeAnswer({
  fieldKey,
  inputId,
  field,
  control,
  disabled,
  onAnswered,
}: {
  fieldKey: string;
  inputId: string;
  field: FillableField;
  control: Control<FormValues>;
  disabled: boolean;
  onAnswered(): void;
}) {
  const stack = useStackStyles();
  const { field: alternative } = useController({ name: alternativeKey(fieldKey), control });
  const id = `${inputId}-alternative`;
  return (
    <div className={stack.xxs}>
      <label htmlFor={id}>{field.alternativeAnswerLabel?.trim() || DEFAULT_ALTERNATIVE_LABEL}</label>
      <PlainInput
        id={id}
        value={(alternative.value as string | undefined) ?? ''}
        disabled={disabled}
        onBlur={alternative.onBlur}
        onChange={(event) => {
          alternative.onChange(event.target.value);
          if (event.target.value.trim()) onAnswered();
        }}
      />
    </div>
  );
}

const hasAlternativeAnswer = (field: FillableField) =>
  field.type === 'DICTIONARY' && !!field.allowAlternativeAnswer && !field.allowMultipleAnswers;

/**
 * One answered field: its frame (label, hint, required mark, error) and its control. It follows
 * its own value and error only, so typing re-renders this field alone, however long the form is;
 * one form-library subscription per field keeps a long form quick to open.
 */
export const FillField = memo(function FillField({ entry }: { entry: ModelField }) {
  const { key, field } = entry;
  const { control, readOnly, clearErrors, getValues } = useFillContext();
  const rules = useMemo(() => answerRules(field), [field]);
  const {
    field: { value, onChange, onBlur },
    fieldState: { error },
  } = useController({ name: key, control, rules });
  const inputId = fieldInputId(key);
  const label = fieldLabel(field);
  const group = groupKindOf(field);
  const required = !!field.required;
  const withAlternative = hasAlternativeAnswer(field);
  // A read-only view marks a field left blank; there the answers never change.
  const unanswered =
    readOnly &&
    isBlank(field, value, withAlternative ? ((getValues(alternativeKey(key)) as string) ?? '') : '');
  return (
    <FieldFrame
      inputId={inputId}
      label={label}
      hint={field.text}
      required={required}
      error={error?.message}
      group={group}
      unanswered={unanswered}
      note={field.noteEnabled ? <FieldNote fieldKey={key} inputId={inputId} label={label} /> : null}
    >
      <AnswerInput
        field={field}
        inputId={inputId}
        describedBy={
          group ? undefined : describedByOf({ inputId, hint: field.text, required, error: error?.message })
        }
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        invalid={!!error}
        disabled={readOnly}
      />
      {withAlternative && (
        <AlternativeAnswer
          fieldKey={key}
          inputId={inputId}
          field={field}
          control={control}
          disabled={readOnly}
          onAnswered={() => clearErrors(key)}
        />
      )}
    </FieldFrame>
  );
});
