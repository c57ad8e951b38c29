import { Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useApiClient } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { employeeRecoveryForm, type EmployeeRecoveryForm } from '@formularze/domain/schemas/recovery';
import { askEmployeeReset } from '../api';
import { ResetLinkCard, useResetLinkRequest } from './ResetLinkCard';

/** `/password-employee-reset`: staff ask for a link by e-mail. */
export function EmployeePasswordResetPage() {
  const client = useApiClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmployeeRecoveryForm>({
    resolver: zodResolver(employeeRecoveryForm),
    defaultValues: { email: '' },
  });
  const ask = useResetLinkRequest(
    ({ email }: EmployeeRecoveryForm) => askEmployeeReset(client, { email, lang: 'pl' }),
    pathTo(AUTH_ROUTES.employeeLogin),
  );

  return (
    <ResetLinkCard
      title="Odzyskiwanie hasła personelu"
      intro="Podaj adres e-mail, a wyślemy link do ustawienia nowego hasła."
      busy={ask.isPending}
      onSubmit={handleSubmit((values) => ask.mutate(values))}
      back={{ to: pathTo(AUTH_ROUTES.employeeLogin), label: 'Wróć do logowania personelu' }}
    >
      <Field label="Adres e-mail" required validationMessage={errors.email?.message}>
        <Input {...register('email')} type="email" autoComplete="username" />
      </Field>
    </ResetLinkCard>
  );
}
