import { Checkbox, Field, Input, Link, MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormCard, NewPasswordFields } from 'shared-ui/components';
import { useApiClient } from 'shared-ui/remote';
import {
  joinRegistrationForm,
  toJoinOrganizationBody,
  type JoinRegistrationForm,
} from '@formularze/domain/schemas/registration';
import { joinOrganization, organizationNamesQuery } from '../api';
import { RegistrationFooter } from './RegistrationFooter';
import { useRegistrationCaptcha } from './useRegistrationCaptcha';
import { useRegistrationOutcome } from './useRegistrationOutcome';

/** Joins an organization that accepts self-registration, as a patient. */
export function JoinOrganizationForm({ modeSwitch }: { modeSwitch: ReactNode }) {
  const client = useApiClient();
  const outcome = useRegistrationOutcome('join');
  const names = useQuery(organizationNamesQuery(client));
  const organizations = useMemo(() => names.data ?? [], [names.data]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<JoinRegistrationForm>({
    // The rules depend on the organization chosen (code, terms): resolved against the current choice.
    resolver: (values, context, options) =>
      zodResolver(
        joinRegistrationForm(organizations.find((org) => String(org.id) === values.organizationId)),
      )(values, context, options),
    defaultValues: {
      organizationId: '',
      mail: '',
      password: '',
      repeatPassword: '',
      orgCode: '',
      acceptedTerms: false,
      captcha: '',
    },
  });
  const organizationId = useWatch({ control, name: 'organizationId' });
  const organization = organizations.find((org) => String(org.id) === organizationId);

  // With a single organization to choose from, it is chosen.
  useEffect(() => {
    if (organizations.length === 1 && organizationId === '') {
      setValue('organizationId', String(organizations[0]!.id));
    }
  }, [organizations, organizationId, setValue]);

  const captcha = useRegistrationCaptcha({ control, setValue, errors }, outcome);
  const joining = useMutation({
    mutationFn: (values: JoinRegistrationForm) => {
      if (!organization) throw new Error('nie wybrano organizacji');
      return joinOrganization(client, organization.id, toJoinOrganizationBody(values, organization));
    },
    ...captcha.callbacks,
  });

  return (
    <FormCard
      title="Dołącz do organizacji"
      error={outcome.failure}
      onSubmit={handleSubmit((values) => joining.mutate(values))}
    >
      {modeSwitch}
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
      <Field label="Email" required validationMessage={errors.mail?.message}>
        <Input {...register('mail')} type="email" autoComplete="email" />
      </Field>
      <NewPasswordFields control={control} passwordName="password" repeatName="repeatPassword" />
      {organization?.enableCodeRegistration && (
        <Field label="Kod organizacji" required validationMessage={errors.orgCode?.message}>
          <Input {...register('orgCode')} autoComplete="off" />
        </Field>
      )}
      {captcha.field}
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
      <RegistrationFooter
        submitLabel="Dołącz"
        disabled={!captcha.ready}
        pending={joining.isPending}
        pendingLabel="Trwa rejestracja…"
      />
    </FormCard>
  );
}
