import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useLocation } from 'shared-ui/routing';
import { remoteForPath } from 'shared-ui/schemas';
import { ErrorPanel } from 'shared-ui/components';
import { useShellRuntime } from './shell-context';

const useStyles = makeStyles({
  main: { flexGrow: 1, padding: tokens.spacingHorizontalL, minWidth: 0 },
});

/** Where the active area appears. single-spa mounts into the element the shell created at start. */
export function RemoteOutlet() {
  const styles = useStyles();
  const { outlet } = useShellRuntime();
  const host = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const owned = remoteForPath(pathname) !== null;

  useEffect(() => {
    host.current?.appendChild(outlet);
  }, [outlet]);

  return (
    <main className={styles.main} id="content">
      {!owned && (
        <ErrorPanel title="Nie znaleziono strony" message={`Adres ${pathname} nie istnieje w aplikacji.`} />
      )}
      <div ref={host} />
    </main>
  );
}
