import { Field, Input, Textarea, type InputProps } from '@fluentui/react-components';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  multiline?: boolean;
  maxLength?: number;
  type?: InputProps['type'];
  inputMode?: InputProps['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  /** Rewrites the text as it is typed (e.g. the NN-NNN zip code). */
  format?: (typed: string) => string;
  /** Called with the new text after the field changed. */
  onValueChange?: (value: string) => void;
  /** Called after the form registered the blur (e.g. to look the value up). */
  onBlur?: () => void;
}

/**
 * A labelled text input bound to a react-hook-form form. Controlled (`useController`): Fluent's Input keeps its
 * own state, so values set by the form (reset after a save, a formatted zip code) must come
 * through its `value`, not through the DOM.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  multiline,
  format,
  onValueChange,
  onBlur,
  ...inputProps
}: TextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const change = (typed: string) => {
    const value = format ? format(typed) : typed;
    field.onChange(value);
    onValueChange?.(value);
  };
  const common = {
    name: field.name,
    value: (field.value as string | null | undefined) ?? '',
    onBlur: () => {
      field.onBlur();
      onBlur?.();
    },
    ref: field.ref,
    disabled: inputProps.disabled,
    readOnly: inputProps.readOnly,
    maxLength: inputProps.maxLength,
  };
  return (
    <Field label={label} hint={hint} required={required} validationMessage={fieldState.error?.message}>
      {multiline ? (
        <Textarea {...common} onChange={(_event, data) => change(data.value)} />
      ) : (
        <Input
          {...common}
          type={inputProps.type}
          inputMode={inputProps.inputMode}
          autoComplete={inputProps.autoComplete}
          placeholder={inputProps.placeholder}
          onChange={(_event, data) => change(data.value)}
        />
      )}
    </Field>
  );
}
