import type { FederationManifest, RemoteName, RemoteRegistry } from '@formularze/domain/schemas/remotes';

/**
 * What the service worker keeps for the patient app (ADR 610): which requests go to which cache.
 * React-free and free of the service worker's globals, so the page, the worker and the tests share it.
 */

/** The areas a patient needs offline: the start page and filling, and the login page and profile. */
export const OFFLINE_REMOTES: readonly RemoteName[] = ['mfe-filling', 'mfe-auth'];

export const CACHE_PREFIX = 'formularze';
/** The page's HTML: the server renders it per request (registry, configuration), so it is not precached. */
export const PAGES_CACHE = `${CACHE_PREFIX}-pages`;
export const REGISTRY_CACHE = `${CACHE_PREFIX}-registry`;
/** Versioned folders of the offline areas; immutable, so read cache-first. */
export const REMOTES_CACHE = `${CACHE_PREFIX}-remotes`;
/** The patient's own reads: medical data, per session token, removed on logout. */
export const API_CACHE = `${CACHE_PREFIX}-api`;

/** How long the patient's reads stay on the device without a logout (a closed tab, a lost phone). */
export const API_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A backstop for folders the registry no longer names but no page reported (cleanup by registry first). */
export const REMOTES_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The one key every page address is cached under: any path opens the same shell, whose router takes over. */
// eslint-disable-next-line routes/address-from-table -- the cache's key for every page, not the start page's address
export const PAGE_CACHE_KEY = '/';

/** Addresses that are never pages (api/src/web: a miss there is a JSON 404, not the shell). */
const NEVER_PAGE_PREFIXES = ['/api', '/employees', '/deployments', '/org-media'];

export function isPageAddress(pathname: string): boolean {
  return !NEVER_PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export const REGISTRY_PATH = '/api/remotes';

/**
 * The GET requests the patient's screens start from (@formularze/domain route tables): the session
 * check, the configuration, the start page and active forms, a form's template, a scheduled slot, a
 * draft, and the file types a form accepts. Staff reads, results and the shop stay online-only.
 */
const PATIENT_READS: readonly RegExp[] = [
  /^\/api\/persons\/my$/,
  /^\/api\/config$/,
  /^\/api\/v2\/forms\/(active|scheduled|scheduled-for-future|all-my-filled-unique-bags)$/,
  /^\/api\/v2\/form_data\/all\/my$/,
  /^\/api\/form_template\/\d+$/,
  /^\/api\/forms\/scheduled\/\d+$/,
  /^\/api\/form_data\/\d+$/,
  /^\/api\/form_data\/upload\/file_types$/,
  /^\/api\/organizations\/terms\/future$/,
];

export function isPatientRead(pathname: string): boolean {
  return PATIENT_READS.some((pattern) => pattern.test(pathname));
}

/** `/<remote>/<version>/` as deployments are laid out (remoteVersion in @formularze/domain). */
const VERSION_FOLDER = /^\/deployments\/([a-z-]+)\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\+[0-9a-f]{8,40})\//;

/** The remote and version of a file of an offline area's deployment on this origin, or null. */
export function offlineRemoteFile(pathname: string): { remote: RemoteName; version: string } | null {
  const match = VERSION_FOLDER.exec(decodeURIComponent(pathname));
  const remote = match?.[1] as RemoteName | undefined;
  if (!match || !remote || !OFFLINE_REMOTES.includes(remote)) return null;
  return { remote, version: match[2]! };
}

/** The folder a manifest is served from, on `origin`. */
function folderOf(manifestUrl: string, origin: string): URL {
  return new URL('./', new URL(manifestUrl, origin));
}

/**
 * The version folders of the offline areas a page of this registry may load: the active version
 * and the last known good one it falls back to. Folders on other origins (a CDN) are left out:
 * those areas stay online-only.
 */
export function foldersToKeep(registry: RemoteRegistry, origin: string): string[] {
  return registry.remotes
    .filter((remote) => OFFLINE_REMOTES.includes(remote.name) && !remote.devOverride)
    .flatMap((remote) => [
      remote.manifestUrl,
      ...(remote.lastKnownGood ? [remote.lastKnownGood.manifestUrl] : []),
    ])
    .map((manifestUrl) => folderOf(manifestUrl, origin))
    .filter((folder) => folder.origin === origin)
    .map((folder) => folder.href);
}

/** Cached files of the offline areas outside the folders to keep: versions deployed over or rolled back from. */
export function staleRemoteFiles(cachedUrls: readonly string[], keep: readonly string[]): string[] {
  return cachedUrls.filter((url) => !keep.some((folder) => url.startsWith(folder)));
}

/**
 * Every file a version needs to render any of its screens: its manifest, its container entry and
 * the chunks of its exposes, resolved as the federation runtime resolves them. Shared modules'
 * fallbacks are left out: the shell provides them.
 */
export function versionFiles(manifestUrl: string, manifest: FederationManifest, origin: string): string[] {
  const manifestHref = new URL(manifestUrl, origin).href;
  const { publicPath, remoteEntry } = manifest.metaData;
  const base =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestHref) : folderOf(manifestUrl, origin);
  const folder = base.href.endsWith('/') ? base.href : `${base.href}/`;
  const entryFolder =
    remoteEntry.path && !remoteEntry.path.endsWith('/') ? `${remoteEntry.path}/` : remoteEntry.path;
  const assets = manifest.exposes.flatMap(({ assets: { js, css } }) => [
    ...js.sync,
    ...js.async,
    ...css.sync,
    ...css.async,
  ]);
  const files = [
    manifestHref,
    ...[`${entryFolder}${remoteEntry.name}`, ...assets].map((file) => new URL(file, folder).href),
  ];
  return [...new Set(files)];
}

/**
 * The cache key of a patient's read: the address plus a digest of the session token, so that a
 * read cached for one session is never an answer to another (another account, or after a new login).
 */
export function accountCacheKey(url: string, tokenDigest: string): string {
  const keyed = new URL(url);
  keyed.searchParams.set('__session', tokenDigest);
  return keyed.href;
}
