import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink, FormCard, PasswordInput } from 'shared-ui/components';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import { patientLoginForm, toPatientLoginBody, type PatientLoginForm } from 'shared-ui/schemas';
import { loginPatient } from '../api';

const useStyles = makeStyles({
  links: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** `/login`: patients sign in with an email or a phone number. */
export function LoginPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PatientLoginForm>({
    resolver: zodResolver(patientLoginForm),
    defaultValues: { login: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: PatientLoginForm) => loginPatient(client, toPatientLoginBody(values)),
  });

  useEffect(() => shell.page.setTitle('Logowanie'), [shell]);

  const failure = login.error ? (apiErrorOf(login.error)?.message ?? 'Błąd logowania') : null;

  return (
    <FormCard title="Zaloguj się" error={failure} onSubmit={handleSubmit((values) => login.mutate(values))}>
      <Field label="Login (e-mail lub numer telefonu)" required validationMessage={errors.login?.message}>
        <Input {...register('login')} autoComplete="username" inputMode="email" />
      </Field>
      <Field label="Hasło" required validationMessage={errors.password?.message}>
        <PasswordInput {...register('password')} autoComplete="current-password" />
      </Field>
      <Button appearance="primary" type="submit" disabled={login.isPending}>
        Zaloguj się
      </Button>
      <div className={styles.links}>
        <AppLink to="/password-reset">Nie pamiętasz hasła?</AppLink>
        <AppLink to="/login-employee">Logowanie dla personelu</AppLink>
      </div>
    </FormCard>
  );
}
