import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense } from 'react';
import { lazyComponent } from 'shared-ui/routing';
import { useObservable, useShellRuntime } from '../frame/shell-context';

// Message bars load with the first alert; the live region is there from the start so that
// screen readers announce what appears in it.
const AlertMessages = lazyComponent(() => import('./AlertMessages'), 'AlertMessages');

const useStyles = makeStyles({
  // Placed just above the footer and stuck to the window's bottom while the page scrolls: the
  // alerts float over the page but stop above the footer's versions instead of covering them.
  dock: { position: 'sticky', insetBlockEnd: 0, height: 0, zIndex: 1000 },
  stack: {
    position: 'absolute',
    insetInlineEnd: tokens.spacingHorizontalL,
    insetBlockEnd: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxWidth: 'min(480px, calc(100vw - 32px))',
  },
});

export function Alerts() {
  const styles = useStyles();
  const { alerts } = useShellRuntime();
  const shown = useObservable(alerts);
  return (
    <div className={styles.dock}>
      <div className={styles.stack} aria-live="polite">
        {shown.length > 0 && (
          <Suspense fallback={null}>
            <AlertMessages alerts={shown} dismiss={alerts.dismiss} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
