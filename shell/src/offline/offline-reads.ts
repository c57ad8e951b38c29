import type { Observable, SessionSnapshot } from '@formularze/domain/contract';
import { API_CACHE } from './offline-routes';

/**
 * The patient's reads kept for offline starts are medical data: they go when the session ends,
 * whichever way (the logout button, the idle logout, a logout in another tab, a rejected token).
 * The cache is the origin's, so one deletion clears it for every tab.
 */
export function clearOfflineReadsOnLogout(
  session: Observable<SessionSnapshot>,
  cacheStorage: Pick<CacheStorage, 'delete'> | undefined = globalThis.caches,
): () => void {
  let previous = session.get().status;
  return session.subscribe(({ status }) => {
    if (status === 'guest' && previous !== 'guest') void cacheStorage?.delete(API_CACHE);
    previous = status;
  });
}
