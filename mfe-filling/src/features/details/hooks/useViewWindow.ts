import { useEffect } from 'react';

/** §9: how often a time-limited details page checks whether its time is up. */
export const VIEW_WINDOW_POLL_MS = 10_000;

/**
 * Calls `onClosed` once `closesAt` (epoch ms) has passed: at once when it already has, otherwise
 * at the first check after it. Without a limit (null) nothing happens.
 */
export function useViewWindow(closesAt: number | null, onClosed: () => void) {
  useEffect(() => {
    if (closesAt === null) return;
    if (Date.now() >= closesAt) {
      onClosed();
      return;
    }
    const timer = setInterval(() => {
      if (Date.now() >= closesAt) {
        clearInterval(timer);
        onClosed();
      }
    }, VIEW_WINDOW_POLL_MS);
    return () => clearInterval(timer);
  }, [closesAt, onClosed]);
}
