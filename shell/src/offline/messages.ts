import type { RemoteRegistry } from '@formularze/domain/schemas/remotes';

/** What pages tell the service worker. `SKIP_WAITING` is workbox-window's `messageSkipWaiting()`. */
export type PageMessage =
  | { type: 'SKIP_WAITING' }
  /** The registry the page started with: the offline areas' versions to keep ready. */
  | { type: 'FOLLOW_REGISTRY'; registry: RemoteRegistry };
