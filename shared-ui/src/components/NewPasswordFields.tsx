import { Field } from '@fluentui/react-components';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { NewPasswordInput } from './NewPasswordInput';
import { PasswordInput } from './PasswordInput';

export interface NewPasswordFieldsProps<Values extends FieldValues> {
  control: Control<Values>;
  passwordName: Path<Values>;
  repeatName: Path<Values>;
  passwordLabel?: string;
  repeatLabel?: string;
}

/** A new password with its strength, and its repetition: registration, reset and password change. */
export function NewPasswordFields<Values extends FieldValues>({
  control,
  passwordName,
  repeatName,
  passwordLabel = 'Hasło',
  repeatLabel = 'Powtórz hasło',
}: NewPasswordFieldsProps<Values>) {
  const { field: password, fieldState: passwordState } = useController({ control, name: passwordName });
  const { field: repeat, fieldState: repeatState } = useController({ control, name: repeatName });
  return (
    <>
      <NewPasswordInput
        {...password}
        label={passwordLabel}
        required
        validationMessage={passwordState.error?.message}
      />
      <Field label={repeatLabel} required validationMessage={repeatState.error?.message}>
        <PasswordInput {...repeat} autoComplete="new-password" />
      </Field>
    </>
  );
}
