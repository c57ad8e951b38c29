import { Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormCard, NewPasswordFields } from 'shared-ui/components';
import { useApiClient } from 'shared-ui/remote';
import {
  createRegistrationForm,
  newChannelToken,
  toRegisterOrganizationBody,
  type CreateRegistrationForm,
} from '@formularze/domain/schemas/registration';
import { openTenantChannel, registerOrganization } from '../api';
import { RegistrationFooter } from './RegistrationFooter';
import { useRegistrationCaptcha } from './useRegistrationCaptcha';
import { useRegistrationOutcome } from './useRegistrationOutcome';

/**
 * Founds an organization; the registrant becomes its owner. The live channel is opened first, so
 * the moment the organization exists cannot be missed; the form completes on that message.
 */
export function CreateOrganizationForm({ modeSwitch }: { modeSwitch: ReactNode }) {
  const client = useApiClient();
  const outcome = useRegistrationOutcome('create');
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<CreateRegistrationForm>({
    resolver: zodResolver(createRegistrationForm),
    defaultValues: { name: '', mail: '', password: '', repeatPassword: '', captcha: '' },
  });
  const captcha = useRegistrationCaptcha({ control, setValue, errors }, outcome);
  const creation = useMutation({
    mutationFn: async (values: CreateRegistrationForm) => {
      // One token per attempt: only this registration's own channel hears of its organization.
      const channelToken = newChannelToken();
      const body = { ...toRegisterOrganizationBody(values), channelToken };
      const channel = openTenantChannel(channelToken);
      try {
        await channel.opened;
        await registerOrganization(client, body);
        await channel.created;
      } finally {
        channel.close();
      }
    },
    ...captcha.callbacks,
  });

  return (
    <FormCard
      title="Załóż organizację"
      error={outcome.failure}
      onSubmit={handleSubmit((values) => creation.mutate(values))}
    >
      {modeSwitch}
      <Field label="Imię i nazwisko" required validationMessage={errors.name?.message}>
        <Input {...register('name')} autoComplete="name" />
      </Field>
      <Field label="Email" required validationMessage={errors.mail?.message}>
        <Input {...register('mail')} type="email" autoComplete="email" />
      </Field>
      <NewPasswordFields control={control} passwordName="password" repeatName="repeatPassword" />
      {captcha.field}
      <RegistrationFooter
        submitLabel="Załóż organizację"
        disabled={!captcha.ready}
        pending={creation.isPending}
        pendingLabel="Trwa zakładanie organizacji…"
      />
    </FormCard>
  );
}
