import { Button, Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink, FormCard, PasswordInput } from 'shared-ui/components';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, employeeLoginForm, pathTo, type EmployeeLoginForm } from '@formularze/domain/schemas';
import { loginEmployee } from '../api';
import { employeeLoginFailure } from '../login-failures';
import { LoginFeedback } from './LoginFeedback';

/** `/login-employee`: doctors, coordinators and administrators sign in with their e-mail. */
export function EmployeeLoginPage() {
  const shell = useShell();
  const client = useApiClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmployeeLoginForm>({
    resolver: zodResolver(employeeLoginForm),
    defaultValues: { email: '', password: '' },
  });
  const login = useMutation({
    mutationFn: async (values: EmployeeLoginForm) => {
      const { token } = await loginEmployee(client, values);
      await shell.signIn(token, 'employee');
    },
  });

  useEffect(() => shell.page.setTitle('Logowanie personelu'), [shell]);

  const failure = login.error ? employeeLoginFailure(apiErrorOf(login.error)) : null;

  return (
    <FormCard
      title="Logowanie personelu"
      error={failure?.message}
      onSubmit={handleSubmit((values) => login.mutate(values))}
    >
      <LoginFeedback
        attemptsLeft={failure?.attemptsLeft ?? null}
        retryHintShown={false}
        resetPath={pathTo(AUTH_ROUTES.employeePasswordReset)}
      />
      <Field label="Adres e-mail" required validationMessage={errors.email?.message}>
        <Input {...register('email')} type="email" autoComplete="username" />
      </Field>
      <Field label="Hasło" required validationMessage={errors.password?.message}>
        <PasswordInput {...register('password')} autoComplete="current-password" />
      </Field>
      <Button appearance="primary" type="submit" disabled={login.isPending}>
        Zaloguj się
      </Button>
      <AppLink to={pathTo(AUTH_ROUTES.employeePasswordReset)}>Nie pamiętasz hasła?</AppLink>
      <AppLink to={pathTo(AUTH_ROUTES.login)}>Logowanie dla pacjentów</AppLink>
    </FormCard>
  );
}
