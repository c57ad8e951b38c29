import { makeStyles, tokens } from '@fluentui/react-components';
import { memo, useMemo } from 'react';
import { get, useController, useFormState, useWatch, type Control, type FieldError } from 'react-hook-form';
import { alternativeKey, type FormValues, type ModelField } from '../fill-model';
import { answerProblem, isBlank } from '../field-validation';
import type { FillableField } from '../fillable-field';
import { AnswerInput, groupKindOf } from './AnswerInput';
import { describedByOf, FieldFrame } from './FieldFrame';
import { FieldNote } from './FieldNote';
import { useFillContext } from './fill-context';
import { PlainInput } from './PlainInput';

const useStyles = makeStyles({
  alternative: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

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
  const styles = useStyles();
  const { field: alternative } = useController({ name: alternativeKey(fieldKey), control });
  const id = `${inputId}-alternative`;
  return (
    <div className={styles.alternative}>
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

/** The field's control and its alternative answer: the only part a keystroke re-renders. */
function FieldAnswer({ entry, inputId }: { entry: ModelField; inputId: string }) {
  const { key, field } = entry;
  const { control, readOnly, clearErrors } = useFillContext();
  const rules = useMemo(() => answerRules(field), [field]);
  const {
    field: { value, onChange, onBlur },
    fieldState: { error },
  } = useController({ name: key, control, rules });
  const withAlternative = hasAlternativeAnswer(field);
  const describedBy = groupKindOf(field)
    ? undefined
    : describedByOf({ inputId, hint: field.text, required: !!field.required, error: error?.message });
  return (
    <>
      <AnswerInput
        field={field}
        inputId={inputId}
        describedBy={describedBy}
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
    </>
  );
}

const hasAlternativeAnswer = (field: FillableField) =>
  field.type === 'DICTIONARY' && !!field.allowAlternativeAnswer && !field.allowMultipleAnswers;

/**
 * One answered field. The frame (label, hint, required mark, error) follows the field's error
 * only and its control its own value, so typing re-renders that control alone, however long the
 * form is.
 */
export const FillField = memo(function FillField({ entry }: { entry: ModelField }) {
  const { key, field } = entry;
  const { control, readOnly } = useFillContext();
  const { errors } = useFormState({ control, name: key, exact: true });
  const error = (get(errors, key) as FieldError | undefined)?.message;
  // Read-only views mark a field left blank; only they watch its value (it does not change there).
  const value = useWatch({ control, name: key, disabled: !readOnly }) as unknown;
  const alternative = useWatch({
    control,
    name: alternativeKey(key),
    disabled: !(readOnly && hasAlternativeAnswer(field)),
  }) as string | undefined;
  const inputId = fieldInputId(key);
  const label = fieldLabel(field);
  return (
    <FieldFrame
      inputId={inputId}
      label={label}
      hint={field.text}
      required={!!field.required}
      error={error}
      group={groupKindOf(field)}
      unanswered={readOnly && isBlank(field, value, alternative ?? '')}
      note={field.noteEnabled ? <FieldNote fieldKey={key} inputId={inputId} label={label} /> : null}
    >
      <FieldAnswer entry={entry} inputId={inputId} />
    </FieldFrame>
  );
});
