import { Button, Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink, FormCard, PasswordInput, useStackStyles } from 'shared-ui/components';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  AUTH_ROUTES,
  pathTo,
  patientLoginForm,
  toPatientLoginBody,
  type PatientLoginForm,
} from '@formularze/domain/schemas';
import { lazyComponent } from 'shared-ui/routing';
import { loginPatient } from '../api';
import { patientLoginFailure } from '../login-failures';
import { useRetryHint } from '../use-retry-hint';
import { LoginFeedback } from './LoginFeedback';

// Rarely required: its code loads only when it is.
const GlobalTermsCheckbox = lazyComponent(() => import('./GlobalTermsCheckbox'), 'GlobalTermsCheckbox');

/** `/login`: patients sign in with an email or a phone number. */
export function LoginPage() {
  const stack = useStackStyles();
  const shell = useShell();
  const client = useApiClient();
  const config = useSyncExternalStore(shell.config.subscribe, shell.config.get);
  const [tosAccepted, setTosAccepted] = useState(false);
  const [tosError, setTosError] = useState(false);
  const { retryHintShown, reportFailure } = useRetryHint();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PatientLoginForm>({
    resolver: zodResolver(patientLoginForm),
    defaultValues: { login: '', password: '' },
  });
  const login = useMutation({
    mutationFn: async (values: PatientLoginForm) => {
      const body = toPatientLoginBody(values);
      const { token } = await loginPatient(
        client,
        config.requireGlobalTosAcceptance ? { ...body, globalTosAccepted: tosAccepted } : body,
      );
      // The shell loads the person and leaves the login page for the one the user came for.
      await shell.signIn(token, 'patient');
    },
    onError: (error) => reportFailure(patientLoginFailure(apiErrorOf(error)).wrongCredentials),
  });

  useEffect(() => shell.page.setTitle('Logowanie'), [shell]);

  const failure = login.error ? patientLoginFailure(apiErrorOf(login.error)) : null;
  const submit = handleSubmit((values) => {
    if (config.requireGlobalTosAcceptance && !tosAccepted) {
      setTosError(true);
      return;
    }
    login.mutate(values);
  });

  return (
    <FormCard title="Zaloguj się" error={failure?.message} onSubmit={submit}>
      <LoginFeedback
        attemptsLeft={failure?.attemptsLeft ?? null}
        retryHintShown={retryHintShown}
        resetPath={pathTo(AUTH_ROUTES.passwordReset)}
      />
      <Field label="Login (e-mail lub numer telefonu)" required validationMessage={errors.login?.message}>
        <Input {...register('login')} autoComplete="username" inputMode="email" />
      </Field>
      <Field label="Hasło" required validationMessage={errors.password?.message}>
        <PasswordInput {...register('password')} autoComplete="current-password" />
      </Field>
      {config.requireGlobalTosAcceptance && (
        <Suspense fallback={null}>
          <GlobalTermsCheckbox accepted={tosAccepted} showError={tosError} onChange={setTosAccepted} />
        </Suspense>
      )}
      <Button appearance="primary" type="submit" disabled={login.isPending}>
        Zaloguj się
      </Button>
      <div className={stack.s}>
        <AppLink to={pathTo(AUTH_ROUTES.passwordReset)}>Nie pamiętasz hasła?</AppLink>
        {config.hasAnyJoinableOrganization && (
          <AppLink to={pathTo(AUTH_ROUTES.register)}>Dołącz do organizacji</AppLink>
        )}
        <AppLink to={pathTo(AUTH_ROUTES.employeeLogin)}>Logowanie dla personelu</AppLink>
      </div>
    </FormCard>
  );
}
