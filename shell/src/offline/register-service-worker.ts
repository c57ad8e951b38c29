import { Workbox } from 'workbox-window';
import type { RemoteRegistry } from '@formularze/domain/schemas/remotes';
import type { AppUpdate } from '../frame/app-update';
import type { PageMessage } from './messages';

/** Served from the root so that its scope is the whole product. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the patient app's service worker and tells it the registry this page started with, so
 * that it keeps the offline areas' versions ready and drops the others. A newer worker (a new
 * shell) waits until the user chooses "Odśwież".
 */
export async function registerServiceWorker({
  registry,
  update,
  container = navigator.serviceWorker,
  workbox = new Workbox(SERVICE_WORKER_URL),
}: {
  registry: RemoteRegistry;
  update: Pick<AppUpdate, 'offerWaitingWorker'>;
  container?: Pick<ServiceWorkerContainer, 'ready'>;
  workbox?: Pick<Workbox, 'addEventListener' | 'register' | 'messageSkipWaiting'>;
}): Promise<void> {
  workbox.addEventListener('waiting', () =>
    update.offerWaitingWorker(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );
  await workbox.register();
  const { active } = await container.ready;
  const message: PageMessage = { type: 'FOLLOW_REGISTRY', registry };
  active?.postMessage(message);
}
