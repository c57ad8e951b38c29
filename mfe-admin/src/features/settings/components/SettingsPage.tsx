import { Button, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { apiErrorOf } from 'shared-ui/api-client';
import { FormColumn, loadingTexts, QueryContent, TextField, usePageStyles } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  updateGlobalConfigBody,
  type GlobalConfig,
  type UpdateGlobalConfigBody,
} from '@formularze/domain/schemas/settings';
import { globalConfigQuery, saveGlobalConfig } from '../api';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export const SETTINGS_SAVED_MESSAGE = 'Zapisano ustawienia.';
export const LINK_LABEL = 'Link do regulaminu ochrony danych osobowych';

function SettingsForm({ settings }: { settings: GlobalConfig }) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, setError } = useForm<UpdateGlobalConfigBody>({
    resolver: zodResolver(updateGlobalConfigBody),
    defaultValues: { linkToResultsSharingTerms: settings.linkToResultsSharingTerms ?? '' },
  });
  const empty = useWatch({ control, name: 'linkToResultsSharingTerms' }).trim() === '';

  const save = useMutation({
    mutationFn: (body: UpdateGlobalConfigBody) => saveGlobalConfig(client, body),
    onSuccess: (saved) => {
      reset({ linkToResultsSharingTerms: saved.linkToResultsSharingTerms ?? '' });
      queryClient.setQueryData(globalConfigQuery(client).queryKey, saved);
      shell.alerts.show({ text: SETTINGS_SAVED_MESSAGE });
    },
    onError: (error) => {
      const body = apiErrorOf(error);
      const fieldMessage = body?.code === 'validation' ? body.fields?.linkToResultsSharingTerms : undefined;
      if (fieldMessage) {
        setError('linkToResultsSharingTerms', { message: fieldMessage }, { shouldFocus: true });
        return;
      }
      shell.alerts.show({
        text: `Błąd zapisu ustawień, (${body?.message ?? 'brak połączenia z serwerem'})`,
        isError: true,
      });
    },
  });

  return (
    <FormColumn
      maxWidth="640px"
      aria-label="Ustawienia globalne"
      onSubmit={handleSubmit((body) => save.mutate(body))}
    >
      <TextField
        control={control}
        name="linkToResultsSharingTerms"
        label={LINK_LABEL}
        hint="Strona z zasadami ochrony danych, do której prowadzi udostępnianie wyników."
        type="url"
        inputMode="url"
        autoComplete="url"
      />
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={empty || save.isPending}>
          Zapisz
        </Button>
      </div>
    </FormColumn>
  );
}

/** `/settings`: the platform's global settings (platform administrator). */
export function SettingsPage() {
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const settings = useQuery(globalConfigQuery(client));

  useEffect(() => shell.page.setTitle('Ustawienia'), [shell]);

  return (
    <div className={pageStyles.page}>
      <Title2 as="h2">Ustawienia</Title2>
      <QueryContent query={settings} texts={loadingTexts('ustawień')}>
        {(loadedSettings) => <SettingsForm settings={loadedSettings} />}
      </QueryContent>
    </div>
  );
}
