import type { RemoteRegistry } from '@formularze/domain/schemas/remotes';

/** The Background Sync tag under which the send queue asks to be sent when the connection returns. */
export const SEND_QUEUE_SYNC_TAG = 'formularze-send-queue';

/** What pages tell the service worker. `SKIP_WAITING` is workbox-window's `messageSkipWaiting()`. */
export type PageMessage =
  | { type: 'SKIP_WAITING' }
  /** The registry the page started with: the offline areas' versions to keep ready. */
  | { type: 'FOLLOW_REGISTRY'; registry: RemoteRegistry };

/** What the service worker tells pages: a Background Sync of the send queue fired. */
export type ServiceWorkerMessage = { type: 'SEND_QUEUE_SYNC' };
