import { Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useApiClient } from 'shared-ui/remote';
import {
  createRegistrationForm,
  newChannelToken,
  toRegisterOrganizationBody,
  type CreateRegistrationForm,
} from '@formularze/domain/schemas/registration';
import { openTenantChannel, registerOrganization } from '../api';
import { RegistrationCard } from './RegistrationCard';
import { useRegistrationForm } from './useRegistrationForm';

/**
 * Founds an organization; the registrant becomes its owner. The live channel is opened first, so
 * the moment the organization exists cannot be missed; the form completes on that message.
 */
export function CreateOrganizationForm({ modeSwitch }: { modeSwitch: ReactNode }) {
  const client = useApiClient();
  const registration = useRegistrationForm<CreateRegistrationForm>({
    mode: 'create',
    resolver: zodResolver(createRegistrationForm),
    defaultValues: { name: '', mail: '', password: '', repeatPassword: '', captcha: '' },
    send: async (values) => {
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
  });
  const { errors } = registration.form.formState;

  return (
    <RegistrationCard
      title="Załóż organizację"
      modeSwitch={modeSwitch}
      registration={registration}
      submitLabel="Załóż organizację"
      pendingLabel="Trwa zakładanie organizacji…"
    >
      <Field label="Imię i nazwisko" required validationMessage={errors.name?.message}>
        <Input {...registration.form.register('name')} autoComplete="name" />
      </Field>
      {registration.accountFields}
      {registration.captchaField}
    </RegistrationCard>
  );
}
