import { createObservable, type Observable } from '@formularze/domain/contract';

/**
 * The one update path, "Dostępna jest nowa wersja aplikacji" with "Odśwież": newer remotes in the
 * registry, or a newer shell whose service worker waits. Nothing is swapped under the user's feet.
 */
export interface AppUpdate {
  available: Observable<boolean>;
  /** Newer remotes are active: a reload starts with them. */
  offerReload(): void;
  /** A newer shell's service worker waits; `activate` lets it take over, then the page reloads. */
  offerWaitingWorker(activate: () => void): void;
  /** What "Odśwież" does. */
  apply(): void;
}

export function createAppUpdate(reload: () => void = () => window.location.reload()): AppUpdate {
  const available = createObservable(false);
  let activateWorker: (() => void) | null = null;
  return {
    available,
    offerReload: () => available.set(true),
    offerWaitingWorker(activate) {
      activateWorker = activate;
      available.set(true);
    },
    apply: () => (activateWorker ? activateWorker() : reload()),
  };
}
