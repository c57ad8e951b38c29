import {
  APP_CONFIG_ELEMENT_ID,
  INDEX_HEAD_MARKER,
  REGISTRY_ELEMENT_ID,
  remoteForPath,
  type AppConfig,
  type RemoteRegistry,
} from '@formularze/domain/schemas';
import { appScriptUrls, remoteEntryUrl } from '../remotes/manifest-urls';
import type { ActiveRow } from '../remotes/remotes-repository';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** `<` escaped so that no registry content can close the script element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** Starts downloading the remote that renders `pathname` while the shell's own scripts load. */
function preloadLinks(pathname: string, rows: ActiveRow[]): string[] {
  const owner = remoteForPath(pathname);
  const row = rows.find((candidate) => candidate.name === owner);
  if (!row) return [];
  const { manifestUrl, manifest } = row;
  const scripts = [remoteEntryUrl(manifestUrl, manifest), ...appScriptUrls(manifestUrl, manifest)];
  return scripts.map((url) => `<link rel="preload" as="script" href="${escapeAttribute(url)}">`);
}

/**
 * The shell's index.html for one request: the registry and the guest's configuration inline (no
 * request stands between the page and its remotes or its login form) and preload links for the remote
 * that owns the requested path.
 */
export function renderIndexHtml(
  template: string,
  {
    registry,
    rows,
    pathname,
    appConfig,
  }: { registry: RemoteRegistry; rows: ActiveRow[]; pathname: string; appConfig: AppConfig },
): string {
  const head = [
    `<script type="application/json" id="${REGISTRY_ELEMENT_ID}">${inlineJson(registry)}</script>`,
    `<script type="application/json" id="${APP_CONFIG_ELEMENT_ID}">${inlineJson(appConfig)}</script>`,
    ...preloadLinks(pathname, rows),
  ].join('\n    ');
  // A function replacement, so that `$` in the content is never read as a replacement pattern.
  return template.replace(INDEX_HEAD_MARKER, () => head);
}
