import {
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Subtitle2,
  Switch,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  normalizePhone,
  PROFILE_ERROR_FALLBACK,
  PROFILE_ERROR_MESSAGES,
  PROFILE_SAVED_MESSAGE,
  profileFormFrom,
  profileFormValues,
  toUpdateMyProfileBody,
  type MyProfile,
  type ProfileFormValues,
} from '@formularze/domain/schemas/profile';
import { myProfileQuery, saveMyProfile, type AvatarChange } from '../api';
import { AvatarField } from './AvatarField';
import { PROFILE_FORM_WIDTH } from './profile-form-width';
import {
  AddressFields,
  DescriptionField,
  FormActions,
  FormColumn,
  FormGrid,
  GenderField,
  TextField,
} from 'shared-ui/components';

/** The specification's delay before a patient whose login changed gets a fresh page. */
export const LOGIN_CHANGE_RELOAD_MS = 4000;

export interface UserProfileFormProps {
  profile: MyProfile;
  onDirtyChange(dirty: boolean): void;
  onCancel(): void;
  /** Reloads the page (a changed login needs a new session view); replaceable in tests. */
  reload?: () => void;
}

function profileErrorMessage(error: unknown): string {
  const code = apiErrorOf(error)?.code;
  return (code && PROFILE_ERROR_MESSAGES[code]) || PROFILE_ERROR_FALLBACK;
}

/** "Profil użytkownika": personal data, address, avatar, preferred channel and reminders. */
export function UserProfileForm({
  profile,
  onDirtyChange,
  onCancel,
  reload = () => window.location.reload(),
}: UserProfileFormProps) {
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [avatar, setAvatar] = useState<AvatarChange>(undefined);
  const [channelHint, setChannelHint] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { isDirty },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormValues),
    defaultValues: profileFormFrom(profile),
  });
  const locked = profile.isPatient && !profile.enableProfileDataEdition;
  const name = [useWatch({ control, name: 'firstName' }), useWatch({ control, name: 'surname' })]
    .join(' ')
    .trim();

  useEffect(() => onDirtyChange(isDirty || avatar !== undefined), [isDirty, avatar, onDirtyChange]);

  const save = useMutation({
    mutationFn: (values: ProfileFormValues) => saveMyProfile(client, toUpdateMyProfileBody(values), avatar),
    onSuccess: (saved) => {
      queryClient.setQueryData(myProfileQuery(client).queryKey, saved);
      reset(profileFormFrom(saved));
      setAvatar(undefined);
      shell.alerts.show({ text: PROFILE_SAVED_MESSAGE });
      const loginChanged = saved.mail !== profile.mail || saved.phone !== profile.phone;
      if (profile.isPatient && loginChanged) setTimeout(reload, LOGIN_CHANGE_RELOAD_MS);
    },
    onError: (error) => shell.alerts.show({ text: profileErrorMessage(error), isError: true }),
  });

  /** An emptied contact cannot be the preferred one: switch to the other and say so. */
  const followContact = (field: 'mail' | 'phone', value: string) => {
    const empty = field === 'mail' ? value.trim() === '' : normalizePhone(value) === null;
    if (!empty || getValues('preferredChannel') !== field) return;
    const other = field === 'mail' ? 'phone' : 'mail';
    setValue('preferredChannel', other, { shouldDirty: true });
    setChannelHint(
      other === 'phone'
        ? 'Usunięto adres email: preferowany kanał zmieniono na telefon.'
        : 'Usunięto numer telefonu: preferowany kanał zmieniono na email.',
    );
  };

  return (
    <FormColumn maxWidth={PROFILE_FORM_WIDTH} onSubmit={handleSubmit((values) => save.mutate(values))}>
      {locked && (
        <MessageBar intent="info">
          <MessageBarBody>Organizacja nie pozwala na zmianę Twoich danych osobowych.</MessageBarBody>
        </MessageBar>
      )}
      <Subtitle2 as="h3">Dane osobowe</Subtitle2>
      <FormGrid>
        <Field label="Nazwa użytkownika">
          <Input value={profile.username ?? ''} readOnly />
        </Field>
        {/* §6: a patient sees their id in the system, to name themselves to the organization. */}
        {profile.isPatient && (
          <Field label="Identyfikator w systemie">
            <Input value={String(profile.id)} readOnly />
          </Field>
        )}
        <TextField
          control={control}
          name="firstName"
          label="Imię"
          disabled={locked}
          autoComplete="given-name"
        />
        <TextField
          control={control}
          name="surname"
          label="Nazwisko"
          disabled={locked}
          autoComplete="family-name"
        />
        {!profile.isPatient && <TextField control={control} name="title" label="Tytuł" disabled={locked} />}
        <GenderField control={control} disabled={locked} />
        <TextField
          control={control}
          name="yearOfBirth"
          label="Rok urodzenia"
          disabled={locked}
          inputMode="numeric"
          maxLength={4}
        />
        <TextField
          control={control}
          name="mail"
          label="Adres email"
          hint={profile.isPatient ? undefined : 'Adres email może zmienić tylko pacjent.'}
          disabled={locked || !profile.isPatient}
          type="email"
          autoComplete="email"
          onValueChange={(value) => followContact('mail', value)}
        />
        <TextField
          control={control}
          name="phone"
          label="Numer telefonu"
          disabled={locked}
          type="tel"
          autoComplete="tel"
          onValueChange={(value) => followContact('phone', value)}
        />
      </FormGrid>
      <DescriptionField control={control} disabled={locked} />

      <AvatarField current={profile.avatarPath} change={avatar} onChange={setAvatar} name={name} />

      <AddressFields control={control} disabled={locked} autoComplete />

      <Subtitle2 as="h3">Powiadomienia</Subtitle2>
      <Controller
        control={control}
        name="preferredChannel"
        render={({ field }) => (
          <Field label="Preferowany kanał kontaktu" hint={channelHint ?? undefined}>
            <RadioGroup
              value={field.value}
              onChange={(_event, data) => {
                setChannelHint(null);
                field.onChange(data.value);
              }}
              layout="horizontal"
            >
              <Radio value="mail" label="Email" />
              <Radio value="phone" label="Telefon" />
            </RadioGroup>
          </Field>
        )}
      />
      {profile.isPatient && (
        <Controller
          control={control}
          name="enableReminders"
          render={({ field }) => (
            <Switch
              checked={field.value}
              onChange={(_event, data) => field.onChange(data.checked)}
              label="Przypomnienia o formularzach do wypełnienia"
            />
          )}
        />
      )}

      <FormActions disabled={save.isPending} onCancel={onCancel} />
    </FormColumn>
  );
}
