import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { apiVersion, REMOTE_NAMES } from '@formularze/domain/schemas';
import type { RemoteStatus } from '../composition/remote-status';
import { useObservable, useShellRuntime } from './shell-context';

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
});

function describe(activeVersion: string | undefined, status: RemoteStatus | undefined): string {
  if (status?.state === 'mounted') {
    return status.fellBackFrom
      ? `${status.version} (awaryjnie zamiast ${status.fellBackFrom})`
      : status.version;
  }
  if (status?.state === 'failed') return `${activeVersion ?? 'brak wersji'} (błąd)`;
  return activeVersion ?? 'brak wersji';
}

export function Footer() {
  const styles = useStyles();
  const { registry, statuses, api: client } = useShellRuntime();
  const current = useObservable(statuses);
  const api = useQuery({
    queryKey: ['api-version'],
    queryFn: async () => apiVersion.parse((await client.get('/api/version')).data),
    staleTime: Infinity,
  });
  return (
    <footer className={styles.footer}>
      <Caption1>Wersja API: {api.data?.version ?? '…'}</Caption1>
      <Caption1>Wersja aplikacji: {__PACKAGE_VERSION__}</Caption1>
      <ul className={styles.list} aria-label="Wersje modułów">
        {REMOTE_NAMES.map((name) => (
          <li key={name} data-remote-version={name}>
            <Caption1>
              {name}:{' '}
              {describe(registry.remotes.find((remote) => remote.name === name)?.version, current[name])}
            </Caption1>
          </li>
        ))}
      </ul>
    </footer>
  );
}
