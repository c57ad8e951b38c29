import {
  Button,
  Field,
  Input,
  makeStyles,
  TableCell,
  TableRow,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { apiErrorOf } from 'shared-ui/api-client';
import { AppLink, ConfirmDialog, LoadedTable, loadingTexts, usePageStyles } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  API_KEY_COPIED_MESSAGE,
  API_KEY_COPIED_TIMEOUT_MS,
  API_KEY_UNREADABLE_TEXT,
  apiKeyDeletedMessage,
  createApiKeyBody,
  type ApiKey,
  type CreateApiKeyBody,
} from '@formularze/domain/schemas/api-keys';
import { formatDate, formatDateTime } from '@formularze/domain/schemas/display-format';
import { apiKeysQuery, createApiKey, deleteApiKey } from '../api';

const useStyles = makeStyles({
  create: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  key: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The create form checks the label as the API does; the date (yyyy-mm-dd) may stay empty. */
const createForm = z.object({ label: createApiKeyBody.def.shape.label, expires: z.string() });
type CreateForm = z.infer<typeof createForm>;

/** The key works until the end of the chosen day; no day: the server's default of a year. */
function toCreateBody({ label, expires }: CreateForm): CreateApiKeyBody {
  return expires ? { label, expires: new Date(`${expires}T23:59:59`).toISOString() } : { label };
}

const COLUMNS = ['Nazwa', 'Ważny do', 'Ostatnio użyty', 'Utworzył(a)', 'Klucz', 'Akcje'] as const;
const MASK = '•'.repeat(24);

/** `/profile/api-keys`: the staff member's own API keys. */
export function ApiKeysPage() {
  const styles = useStyles();
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery(client));
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateForm>({
    resolver: zodResolver(createForm),
    defaultValues: { label: '', expires: '' },
  });

  useEffect(() => shell.page.setTitle('Klucze API'), [shell]);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: apiKeysQuery(client).queryKey });
  const failure = (error: unknown) =>
    shell.alerts.show({ text: apiErrorOf(error)?.message ?? 'Operacja nie powiodła się', isError: true });
  const create = useMutation({
    mutationFn: (form: CreateForm) => createApiKey(client, toCreateBody(form)),
    onSuccess: () => {
      reset();
      return invalidate();
    },
    onError: failure,
  });
  const remove = useMutation({
    mutationFn: (key: ApiKey) => deleteApiKey(client, key.tokenId),
    onSuccess: (_data, key) => {
      shell.alerts.show({ text: apiKeyDeletedMessage(key.label) });
      return invalidate();
    },
    onError: failure,
    onSettled: () => setToDelete(null),
  });

  const toggle = (tokenId: number) =>
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(tokenId)) next.add(tokenId);
      return next;
    });
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      shell.alerts.show({ text: API_KEY_COPIED_MESSAGE, timeoutMs: API_KEY_COPIED_TIMEOUT_MS });
    } catch {
      shell.alerts.show({ text: 'Nie udało się skopiować klucza', isError: true });
    }
  };

  return (
    <div className={pageStyles.page}>
      <Title2 as="h2">Klucze API</Title2>
      <AppLink to={pathTo(AUTH_ROUTES.profile)}>Wróć do profilu</AppLink>
      <form className={styles.create} noValidate onSubmit={handleSubmit((form) => create.mutate(form))}>
        <Field label="Nazwa nowego klucza" validationMessage={errors.label?.message}>
          <Input {...register('label')} />
        </Field>
        <Field label="Ważny do" hint="Bez daty: rok od dziś">
          <Input type="date" {...register('expires')} />
        </Field>
        <Button appearance="primary" type="submit" disabled={create.isPending}>
          OK
        </Button>
      </form>
      <LoadedTable
        query={keys}
        rows={keys.data}
        empty={keys.data?.length === 0}
        label="Klucze API"
        columns={COLUMNS}
        texts={{
          ...loadingTexts('kluczy'),
          empty: 'Nie masz jeszcze kluczy API.',
        }}
        renderRow={(key) => {
          const visible = shown.has(key.tokenId);
          const { token } = key;
          return (
            <TableRow key={key.tokenId}>
              <TableCell>{key.label}</TableCell>
              <TableCell>{formatDate(key.expires)}</TableCell>
              <TableCell>{key.lastUsed ? formatDateTime(key.lastUsed) : 'nigdy'}</TableCell>
              <TableCell>{key.createdBy ?? '—'}</TableCell>
              {token === null ? (
                <TableCell>{API_KEY_UNREADABLE_TEXT}</TableCell>
              ) : (
                <TableCell className={styles.key} aria-label={visible ? undefined : 'Klucz ukryty'}>
                  {visible ? token : MASK}
                </TableCell>
              )}
              <TableCell>
                <div className={styles.actions}>
                  {token !== null && (
                    <>
                      <Button
                        size="small"
                        aria-pressed={visible}
                        onClick={() => toggle(key.tokenId)}
                        aria-label={`${visible ? 'Ukryj' : 'Pokaż'} klucz ${key.label}`}
                      >
                        {visible ? 'Ukryj' : 'Pokaż'}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => void copy(token)}
                        aria-label={`Kopiuj klucz ${key.label}`}
                      >
                        Kopiuj
                      </Button>
                    </>
                  )}
                  <Button
                    size="small"
                    onClick={() => setToDelete(key)}
                    aria-label={`Usuń klucz ${key.label}`}
                  >
                    Usuń
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          );
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Usunąć klucz?"
        confirmLabel="Usuń"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      >
        Klucz {toDelete?.label} przestanie działać natychmiast. Tej operacji nie można cofnąć.
      </ConfirmDialog>
    </div>
  );
}
