import type { RemoteStatusStore } from './remote-status';
import { whenIdle } from 'shared-ui/routing';

/**
 * How long after the first area mounted the others may start downloading. An area still fetches
 * its own code and data right after mounting (the fill page: its screen's chunk, then the form);
 * a preload in that window competes with it for the network and the main thread.
 */
export const PRELOAD_DELAY_MS = 1000;

/**
 * Calls `preload` once the first area on screen has mounted (or failed to), a further
 * `PRELOAD_DELAY_MS` has passed and the browser is idle: the page the user came for comes first,
 * and the other areas are still in the cache by the time they move on. Returns a cancel function.
 */
export function afterFirstAreaSettles(
  statuses: Pick<RemoteStatusStore, 'get' | 'subscribe'>,
  preload: () => void,
): () => void {
  let cancelWait = () => {};
  const settled = () => Object.values(statuses.get()).some((status) => status.state !== 'loading');
  const schedule = () => {
    const timer = setTimeout(() => {
      cancelWait = whenIdle(preload);
    }, PRELOAD_DELAY_MS);
    cancelWait = () => clearTimeout(timer);
  };
  if (settled()) {
    schedule();
    return () => cancelWait();
  }
  const unsubscribe = statuses.subscribe(() => {
    if (!settled()) return;
    unsubscribe();
    schedule();
  });
  cancelWait = unsubscribe;
  return () => cancelWait();
}
