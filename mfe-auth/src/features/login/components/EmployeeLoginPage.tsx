import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppLink, EmailLoginForm } from 'shared-ui/components';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, employeeLoginForm, pathTo, type EmployeeLoginForm } from '@formularze/domain/schemas';
import { loginEmployee } from '../api';
import { employeeLoginFailure } from '../login-failures';
import { LoginFeedback } from './LoginFeedback';

const resolver = zodResolver(employeeLoginForm);

/** `/login-employee`: doctors, coordinators and administrators sign in with their e-mail. */
export function EmployeeLoginPage() {
  const shell = useShell();
  const client = useApiClient();
  const login = useMutation({
    mutationFn: async (values: EmployeeLoginForm) => {
      const { token } = await loginEmployee(client, values);
      await shell.signIn(token, 'employee');
    },
  });

  useEffect(() => shell.page.setTitle('Logowanie personelu'), [shell]);

  const failure = login.error ? employeeLoginFailure(apiErrorOf(login.error)) : null;

  return (
    <EmailLoginForm
      title="Logowanie personelu"
      emailLabel="Adres e-mail"
      emailType="email"
      resolver={resolver}
      error={failure?.message}
      busy={login.isPending}
      onSubmit={(values) => login.mutate(values)}
      notice={
        <LoginFeedback
          attemptsLeft={failure?.attemptsLeft ?? null}
          retryHintShown={false}
          resetPath={pathTo(AUTH_ROUTES.employeePasswordReset)}
        />
      }
      links={
        <>
          <AppLink to={pathTo(AUTH_ROUTES.employeePasswordReset)}>Nie pamiętasz hasła?</AppLink>
          <AppLink to={pathTo(AUTH_ROUTES.login)}>Logowanie dla pacjentów</AppLink>
        </>
      }
    />
  );
}
