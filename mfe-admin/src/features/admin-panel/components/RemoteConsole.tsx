import {
  Body1,
  Button,
  makeStyles,
  Spinner,
  Subtitle1,
  Subtitle2,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import {
  ColumnsTable,
  ConfirmDialog,
  EmptyTable,
  loadingTexts,
  QueryContent,
  useStackStyles,
} from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { REMOTE_NAMES, type RemoteHistory, type RemoteName } from '@formularze/domain/schemas';
import type { FallbackEvent } from '@formularze/domain/schemas/admin';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { activateRemoteVersion, fallbackEventsQuery, remoteHistoryQuery, useOwnerClient } from '../api';
import { DevOverrideForm } from './DevOverrideForm';

const useStyles = makeStyles({
  version: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

const VERSION_COLUMNS = ['Wersja', 'Wdrożono', 'Wdrożył', 'Manifest', 'Awaryjne przełączenia', 'Akcje'];
const EVENT_COLUMNS = ['Moduł', 'Z wersji', 'Na wersję', 'Kiedy', 'Przeglądarka'];

/** Going back to a version deployed before the active one is a restore; anything else an activation. */
interface PendingActivation {
  name: RemoteName;
  version: string;
  restore: boolean;
}

/** Every remote's deployed versions, newest first, with the active one and its latest activation. */
function byRemote({ deployments, activations }: RemoteHistory) {
  return REMOTE_NAMES.map((name) => {
    const versions = deployments
      .filter((deployment) => deployment.name === name)
      .sort((a, b) => b.deployedAt.localeCompare(a.deployedAt));
    const lastActivation =
      activations
        .filter((activation) => activation.name === name)
        .sort((a, b) => b.activatedAt.localeCompare(a.activatedAt))[0] ?? null;
    return { name, versions, active: versions.find((version) => version.active) ?? null, lastActivation };
  });
}

/**
 * The remote registry for the platform operator: each remote's active version, its deployments
 * (every one of them had its manifest verified when deployed, and again when activated), the
 * fallbacks browsers reported, and activation or restore of a version after a confirmation.
 */
export function RemoteConsole() {
  const styles = useStyles();
  const stack = useStackStyles();
  const shell = useShell();
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const history = useQuery(remoteHistoryQuery(client));
  const events = useQuery(fallbackEventsQuery(client));
  // The version asked about stays set while the dialog fades out, so its text does not change as it closes.
  const [pending, setPending] = useState<PendingActivation | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (question: PendingActivation) => {
    setPending(question);
    setAsking(true);
  };

  const activation = useMutation({
    mutationFn: ({ name, version }: PendingActivation) => activateRemoteVersion(client, name, version),
    onSuccess: (active) => {
      shell.alerts.show({
        text: `Moduł ${active.name} działa teraz w wersji ${active.version}. Otwarte strony zaproponują przeładowanie.`,
      });
      return queryClient.invalidateQueries({ queryKey: remoteHistoryQuery(client).queryKey });
    },
    onError: (error) =>
      shell.alerts.show({
        text: apiErrorOf(error)?.message ?? 'Nie udało się zmienić wersji modułu.',
        isError: true,
      }),
    onSettled: () => setAsking(false),
  });

  const fallbacksFrom = (name: RemoteName, version: string) =>
    (events.data ?? []).filter((event) => event.remote === name && event.fromVersion === version);

  return (
    <QueryContent query={history} texts={loadingTexts('wersji modułów')}>
      {(loadedHistory) => (
        <div className={stack.xl}>
          {byRemote(loadedHistory).map(({ name, versions, active, lastActivation }) => (
            <section key={name} className={stack.s} aria-labelledby={`remote-${name}`}>
              <Subtitle1 as="h3" id={`remote-${name}`}>
                {name}
              </Subtitle1>
              <Body1>
                Aktywna wersja: <span className={styles.version}>{active?.version ?? 'brak'}</span>
                {lastActivation &&
                  `, aktywowana ${formatDateTime(lastActivation.activatedAt)} (${lastActivation.activatedBy})`}
              </Body1>
              <ColumnsTable aria-label={`Wersje modułu ${name}`} columns={VERSION_COLUMNS}>
                {versions.map((deployment) => {
                  const fallbacks = fallbacksFrom(name, deployment.version);
                  const restore = active !== null && deployment.deployedAt < active.deployedAt;
                  return (
                    <TableRow key={deployment.version}>
                      <TableCell className={styles.version}>{deployment.version}</TableCell>
                      <TableCell>{formatDateTime(deployment.deployedAt)}</TableCell>
                      <TableCell>{deployment.deployedBy}</TableCell>
                      <TableCell>zweryfikowany</TableCell>
                      <TableCell>
                        {fallbacks.length === 0
                          ? 'brak'
                          : `${fallbacks.length}, ostatnio ${formatDateTime(fallbacks[0]!.occurredAt)}`}
                      </TableCell>
                      <TableCell>
                        {deployment.active ? (
                          'aktywna'
                        ) : (
                          <Button
                            size="small"
                            aria-label={`${restore ? 'Przywróć' : 'Aktywuj'} wersję ${deployment.version} modułu ${name}`}
                            onClick={() => ask({ name, version: deployment.version, restore })}
                          >
                            {restore ? 'Przywróć' : 'Aktywuj'}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </ColumnsTable>
            </section>
          ))}
          <FallbackEvents events={events.data} failed={events.isError} />
          <DevOverrideForm />
          <ConfirmDialog
            open={asking}
            title={pending?.restore ? 'Przywrócić wersję?' : 'Aktywować wersję?'}
            confirmLabel={pending?.restore ? 'Przywróć' : 'Aktywuj'}
            busy={activation.isPending}
            onConfirm={() => pending && activation.mutate(pending)}
            onCancel={() => setAsking(false)}
          >
            Moduł {pending?.name} przejdzie na wersję {pending?.version}. Nowo otwierane strony wczytają ją od
            razu, a strony już otwarte zaproponują przeładowanie.
          </ConfirmDialog>
        </div>
      )}
    </QueryContent>
  );
}

function FallbackEvents({ events, failed }: { events: FallbackEvent[] | undefined; failed: boolean }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const label = 'Awaryjne przełączenia w przeglądarkach';
  return (
    <section className={stack.s} aria-labelledby="remote-fallback-events">
      <Subtitle2 as="h3" id="remote-fallback-events">
        {label}
      </Subtitle2>
      {failed ? (
        <Body1>Nie udało się wczytać zgłoszeń.</Body1>
      ) : !events ? (
        <Spinner size="tiny" label="Wczytywanie zgłoszeń" />
      ) : events.length === 0 ? (
        <EmptyTable
          label={label}
          columns={EVENT_COLUMNS}
          emptyText="Żadna przeglądarka nie zgłosiła awarii."
        />
      ) : (
        <ColumnsTable aria-label={label} columns={EVENT_COLUMNS}>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell>{event.remote}</TableCell>
              <TableCell className={styles.version}>{event.fromVersion}</TableCell>
              <TableCell className={styles.version}>{event.toVersion}</TableCell>
              <TableCell>{formatDateTime(event.occurredAt)}</TableCell>
              <TableCell>{event.userAgent ?? 'nieznana'}</TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
      )}
    </section>
  );
}
