import { Button, Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormCard, PasswordInput } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { Navigate } from 'shared-ui/routing';
import { ADMIN_ROUTES, ownerLoginForm, pathTo, type OwnerLoginForm } from '@formularze/domain/schemas';
import { useOwnerCheck, useOwnerLogin } from '../api';

/** `/admin-panel/login`: the platform operator's own login. */
export function AdminLoginPage() {
  const shell = useShell();
  const check = useOwnerCheck();
  const login = useOwnerLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OwnerLoginForm>({
    resolver: zodResolver(ownerLoginForm),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => shell.page.setTitle('Panel administracyjny'), [shell]);

  if (check.isSuccess) return <Navigate to={pathTo(ADMIN_ROUTES.adminPanel)} replace />;

  return (
    <FormCard
      title="Logowanie administratora"
      error={login.isError ? 'Błąd logowania' : null}
      onSubmit={handleSubmit((values) => login.mutate(values))}
    >
      <Field label="Nazwa użytkownika" required validationMessage={errors.email?.message}>
        <Input {...register('email')} autoComplete="username" />
      </Field>
      <Field label="Hasło" required validationMessage={errors.password?.message}>
        <PasswordInput {...register('password')} autoComplete="current-password" />
      </Field>
      <Button appearance="primary" type="submit" disabled={login.isPending}>
        Zaloguj się
      </Button>
    </FormCard>
  );
}
