import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { lazyComponent, useLocation } from 'shared-ui/routing';
import { remoteForPath } from '@formularze/domain/schemas';
import { ErrorPanel } from 'shared-ui/components';
import { useObservable, useShellRuntime } from './shell-context';

// Only a returning user with a stored session waits for it: guests never load the spinner.
const LoadingScreen = lazyComponent(() => import('./LoadingScreen'), 'LoadingScreen');

const NOT_FOUND_TITLE = 'Nie znaleziono strony';

const useStyles = makeStyles({
  main: { flexGrow: 1, padding: tokens.spacingHorizontalL, minWidth: 0 },
});

/**
 * Where the active area appears. single-spa mounts into the element the shell created at start;
 * while the session is checked, the loading screen stands in its place.
 */
export function RemoteOutlet({ breadcrumbs }: { breadcrumbs?: ReactNode }) {
  const styles = useStyles();
  const { outlet, session, page } = useShellRuntime();
  const host = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const checking = useObservable(session).status === 'checking';
  const owned = remoteForPath(pathname) !== null;

  useEffect(() => {
    host.current?.appendChild(outlet);
  }, [outlet]);
  useEffect(() => {
    if (!owned) page.showNotFound(NOT_FOUND_TITLE);
  }, [owned, pathname, page]);

  return (
    <main className={styles.main} id="content" tabIndex={-1}>
      {breadcrumbs}
      {checking && (
        <Suspense fallback={<p role="status">Uwierzytelnianie</p>}>
          <LoadingScreen />
        </Suspense>
      )}
      {!owned && (
        <ErrorPanel title={NOT_FOUND_TITLE} message={`Adres ${pathname} nie istnieje w aplikacji.`} />
      )}
      <div ref={host} />
    </main>
  );
}
