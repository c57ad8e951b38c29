import { useEffect, useState } from 'react';

/** Runs `callback` when the browser has nothing more urgent to do (or after `timeoutMs`). Returns a cancel function. */
export function whenIdle(callback: () => void, timeoutMs = 5000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, Math.min(timeoutMs, 2000));
  return () => clearTimeout(id);
}

/** False until the browser first has nothing more urgent to do: for what may wait until the page has rendered. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
