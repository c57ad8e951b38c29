/** Spec §9: 14 minutes without activity, then a 60-second warning before the automatic logout. */
export const IDLE_TIMEOUT_MS = 840_000;
export const IDLE_COUNTDOWN_SECONDS = 60;

/** Local-storage key every tab of the app writes its latest activity to (milliseconds since the epoch). */
export const LAST_ACTIVITY_KEY = 'lastActivity';

/** `ended`: the countdown ran out; the timer has stopped and the session is over. */
export type IdleState = { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'ended' };

export interface IdleTimerOptions {
  timeoutMs?: number;
  countdownSeconds?: number;
  storage?: Storage;
  /** Receives the activity events and the `storage` events of other tabs. */
  target?: EventTarget;
  now?: () => number;
  onStateChange(state: IdleState): void;
  /** Called once, when the countdown reaches zero; the timer has stopped by then. */
  onTimeout(): void;
}

export interface IdleTimer {
  getState(): IdleState;
  /** The user confirmed they are still here: back to active, counted as activity for every tab. */
  stayOnPage(): void;
  /** Removes every listener and timer. */
  stop(): void;
}

const ACTIVITY_EVENTS = ['pointermove', 'mousemove', 'keydown', 'click', 'scroll', 'touchstart', 'wheel'];
/** Mouse moves arrive dozens of times a second; one storage write a second is plenty for a 14-minute limit. */
const ACTIVITY_WRITE_INTERVAL_MS = 1000;
// Capture, because `scroll` on an inner scrolling element does not bubble up to the window.
const LISTENER_OPTIONS: AddEventListenerOptions = { capture: true, passive: true };

/**
 * Watches for an idle user across all open tabs of the app.
 *
 * The state is always derived from the clock and the latest activity of any tab, never from counting timer
 * ticks: browsers throttle timers in background tabs (and a sleeping laptop runs none), so a late timer just
 * catches up, and every tab shows the same countdown because they share one timestamp.
 *
 * Activity during the warning: local input (a mouse twitch, a scroll) does NOT dismiss the dialog; only
 * 'Pozostań na stronie' does, so the warning cannot vanish before it was read and a screen reader user gets
 * to act on it. Activity in another tab DOES dismiss it: someone working in another tab is not idle, and
 * pressing the button in one tab closes the dialog in all of them.
 */
export function createIdleTimer({
  timeoutMs = IDLE_TIMEOUT_MS,
  countdownSeconds = IDLE_COUNTDOWN_SECONDS,
  storage = window.localStorage,
  target = window,
  now = Date.now,
  onStateChange,
  onTimeout,
}: IdleTimerOptions): IdleTimer {
  let state: IdleState = { phase: 'active' };
  let lastActivity = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const setState = (next: IdleState) => {
    if (JSON.stringify(next) === JSON.stringify(state)) return;
    state = next;
    onStateChange(next);
  };

  const latestActivity = () => {
    let shared = 0;
    try {
      shared = Number(storage.getItem(LAST_ACTIVITY_KEY)) || 0;
    } catch {
      // Storage can be blocked (privacy settings); then this tab simply counts on its own.
    }
    return Math.max(lastActivity, shared);
  };

  const recordActivity = () => {
    lastActivity = now();
    try {
      storage.setItem(LAST_ACTIVITY_KEY, String(lastActivity));
    } catch {
      // Same as above: without storage the other tabs just do not hear about it.
    }
  };

  const evaluate = () => {
    if (stopped) return;
    clearTimeout(pending);
    const idleFor = now() - latestActivity();
    if (idleFor < timeoutMs) {
      setState({ phase: 'active' });
      pending = setTimeout(evaluate, timeoutMs - idleFor);
      return;
    }
    const msLeft = timeoutMs + countdownSeconds * 1000 - idleFor;
    if (msLeft <= 0) {
      stop();
      setState({ phase: 'ended' });
      onTimeout();
      return;
    }
    setState({ phase: 'warning', secondsLeft: Math.ceil(msLeft / 1000) });
    // Wake on the next whole second of the countdown rather than a fixed 1000 ms after a late tick.
    pending = setTimeout(evaluate, msLeft % 1000 || 1000);
  };

  const onActivity = () => {
    if (state.phase !== 'active') return;
    if (now() - lastActivity < ACTIVITY_WRITE_INTERVAL_MS) return;
    // No rescheduling needed: the pending check sees the newer timestamp and waits for the remainder.
    recordActivity();
  };

  // While active the pending check reads the shared timestamp anyway; only a warning needs to react at once.
  const onStorage = (event: Event) => {
    if ((event as StorageEvent).key === LAST_ACTIVITY_KEY && state.phase === 'warning') evaluate();
  };

  // A hidden tab's timers may run up to a minute late; check at once when the user comes back to it.
  const onVisibilityChange = () => evaluate();

  function stop() {
    stopped = true;
    clearTimeout(pending);
    ACTIVITY_EVENTS.forEach((type) => target.removeEventListener(type, onActivity, LISTENER_OPTIONS));
    target.removeEventListener('storage', onStorage);
    target.removeEventListener('visibilitychange', onVisibilityChange);
  }

  ACTIVITY_EVENTS.forEach((type) => target.addEventListener(type, onActivity, LISTENER_OPTIONS));
  target.addEventListener('storage', onStorage);
  target.addEventListener('visibilitychange', onVisibilityChange);
  // Starting (a login, a page load) is activity too.
  recordActivity();
  evaluate();

  return {
    getState: () => state,
    stayOnPage() {
      if (stopped) return;
      recordActivity();
      evaluate();
    },
    stop,
  };
}
