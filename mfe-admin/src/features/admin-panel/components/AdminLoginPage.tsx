import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordInput } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { Navigate } from 'shared-ui/routing';
import { ownerLoginForm, type OwnerLoginForm } from 'shared-ui/schemas';
import { useOwnerCheck, useOwnerLogin } from '../api';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '420px',
    margin: '0 auto',
    paddingBlock: tokens.spacingVerticalXXL,
  },
});

/** `/admin-panel/login`: the platform operator's own login. */
export function AdminLoginPage() {
  const styles = useStyles();
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

  if (check.isSuccess) return <Navigate to="/admin-panel" replace />;

  return (
    <form className={styles.form} onSubmit={handleSubmit((values) => login.mutate(values))} noValidate>
      <Title2 as="h2">Logowanie administratora</Title2>
      {login.isError && (
        <MessageBar intent="error">
          <MessageBarBody>Błąd logowania</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Nazwa użytkownika" required validationMessage={errors.email?.message}>
        <Input {...register('email')} autoComplete="username" />
      </Field>
      <Field label="Hasło" required validationMessage={errors.password?.message}>
        <PasswordInput {...register('password')} autoComplete="current-password" />
      </Field>
      <Button appearance="primary" type="submit" disabled={login.isPending}>
        Zaloguj się
      </Button>
    </form>
  );
}
