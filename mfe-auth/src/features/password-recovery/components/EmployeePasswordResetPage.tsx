import { Button, Field, Input, Text } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink, FormCard } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { employeeRecoveryForm, type EmployeeRecoveryForm } from '@formularze/domain/schemas/recovery';
import { askEmployeeReset, LINK_NOT_SENT, LINK_SENT } from '../api';

/** `/password-employee-reset`: staff ask for a link by e-mail. */
export function EmployeePasswordResetPage() {
  const shell = useShell();
  const client = useApiClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmployeeRecoveryForm>({
    resolver: zodResolver(employeeRecoveryForm),
    defaultValues: { email: '' },
  });
  const ask = useMutation({
    mutationFn: ({ email }: EmployeeRecoveryForm) => askEmployeeReset(client, { email, lang: 'pl' }),
    onSuccess: () => {
      shell.alerts.show({ text: LINK_SENT });
      shell.navigate(pathTo(AUTH_ROUTES.employeeLogin));
    },
    onError: () => shell.alerts.show({ text: LINK_NOT_SENT, isError: true }),
  });

  useEffect(() => shell.page.setTitle('Odzyskiwanie hasła personelu'), [shell]);

  return (
    <FormCard title="Odzyskiwanie hasła personelu" onSubmit={handleSubmit((values) => ask.mutate(values))}>
      <Text>Podaj adres e-mail, a wyślemy link do ustawienia nowego hasła.</Text>
      <Field label="Adres e-mail" required validationMessage={errors.email?.message}>
        <Input {...register('email')} type="email" autoComplete="username" />
      </Field>
      <Button appearance="primary" type="submit" disabled={ask.isPending}>
        Wyślij link
      </Button>
      <AppLink to={pathTo(AUTH_ROUTES.employeeLogin)}>Wróć do logowania personelu</AppLink>
    </FormCard>
  );
}
