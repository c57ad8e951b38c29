import { Button } from '@fluentui/react-components';
import { useEffect, useId, useRef, useState } from 'react';
import { ActionsDialog, useVisuallyHiddenStyles } from 'shared-ui/components';
import { createIdleTimer, type IdleState, type IdleTimer } from './idle-timer';
import { idleCountdownText } from './seconds-plural';

/**
 * Seconds left at which a screen reader hears the countdown again. Opening the alert dialog reads the full
 * text once (the surface is described by it); re-reading it every second would drown out everything else,
 * so the live region speaks only at these points, when the remaining time starts to matter.
 */
const ANNOUNCE_AT_SECONDS = [30, 10, 5];

function announcement(secondsLeft: number): string {
  const reached = ANNOUNCE_AT_SECONDS.filter((seconds) => secondsLeft <= seconds).at(-1);
  return reached === undefined ? '' : idleCountdownText(reached);
}

/** Spec §4 "Idle": logs the user out after 14 minutes without activity in any tab, with a 60-second warning. */
export function IdleLogout({ enabled, onLogout }: { enabled: boolean; onLogout(): void }) {
  const styles = useVisuallyHiddenStyles();
  const countdownId = useId();
  const [state, setState] = useState<IdleState>({ phase: 'active' });
  const timer = useRef<IdleTimer | null>(null);
  const stayButton = useRef<HTMLButtonElement>(null);
  const open = enabled && state.phase === 'warning';
  // The timer lives as long as `enabled`; a new onLogout on each render of the parent must not restart it.
  const latestOnLogout = useRef(onLogout);
  useEffect(() => {
    latestOnLogout.current = onLogout;
  });

  useEffect(() => {
    if (!enabled) return;
    const idle = createIdleTimer({ onStateChange: setState, onTimeout: () => latestOnLogout.current() });
    timer.current = idle;
    return () => {
      idle.stop();
      timer.current = null;
      setState({ phase: 'active' });
    };
  }, [enabled]);

  // The Dialog focuses its first focusable element; this effect runs after the Dialog's own (parents' effects
  // run after their children's) and names the intended one rather than depending on the order of the buttons.
  useEffect(() => {
    if (open) stayButton.current?.focus();
  }, [open]);

  const logOutNow = () => {
    // Stopped first, so a countdown reaching zero meanwhile cannot log out a second time.
    timer.current?.stop();
    setState({ phase: 'ended' });
    onLogout();
  };

  if (!enabled) return null;
  const secondsLeft = state.phase === 'warning' ? state.secondsLeft : 0;
  // modalType="alert" ignores clicks beside it; Escape only calls onDismiss, and `open` is not the dialog's to
  // change here, so only the two buttons end the warning.
  return (
    <ActionsDialog
      open={open}
      modalType="alert"
      title="Brak aktywności"
      describedBy={countdownId}
      onDismiss={() => {}}
      actions={
        <>
          <Button appearance="primary" ref={stayButton} onClick={() => timer.current?.stayOnPage()}>
            Pozostań na stronie
          </Button>
          <Button onClick={logOutNow}>Wyloguj</Button>
        </>
      }
    >
      {/* role="timer" is not live by default: it shows every second without being read every second. */}
      <span role="timer" id={countdownId}>
        {idleCountdownText(secondsLeft)}
      </span>
      <span aria-live="polite" className={styles.hidden}>
        {announcement(secondsLeft)}
      </span>
    </ActionsDialog>
  );
}
