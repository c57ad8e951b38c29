import type { RemoteRegistry } from '@formularze/domain/schemas';
import type { DevOverride } from '../remotes/dev-overrides';

/**
 * The origins the page may load remote code from: those of every version the shell may load, the
 * active one and the last known good one it falls back to. Origin paths (`/deployments/...`) are
 * the page's own origin, already allowed as 'self'.
 */
export function remoteOrigins(registry: RemoteRegistry): string[] {
  const urls = registry.remotes.flatMap((remote) => [
    remote.manifestUrl,
    remote.entryUrl,
    ...(remote.lastKnownGood ? [remote.lastKnownGood.manifestUrl, remote.lastKnownGood.entryUrl] : []),
  ]);
  const origins = new Set<string>();
  for (const url of urls) {
    if (!/^https?:\/\//i.test(url)) continue;
    // `URL` normalises case and default ports and drops any path, so nothing but an origin reaches the header.
    origins.add(new URL(url).origin);
  }
  return [...origins].sort();
}

/** The WebSocket origins through which developers' servers (`npm run dev`) reload their remote. */
export function liveReloadOrigins(overrides: DevOverride[]): string[] {
  return overrides.map(({ entryUrl }) => {
    const url = new URL(entryUrl);
    return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  });
}

/**
 * The Content-Security-Policy of the shell's page. Scripts come only from this origin and the
 * registered remotes' origins: no inline script (index.html inlines only JSON data blocks, and the
 * theme boot script is a file) and no eval (production builds and the federation runtime use
 * neither). Styles need 'unsafe-inline': Griffel (Fluent UI) and the captcha widget insert <style>
 * elements at run time. Workers may be blob: URLs (the captcha's proof of work) or this origin's
 * files (the patient app's service worker, /sw.js); the web app manifest comes from this origin.
 * 'self' in connect-src covers the API and the registration channel's WebSocket (ws:/wss: of this host).
 */
export function contentSecurityPolicy(remotes: string[], liveReload: string[] = []): string {
  const withRemotes = (...sources: string[]) => [...sources, ...remotes].join(' ');
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': withRemotes("'self'"),
    'style-src': withRemotes("'self'", "'unsafe-inline'"),
    'img-src': withRemotes("'self'", 'data:', 'blob:'),
    'font-src': withRemotes("'self'", 'data:'),
    'connect-src': withRemotes("'self'", ...liveReload),
    'media-src': "'self' blob:",
    'worker-src': "'self' blob:",
    'manifest-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}
