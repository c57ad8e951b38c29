import { Button } from '@fluentui/react-components';
import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { FormCard, NewPasswordFields } from 'shared-ui/components';
import { REQUIRED_FIELDS_NOTE } from '@formularze/domain/schemas/passwords';

/** What every form that sets a new password holds. */
interface NewPasswordValues {
  newPassword: string;
  repeatPassword: string;
}

export interface NewPasswordCardProps<T extends FieldValues> {
  title: string;
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A form holding `newPassword` and `repeatPassword`. */
  control: Control<T>;
  /** Above the new password: the current one, where it is asked for. */
  before?: ReactNode;
  /** Below the new password, above the button. */
  children?: ReactNode;
  submitLabel: string;
  submitDisabled: boolean;
}

/** A screen that sets a new password: the new one twice, then submit and the required-fields note. */
export function NewPasswordCard<T extends FieldValues>({
  title,
  error,
  onSubmit,
  control,
  before,
  children,
  submitLabel,
  submitDisabled,
}: NewPasswordCardProps<T>) {
  return (
    <FormCard title={title} error={error} onSubmit={onSubmit}>
      {before}
      <NewPasswordFields
        // The names are fixed; the form's own values type only has to contain them.
        control={control as unknown as Control<NewPasswordValues>}
        passwordName="newPassword"
        repeatName="repeatPassword"
        passwordLabel="Nowe hasło"
        repeatLabel="Powtórz nowe hasło"
      />
      {children}
      <Button appearance="primary" type="submit" disabled={submitDisabled}>
        {submitLabel}
      </Button>
      <span>{REQUIRED_FIELDS_NOTE}</span>
    </FormCard>
  );
}
