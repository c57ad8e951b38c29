/// <reference lib="webworker" />
// The patient app's service worker (ADR 610–613), built by InjectManifest into /sw.js.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import type { FederationManifest, RemoteRegistry } from '@formularze/domain/schemas/remotes';
import { AUTH_TOKEN_HEADER } from '@formularze/domain/schemas/auth-header';
import {
  accountCacheKey,
  API_CACHE,
  API_CACHE_MAX_AGE_SECONDS,
  foldersToKeep,
  isPageAddress,
  isPatientRead,
  offlineRemoteFile,
  PAGE_CACHE_KEY,
  PAGES_CACHE,
  REGISTRY_CACHE,
  REGISTRY_PATH,
  REMOTES_CACHE,
  REMOTES_CACHE_MAX_AGE_SECONDS,
  staleRemoteFiles,
  versionFiles,
} from './offline-routes';
import { SEND_QUEUE_SYNC_MESSAGE, SEND_QUEUE_SYNC_TAG } from 'shared-ui/send-queue';
import type { PageMessage } from './messages';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The shell's own files: main.js, its chunks, page-start.js, appearance-boot.js. The page asks for
// them with `?<hash>` (HtmlWebpackPlugin, versionedUrl): the precache, revisioned per build, answers
// whatever the query says, so a page always gets the shell this worker was built with.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();
// Control the first page at once, so that what it loads is kept; a newer worker never takes over
// by itself: it waits for "Odśwież" under "Dostępna jest nowa wersja aplikacji" (ADR 612).
clientsClaim();

const onlySuccess = new CacheableResponsePlugin({ statuses: [200] });
const sameOrigin = (url: URL) => url.origin === self.location.origin;

const pageKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async () => new URL(PAGE_CACHE_KEY, self.location.origin).href,
  // The kept copy is the last page rendered, at whatever address: answered without that address,
  // so that the document keeps the one asked for and the router shows its screen.
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse &&
    new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers: cachedResponse.headers,
    }),
};
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isPageAddress(url.pathname),
  new NetworkFirst({ cacheName: PAGES_CACHE, plugins: [onlySuccess, pageKey] }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === REGISTRY_PATH,
  new NetworkFirst({ cacheName: REGISTRY_CACHE, plugins: [onlySuccess] }),
);

const remoteFiles = new CacheFirst({
  cacheName: REMOTES_CACHE,
  plugins: [onlySuccess, new ExpirationPlugin({ maxAgeSeconds: REMOTES_CACHE_MAX_AGE_SECONDS })],
});
registerRoute(({ url }) => sameOrigin(url) && offlineRemoteFile(url.pathname) !== null, remoteFiles);

async function digest(token: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(bytes).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const perSession: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) =>
    accountCacheKey(request.url, await digest(request.headers.get(AUTH_TOKEN_HEADER) ?? '')),
};
registerRoute(
  ({ request, url }) =>
    sameOrigin(url) && request.headers.has(AUTH_TOKEN_HEADER) && isPatientRead(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [onlySuccess, perSession, new ExpirationPlugin({ maxAgeSeconds: API_CACHE_MAX_AGE_SECONDS })],
  }),
);

self.addEventListener('install', (event) => {
  // The page that registered this worker loaded before it: keep one copy of the page for offline starts.
  event.waitUntil(
    caches.open(PAGES_CACHE).then(async (cache) => {
      const response = await fetch(PAGE_CACHE_KEY).catch(() => null);
      if (response?.ok) await cache.put(PAGE_CACHE_KEY, response);
    }),
  );
});

/** Downloads every file of the offline areas' versions the page may load, and drops the other versions. */
async function followRegistry(registry: RemoteRegistry, event: ExtendableEvent): Promise<void> {
  const origin = self.location.origin;
  const cache = await caches.open(REMOTES_CACHE);
  const keep = foldersToKeep(registry, origin);
  const cached = (await cache.keys()).map((request) => request.url);
  await Promise.all(staleRemoteFiles(cached, keep).map((url) => cache.delete(url)));
  const manifests = registry.remotes
    .flatMap((remote) => [remote, ...(remote.lastKnownGood ? [remote.lastKnownGood] : [])])
    .map((version) => new URL(version.manifestUrl, origin).href)
    .filter((href) => keep.some((folder) => href.startsWith(folder)));
  await Promise.all(
    manifests.map(async (manifestUrl) => {
      const response = await remoteFiles
        .handle({ request: new Request(manifestUrl), event })
        .catch(() => null);
      if (!response?.ok) return;
      const manifest = (await response.json()) as FederationManifest;
      const files = versionFiles(manifestUrl, manifest, origin);
      await Promise.all(
        files.map((url) => remoteFiles.handle({ request: new Request(url), event }).catch(() => null)),
      );
    }),
  );
}

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'FOLLOW_REGISTRY') event.waitUntil(followRegistry(message.registry, event));
});

// The hook the send queue's Background Sync registers under (ADR 613): the queue lives in the
// pages' code, so the worker wakes the open pages, which send it; with no page open it is sent
// the next time the app opens.
self.addEventListener('sync', (event) => {
  const syncEvent = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (syncEvent.tag !== SEND_QUEUE_SYNC_TAG) return;
  syncEvent.waitUntil(
    self.clients
      .matchAll({ type: 'window' })
      .then((clients) => clients.forEach((client) => client.postMessage(SEND_QUEUE_SYNC_MESSAGE))),
  );
});
