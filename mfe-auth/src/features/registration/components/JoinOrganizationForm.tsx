import { Checkbox, Field, Input, Link, MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useApiClient } from 'shared-ui/remote';
import {
  joinRegistrationForm,
  toJoinOrganizationBody,
  type JoinRegistrationForm,
} from '@formularze/domain/schemas/registration';
import { joinOrganization, organizationNamesQuery } from '../api';
import { RegistrationCard } from './RegistrationCard';
import { useRegistrationForm } from './useRegistrationForm';

/** Joins an organization that accepts self-registration, as a patient. */
export function JoinOrganizationForm({ modeSwitch }: { modeSwitch: ReactNode }) {
  const client = useApiClient();
  const names = useQuery(organizationNamesQuery(client));
  const organizations = useMemo(() => names.data ?? [], [names.data]);
  const chosen = (organizationId: string) => organizations.find((org) => String(org.id) === organizationId);
  const registration = useRegistrationForm<JoinRegistrationForm>({
    mode: 'join',
    // The rules depend on the organization chosen (code, terms): resolved against the current choice.
    resolver: (values, context, options) =>
      zodResolver(joinRegistrationForm(chosen(values.organizationId)))(values, context, options),
    defaultValues: {
      organizationId: '',
      mail: '',
      password: '',
      repeatPassword: '',
      orgCode: '',
      acceptedTerms: false,
      captcha: '',
    },
    send: (values) => {
      const organization = chosen(values.organizationId);
      if (!organization) throw new Error('nie wybrano organizacji');
      return joinOrganization(client, organization.id, toJoinOrganizationBody(values, organization));
    },
  });
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = registration.form;
  const organizationId = useWatch({ control, name: 'organizationId' });
  const organization = chosen(organizationId);

  // With a single organization to choose from, it is chosen.
  useEffect(() => {
    if (organizations.length === 1 && organizationId === '') {
      setValue('organizationId', String(organizations[0]!.id));
    }
  }, [organizations, organizationId, setValue]);

  return (
    <RegistrationCard
      title="Dołącz do organizacji"
      modeSwitch={modeSwitch}
      registration={registration}
      submitLabel="Dołącz"
      pendingLabel="Trwa rejestracja…"
    >
      {names.isSuccess && organizations.length === 0 && (
        <MessageBar intent="info">
          <MessageBarBody>Żadna organizacja nie przyjmuje obecnie rejestracji.</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Organizacja" required validationMessage={errors.organizationId?.message}>
        <Select {...register('organizationId')} disabled={organizations.length === 0}>
          <option value="">{names.isPending ? 'Wczytywanie…' : 'Wybierz organizację'}</option>
          {organizations.map((org) => (
            <option key={org.id} value={String(org.id)}>
              {org.orgName}
            </option>
          ))}
        </Select>
      </Field>
      {registration.accountFields}
      {organization?.enableCodeRegistration && (
        <Field label="Kod organizacji" required validationMessage={errors.orgCode?.message}>
          <Input {...register('orgCode')} autoComplete="off" />
        </Field>
      )}
      {registration.captchaField}
      {organization?.currentTerms && (
        <Field required validationMessage={errors.acceptedTerms?.message}>
          <Controller
            control={control}
            name="acceptedTerms"
            render={({ field }) => (
              <Checkbox
                name={field.name}
                ref={field.ref}
                checked={field.value}
                onBlur={field.onBlur}
                onChange={(_event, data) => field.onChange(data.checked === true)}
                label={`Akceptuję regulamin organizacji „${organization.currentTerms!.name}”`}
              />
            )}
          />
          <Link href={organization.currentTerms.link} target="_blank" rel="noopener noreferrer">
            Otwórz regulamin (PDF)
          </Link>
        </Field>
      )}
    </RegistrationCard>
  );
}
