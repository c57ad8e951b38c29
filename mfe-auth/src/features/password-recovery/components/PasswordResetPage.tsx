import { Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useApiClient } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  patientRecoveryForm,
  toPatientRecoveryBody,
  type PatientRecoveryForm,
} from '@formularze/domain/schemas/recovery';
import { askPatientReset } from '../api';
import { ResetLinkCard, useResetLinkRequest } from './ResetLinkCard';

/** `/password-reset`: a patient asks for a link by e-mail or, for a phone login, by SMS. */
export function PasswordResetPage() {
  const client = useApiClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PatientRecoveryForm>({
    resolver: zodResolver(patientRecoveryForm),
    defaultValues: { login: '' },
  });
  const ask = useResetLinkRequest(
    (values: PatientRecoveryForm) => askPatientReset(client, toPatientRecoveryBody(values)),
    pathTo(AUTH_ROUTES.login),
  );

  return (
    <ResetLinkCard
      title="Odzyskiwanie hasła"
      intro="Podaj login, a wyślemy link do ustawienia nowego hasła."
      busy={ask.isPending}
      onSubmit={handleSubmit((values) => ask.mutate(values))}
      back={{ to: pathTo(AUTH_ROUTES.login), label: 'Wróć do logowania' }}
    >
      <Field label="Login (e-mail lub numer telefonu)" required validationMessage={errors.login?.message}>
        <Input {...register('login')} autoComplete="username" inputMode="email" />
      </Field>
    </ResetLinkCard>
  );
}
