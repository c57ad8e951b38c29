import { makeStaticStyles, makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, useEffect, useState } from 'react';
import { lazyComponent, useIdle } from 'shared-ui/routing';
import { Alerts } from '../alerts/Alerts';
import { menuWidthPx } from './navigation/menu-width';
import { RemoteOutlet } from './RemoteOutlet';
import { useObservable, useShellRuntime } from './shell-context';
import { TopBar } from './TopBar';
import { DevOverridePrompt } from './DevOverridePrompt';
import { UpdatePrompt } from './UpdatePrompt';

const signedIn = () => import('./signed-in');
const SideMenu = lazyComponent(signedIn, 'SideMenu');
const Breadcrumbs = lazyComponent(signedIn, 'Breadcrumbs');
const SessionOverlays = lazyComponent(signedIn, 'SessionOverlays');

// Advice that can wait until the page the user came for has rendered.
const UnsupportedBrowserWarning = lazyComponent(
  () => import('./browser-support/UnsupportedBrowserWarning'),
  'UnsupportedBrowserWarning',
);

// Versions for support staff, at the bottom of the page: after the page itself.
const Footer = lazyComponent(() => import('./Footer'), 'Footer');

const useGlobalStyles = makeStaticStyles({ body: { margin: 0 } });

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  skipLink: {
    position: 'absolute',
    insetInlineStart: '-10000px',
    ':focus': {
      position: 'static',
      padding: tokens.spacingHorizontalS,
      // The theme's link colour: the browser's blue is unreadable on the high-contrast black.
      color: tokens.colorBrandForegroundLink,
      backgroundColor: tokens.colorNeutralBackground1,
    },
  },
  // Holds the menu's place while its code loads, so the page does not move right when it arrives.
  menuPlaceholder: { flexShrink: 0, backgroundColor: tokens.colorNeutralBackground4 },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  content: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
});

const WIDE_WINDOW = '(min-width: 900px)';

/** A narrow window starts with the menu folded, so the page keeps its width. */
const startsWithMenuOpen = () => window.matchMedia?.(WIDE_WINDOW).matches ?? true;

/**
 * The menu folds when the window becomes narrow (a phone turned upright, a window made smaller) and
 * unfolds when it becomes wide again: an open menu would leave a phone's page no width at all.
 */
function useMenuFollowsWindowWidth(setMenuOpen: (open: boolean) => void) {
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE_WINDOW);
    if (!wide) return;
    const follow = () => setMenuOpen(wide.matches);
    wide.addEventListener('change', follow);
    return () => wide.removeEventListener('change', follow);
  }, [setMenuOpen]);
}

export function ShellLayout() {
  useGlobalStyles();
  const styles = useStyles();
  const { session, appearance } = useShellRuntime();
  const { fontLevel } = useObservable(appearance);
  const authenticated = useObservable(session).status === 'authenticated';
  const [menuOpen, setMenuOpen] = useState(startsWithMenuOpen);
  useMenuFollowsWindowWidth(setMenuOpen);
  const idle = useIdle();
  return (
    <div className={styles.page}>
      <a href="#content" className={styles.skipLink}>
        Przejdź do treści
      </a>
      <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      {idle && (
        <Suspense fallback={null}>
          <UnsupportedBrowserWarning />
        </Suspense>
      )}
      <DevOverridePrompt />
      <UpdatePrompt />
      <div className={styles.body}>
        {authenticated && (
          <Suspense
            fallback={
              menuOpen && (
                <div
                  aria-hidden
                  className={styles.menuPlaceholder}
                  style={{ width: menuWidthPx(fontLevel) }}
                />
              )
            }
          >
            <SideMenu open={menuOpen} />
          </Suspense>
        )}
        <div className={styles.content}>
          <RemoteOutlet
            breadcrumbs={
              authenticated && (
                <Suspense fallback={null}>
                  <Breadcrumbs />
                </Suspense>
              )
            }
          />
        </div>
      </div>
      <Alerts />
      {idle && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {authenticated && (
        <Suspense fallback={null}>
          <SessionOverlays />
        </Suspense>
      )}
    </div>
  );
}
