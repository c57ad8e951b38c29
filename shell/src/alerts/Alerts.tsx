import { makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { useObservable, useShellRuntime } from '../frame/shell-context';

// Message bars load with the first alert; the live region is there from the start so that
// screen readers announce what appears in it.
const AlertMessages = lazy(() =>
  import('./AlertMessages').then((module) => ({ default: module.AlertMessages })),
);

const useStyles = makeStyles({
  stack: {
    position: 'fixed',
    insetInlineEnd: tokens.spacingHorizontalL,
    insetBlockEnd: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxWidth: 'min(480px, calc(100vw - 32px))',
    zIndex: 1000,
  },
});

export function Alerts() {
  const styles = useStyles();
  const { alerts } = useShellRuntime();
  const shown = useObservable(alerts);
  return (
    <div className={styles.stack} aria-live="polite">
      {shown.length > 0 && (
        <Suspense fallback={null}>
          <AlertMessages alerts={shown} dismiss={alerts.dismiss} />
        </Suspense>
      )}
    </div>
  );
}
