import { Body1, Button, Dropdown, Field, Option, Subtitle2 } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { apiErrorOf } from 'shared-ui/api-client';
import { FormColumn, TextField } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { devOverrideBody, REMOTE_NAMES, type DevOverrideBody } from '@formularze/domain/schemas';
import { grantDevOverride, useOwnerClient } from '../api';

/** Where `npm run dev -w <remote>` serves each area's container entry. */
const DEV_PORTS: Record<DevOverrideBody['remote'], number> = {
  'mfe-auth': 3001,
  'mfe-forms-builder': 3002,
  'mfe-filling': 3003,
  'mfe-results': 3004,
  'mfe-admin': 3005,
};
const devEntry = (remote: DevOverrideBody['remote']) =>
  `http://localhost:${DEV_PORTS[remote]}/remoteEntry.js`;

/**
 * Tries a changed area inside the real page before it is deployed: this browser alone takes it
 * from a developer's `npm run dev`, until this session ends or the banner's "Wyłącz".
 */
export function DevOverrideForm() {
  const shell = useShell();
  const client = useOwnerClient();
  const { control, handleSubmit, setValue } = useForm<DevOverrideBody>({
    resolver: zodResolver(devOverrideBody),
    defaultValues: { remote: 'mfe-results', entryUrl: devEntry('mfe-results') },
  });
  const grant = useMutation({
    mutationFn: (body: DevOverrideBody) => grantDevOverride(client, body),
    // The page takes the area from where it starts: open it again.
    onSuccess: () => window.location.reload(),
    onError: (error) =>
      shell.alerts.show({
        text: apiErrorOf(error)?.message ?? 'Nie udało się włączyć wersji deweloperskiej.',
        isError: true,
      }),
  });
  return (
    <section aria-labelledby="dev-override">
      <FormColumn maxWidth="520px" onSubmit={handleSubmit((body) => grant.mutate(body))}>
        <Subtitle2 as="h3" id="dev-override">
          Wersja deweloperska w tej przeglądarce
        </Subtitle2>
        <Body1>
          Ta przeglądarka wczyta wybrany moduł z serwera deweloperskiego na tym komputerze (npm run dev)
          zamiast wdrożonej wersji, do wylogowania z panelu lub wyłączenia. Inne przeglądarki nie zobaczą
          zmiany.
        </Body1>
        <Controller
          control={control}
          name="remote"
          render={({ field }) => (
            <Field label="Moduł" required>
              <Dropdown
                value={field.value}
                selectedOptions={[field.value]}
                onOptionSelect={(_event, data) => {
                  const remote = data.optionValue as DevOverrideBody['remote'];
                  field.onChange(remote);
                  setValue('entryUrl', devEntry(remote), { shouldValidate: true });
                }}
              >
                {REMOTE_NAMES.map((name) => (
                  <Option key={name} value={name}>
                    {name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          )}
        />
        <TextField
          control={control}
          name="entryUrl"
          label="Adres pliku remoteEntry.js"
          required
          type="url"
          inputMode="url"
          autoComplete="off"
        />
        <div>
          <Button appearance="primary" type="submit" disabled={grant.isPending}>
            Włącz wersję deweloperską
          </Button>
        </div>
      </FormColumn>
    </section>
  );
}
