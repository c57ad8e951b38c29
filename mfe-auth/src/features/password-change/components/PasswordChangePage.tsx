import { Button, Field } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormCard, NewPasswordFields, PasswordInput } from 'shared-ui/components';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  changePasswordForm,
  INVALID_OLD_PASSWORD_MESSAGE,
  type ChangePasswordForm,
} from 'shared-ui/schemas/recovery';
import { REQUIRED_FIELDS_NOTE } from 'shared-ui/schemas/passwords';
import { changePassword } from '../api';

/** The error of a failed change: the server's message for a wrong current password, else a generic one. */
function changeFailure(error: unknown): string {
  const body = apiErrorOf(error);
  if (body?.code === 'invalid-old-password') return INVALID_OLD_PASSWORD_MESSAGE;
  return body?.message ?? 'Błąd zmiany hasła';
}

/**
 * `/password-change`: the current password and the new one twice. Afterwards the app goes to the
 * start page, whose load fetches the person again (the contract has no call to refresh it).
 */
export function PasswordChangePage() {
  const shell = useShell();
  const client = useApiClient();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { oldPassword: '', newPassword: '', repeatPassword: '' },
  });
  const save = useMutation({
    mutationFn: ({ oldPassword, newPassword }: ChangePasswordForm) =>
      changePassword(client, { oldPassword, newPassword }),
    onSuccess: () => {
      shell.alerts.show({ text: 'Hasło zostało zmienione.' });
      shell.navigate('/');
    },
  });

  useEffect(() => shell.page.setTitle('Zmiana hasła'), [shell]);

  return (
    <FormCard
      title="Zmiana hasła"
      error={save.isError ? changeFailure(save.error) : null}
      onSubmit={handleSubmit((values) => save.mutate(values))}
    >
      <Field label="Aktualne hasło" required validationMessage={errors.oldPassword?.message}>
        <PasswordInput {...register('oldPassword')} autoComplete="current-password" />
      </Field>
      <NewPasswordFields
        control={control}
        passwordName="newPassword"
        repeatName="repeatPassword"
        passwordLabel="Nowe hasło"
        repeatLabel="Powtórz nowe hasło"
      />
      <Button appearance="primary" type="submit" disabled={save.isPending}>
        Zmień hasło
      </Button>
      <span>{REQUIRED_FIELDS_NOTE}</span>
    </FormCard>
  );
}
