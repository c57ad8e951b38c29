import { Field, Input, Subtitle2, Switch } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  formatZipCode,
  ORGANIZATION_ERROR_MESSAGE,
  ORGANIZATION_SAVED_MESSAGE,
  updateOrganizationBody,
  type OrganizationProfile,
  type UpdateOrganizationBody,
} from '@formularze/domain/schemas/profile';
import { organizationProfileQuery } from '../../../shared/organization-profile-query';
import { saveOrganizationProfile } from '../api';
import { FormActions, FormColumn, FormGrid, TextField } from 'shared-ui/components';
import { PROFILE_FORM_WIDTH } from './profile-form-width';

type Values = UpdateOrganizationBody;

/** What the form edits; stored rows from before the coupling rules are shown already coupled. */
function formValues(org: OrganizationProfile, withWebhook: boolean): Values {
  const { formDataCreatedWebhookUrl, ...withId } = org;
  const rest: Omit<OrganizationProfile, 'formDataCreatedWebhookUrl' | 'id'> & { id?: number } = { ...withId };
  delete rest.id;
  // Read-only: shown beside the address, never sent back.
  delete rest.formDataCreatedWebhookSecret;
  const values: Values = {
    ...rest,
    enableUserActivation: rest.enableSelfRegistration ? rest.enableUserActivation : true,
    enableCodeRegistration: rest.enableSelfRegistration && rest.enableCodeRegistration,
  };
  return withWebhook ? { ...values, formDataCreatedWebhookUrl: formDataCreatedWebhookUrl ?? '' } : values;
}

/** Empty text fields go as null (one spelling of "not set"). */
function toBody(values: Values): Values {
  const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  return {
    ...values,
    customFooter: blank(values.customFooter),
    orgMessage: blank(values.orgMessage),
    orgCodeRegistration: blank(values.orgCodeRegistration),
    billingInfo: Object.fromEntries(
      Object.entries(values.billingInfo).map(([key, value]) => [key, blank(value)]),
    ) as Values['billingInfo'],
    ...(values.formDataCreatedWebhookUrl !== undefined && {
      formDataCreatedWebhookUrl: blank(values.formDataCreatedWebhookUrl),
    }),
  };
}

export interface OrganizationProfileFormProps {
  organization: OrganizationProfile;
  onDirtyChange(dirty: boolean): void;
  onCancel(): void;
}

/** "Profil organizacji": the organization's texts, registration switches, billing data and webhook. */
export function OrganizationProfileForm({
  organization,
  onDirtyChange,
  onCancel,
}: OrganizationProfileFormProps) {
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const withWebhook = shell.permissions.has('webhooks');
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isDirty },
  } = useForm<Values>({
    resolver: zodResolver(updateOrganizationBody),
    defaultValues: formValues(organization, withWebhook),
  });
  const selfRegistration = useWatch({ control, name: 'enableSelfRegistration' });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: (values: Values) => saveOrganizationProfile(client, toBody(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationProfileQuery(client).queryKey, saved);
      reset(formValues(saved, withWebhook));
      shell.alerts.show({ text: ORGANIZATION_SAVED_MESSAGE });
    },
    onError: () => shell.alerts.show({ text: ORGANIZATION_ERROR_MESSAGE, isError: true }),
  });

  const toggle = (
    name: FieldPath<Values>,
    label: string,
    options: { disabled?: boolean; hint?: string } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field
          hint={options.hint}
          validationMessage={errors[name as keyof Values]?.message as string | undefined}
        >
          <Switch
            checked={Boolean(field.value)}
            disabled={options.disabled}
            label={label}
            onChange={(_event, data) => {
              field.onChange(data.checked);
              // Specification §4: without self-registration users must be activated and no code is used.
              if (name === 'enableSelfRegistration' && !data.checked) {
                setValue('enableUserActivation', true, { shouldDirty: true });
                setValue('enableCodeRegistration', false, { shouldDirty: true });
              }
            }}
          />
        </Field>
      )}
    />
  );

  return (
    <FormColumn maxWidth={PROFILE_FORM_WIDTH} onSubmit={handleSubmit((values) => save.mutate(values))}>
      <Subtitle2 as="h3">Organizacja</Subtitle2>
      <TextField control={control} name="orgName" label="Nazwa organizacji" required />
      <TextField control={control} name="orgMessage" label="Wiadomość dla użytkowników" multiline />
      <TextField control={control} name="customFooter" label="Stopka" />

      <Subtitle2 as="h3">Rejestracja i uprawnienia</Subtitle2>
      {toggle('enableSelfRegistration', 'Samodzielna rejestracja użytkowników')}
      {toggle('enableUserActivation', 'Aktywacja użytkowników przez organizację', {
        disabled: !selfRegistration,
        hint: selfRegistration ? undefined : 'Bez samodzielnej rejestracji aktywacja jest zawsze włączona.',
      })}
      {toggle('enableCodeRegistration', 'Rejestracja z kodem organizacji', {
        disabled: !selfRegistration,
        hint: selfRegistration ? undefined : 'Wymaga samodzielnej rejestracji.',
      })}
      <TextField
        control={control}
        name="orgCodeRegistration"
        label="Kod organizacji"
        hint="Co najmniej 8 znaków."
      />
      {toggle('editorsCanManageForms', 'Lekarze mogą zarządzać formularzami')}
      {toggle('editorsCanManageUsers', 'Lekarze mogą zarządzać użytkownikami')}

      <Subtitle2 as="h3">Dane do faktury</Subtitle2>
      <FormGrid>
        <TextField control={control} name="billingInfo.name" label="Nazwa (faktura)" />
        <TextField control={control} name="billingInfo.taxId" label="NIP" />
        <TextField
          control={control}
          name="billingInfo.street"
          label="Ulica (faktura)"
          hint="Przykład: Jasna 1A/3"
        />
        <TextField
          control={control}
          name="billingInfo.zipCode"
          label="Kod pocztowy (faktura)"
          format={formatZipCode}
          inputMode="numeric"
          placeholder="00-000"
        />
        <TextField control={control} name="billingInfo.city" label="Miasto (faktura)" />
        <TextField control={control} name="billingInfo.post" label="Poczta (faktura)" />
      </FormGrid>

      {withWebhook && (
        <TextField
          control={control}
          name="formDataCreatedWebhookUrl"
          label="Webhook: utworzenie danych formularza"
          hint="Adres https://, wywoływany po wypełnieniu formularza."
          type="url"
        />
      )}
      {withWebhook && organization.formDataCreatedWebhookSecret && (
        <Field
          label="Klucz podpisu webhooka"
          hint="Każde wywołanie niesie nagłówek X-Formularze-Signature: sha256=<HMAC-SHA256 treści tym kluczem>."
        >
          <Input readOnly value={organization.formDataCreatedWebhookSecret} />
        </Field>
      )}

      <FormActions disabled={save.isPending} onCancel={onCancel} />
    </FormColumn>
  );
}
