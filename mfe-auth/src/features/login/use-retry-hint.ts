import { useCallback, useEffect, useRef, useState } from 'react';
import { RETRY_HINT_MS } from './login-failures';

/**
 * Counts wrong-password failures; from the second one on, the retry hint shows for 7 seconds
 * after each (spec §8). Returns whether the hint shows and the function to report a failure with.
 */
export function useRetryHint(): { retryHintShown: boolean; reportFailure(wrongCredentials: boolean): void } {
  const failures = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [visible, setVisible] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const reportFailure = useCallback((wrongCredentials: boolean) => {
    if (!wrongCredentials) return;
    failures.current += 1;
    if (failures.current < 2) return;
    setVisible(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), RETRY_HINT_MS);
  }, []);

  return { retryHintShown: visible, reportFailure };
}
