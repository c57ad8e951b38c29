import { Button, Field, Input, Text } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink, FormCard } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  patientRecoveryForm,
  toPatientRecoveryBody,
  type PatientRecoveryForm,
} from '@formularze/domain/schemas/recovery';
import { askPatientReset, LINK_NOT_SENT, LINK_SENT } from '../api';

/** `/password-reset`: a patient asks for a link by e-mail or, for a phone login, by SMS. */
export function PasswordResetPage() {
  const shell = useShell();
  const client = useApiClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PatientRecoveryForm>({
    resolver: zodResolver(patientRecoveryForm),
    defaultValues: { login: '' },
  });
  const ask = useMutation({
    mutationFn: (values: PatientRecoveryForm) => askPatientReset(client, toPatientRecoveryBody(values)),
    onSuccess: () => {
      shell.alerts.show({ text: LINK_SENT });
      shell.navigate(pathTo(AUTH_ROUTES.login));
    },
    onError: () => shell.alerts.show({ text: LINK_NOT_SENT, isError: true }),
  });

  useEffect(() => shell.page.setTitle('Odzyskiwanie hasła'), [shell]);

  return (
    <FormCard title="Odzyskiwanie hasła" onSubmit={handleSubmit((values) => ask.mutate(values))}>
      <Text>Podaj login, a wyślemy link do ustawienia nowego hasła.</Text>
      <Field label="Login (e-mail lub numer telefonu)" required validationMessage={errors.login?.message}>
        <Input {...register('login')} autoComplete="username" inputMode="email" />
      </Field>
      <Button appearance="primary" type="submit" disabled={ask.isPending}>
        Wyślij link
      </Button>
      <AppLink to={pathTo(AUTH_ROUTES.login)}>Wróć do logowania</AppLink>
    </FormCard>
  );
}
