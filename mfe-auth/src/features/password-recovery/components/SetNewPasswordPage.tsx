import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { setNewPasswordForm, type SetNewPasswordForm } from '@formularze/domain/schemas/recovery';
import { NewPasswordCard } from '../../../shared/NewPasswordCard';
import { LOGIN_PAGE, setPasswordByLink } from '../api';
import { resetLinkQuery } from '../reset-link-query';
import { EXPIRED_PAGE } from './ResetLinkPage';

/** `/password-set-new/{token}?role=…`: a new password, then the login page of the link's door. */
export function SetNewPasswordPage() {
  const shell = useShell();
  const client = useApiClient();
  const { token = '' } = useParams();
  const link = useQuery(resetLinkQuery(client, token));
  const { control, handleSubmit } = useForm<SetNewPasswordForm>({
    resolver: zodResolver(setNewPasswordForm),
    defaultValues: { newPassword: '', repeatPassword: '' },
  });
  const save = useMutation({
    mutationFn: async ({ newPassword }: SetNewPasswordForm) => {
      if (!link.data) throw new Error('the link has not been checked yet');
      const { role, login } = link.data;
      await setPasswordByLink(client, role, { email: login, resetId: token, newPassword });
      return role;
    },
    onSuccess: (role) => {
      shell.alerts.show({ text: 'Hasło zostało zmienione.' });
      shell.navigate(LOGIN_PAGE[role]);
    },
  });

  useEffect(() => shell.page.setTitle('Ustaw nowe hasło'), [shell]);
  // The link was checked on the way here; it may have been used or expired since.
  useEffect(() => {
    if (link.isError) shell.navigate(EXPIRED_PAGE, { replace: true });
  }, [shell, link.isError]);

  return (
    <NewPasswordCard
      title="Ustaw nowe hasło"
      error={save.isError ? 'Błąd zmiany hasła' : null}
      onSubmit={handleSubmit((values) => save.mutate(values))}
      control={control}
      submitLabel="Zapisz hasło"
      submitDisabled={save.isPending || !link.data}
    />
  );
}
