import { REMOTE_APP_EXPOSE, type FederationManifest } from '@formularze/domain/schemas';

/** Where this server serves `DEPLOYMENTS_DIR`. */
export const DEPLOYMENTS_PATH = '/deployments';

/** Stands in for the page's origin so that origin paths and absolute URLs resolve with one `URL` API. */
const PAGE_ORIGIN = 'http://page.invalid';

export function isOriginPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** Resolves like a browser would; origin paths stay origin paths, absolute URLs stay absolute. */
function resolve(relative: string, base: string): string {
  const url = new URL(relative, new URL(base, PAGE_ORIGIN));
  return url.origin === PAGE_ORIGIN ? `${url.pathname}${url.search}` : url.href;
}

/**
 * The folder the remote's files are served from. Remotes are built with `publicPath: 'auto'`,
 * which puts them next to their manifest; an explicit publicPath in the manifest wins.
 */
function assetBase(manifestUrl: string, manifest: FederationManifest): string {
  const publicPath = manifest.metaData.publicPath;
  if (publicPath && publicPath !== 'auto' && (isOriginPath(publicPath) || /^https?:\/\//.test(publicPath))) {
    return publicPath.endsWith('/') ? publicPath : `${publicPath}/`;
  }
  return resolve('./', manifestUrl);
}

export function remoteEntryUrl(manifestUrl: string, manifest: FederationManifest): string {
  const { path, name } = manifest.metaData.remoteEntry;
  const folder = path && !path.endsWith('/') ? `${path}/` : path;
  return resolve(`${folder}${name}`, assetBase(manifestUrl, manifest));
}

export function appExpose(manifest: FederationManifest) {
  return manifest.exposes.find((expose) => expose.path === REMOTE_APP_EXPOSE);
}

/** The scripts the `./app` module needs before it can run. */
export function appScriptUrls(manifestUrl: string, manifest: FederationManifest): string[] {
  const base = assetBase(manifestUrl, manifest);
  return (appExpose(manifest)?.assets.js.sync ?? []).map((asset) => resolve(asset, base));
}
