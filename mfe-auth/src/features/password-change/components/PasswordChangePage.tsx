import { Checkbox, Field } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordInput } from 'shared-ui/components';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  changePasswordForm,
  INVALID_OLD_PASSWORD_MESSAGE,
  type ChangePasswordForm,
} from '@formularze/domain/schemas/recovery';
import { REVOKE_API_KEYS_QUESTION } from '@formularze/domain/schemas/api-keys';
import { NewPasswordCard } from '../../../shared/NewPasswordCard';
import { changePassword } from '../api';

/** The error of a failed change: the server's message for a wrong current password, else a generic one. */
function changeFailure(error: unknown): string {
  const body = apiErrorOf(error);
  if (body?.code === 'invalid-old-password') return INVALID_OLD_PASSWORD_MESSAGE;
  return body?.message ?? 'Błąd zmiany hasła';
}

/**
 * `/password-change`: the current password and the new one twice, and for those who may have API
 * keys whether to revoke them too (yes unless unticked). Afterwards the person is read again (§7:
 * `PUT /api/auth/change_password`, then `GET /api/persons/my`) and the app goes to the start page.
 */
export function PasswordChangePage() {
  const shell = useShell();
  const client = useApiClient();
  const mayHaveApiKeys = shell.permissions.has('apikeys');
  const [revokeApiKeys, setRevokeApiKeys] = useState(true);
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
      changePassword(client, {
        oldPassword,
        newPassword,
        ...(mayHaveApiKeys ? { revokeApiKeys } : {}),
      }),
    onSuccess: () => {
      // The password is changed whatever this read answers; a failed one leaves the session as it was.
      void shell.refreshSession?.().catch(() => undefined);
      shell.alerts.show({ text: 'Hasło zostało zmienione.' });
      shell.navigate(pathTo(FILLING_ROUTES.dashboard));
    },
  });

  useEffect(() => shell.page.setTitle('Zmiana hasła'), [shell]);

  return (
    <NewPasswordCard
      title="Zmiana hasła"
      error={save.isError ? changeFailure(save.error) : null}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      control={control}
      before={
        <Field label="Aktualne hasło" required validationMessage={errors.oldPassword?.message}>
          <PasswordInput {...register('oldPassword')} autoComplete="current-password" />
        </Field>
      }
      submitLabel="Zmień hasło"
      submitDisabled={save.isPending}
    >
      {mayHaveApiKeys && (
        <Checkbox
          label={REVOKE_API_KEYS_QUESTION}
          checked={revokeApiKeys}
          onChange={(_event, data) => setRevokeApiKeys(data.checked === true)}
        />
      )}
    </NewPasswordCard>
  );
}
