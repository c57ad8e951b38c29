import * as z from 'zod/mini';

/** The five independently deployed areas of the product. */
export const REMOTE_NAMES = [
  'mfe-auth',
  'mfe-forms-builder',
  'mfe-filling',
  'mfe-results',
  'mfe-admin',
] as const;

export const remoteName = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof remoteName>;

/** Module Federation container names must be identifiers: `mfe-auth` builds as `mfe_auth`. */
export function remoteContainerName(name: RemoteName): string {
  return name.replace(/-/g, '_');
}

/**
 * A deployed version: `<package version>+<content hash>`, e.g. `1.0.0+3f9a1c2b`.
 * The hash makes two builds of the same package version distinct and keeps folders immutable.
 */
export const remoteVersion = z
  .string()
  .check(z.regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\+[0-9a-f]{8,40}$/, 'Nieprawidłowy format wersji'));

export const remoteVersionRef = z.object({
  version: remoteVersion,
  /** Absolute URL, or a path on the server's own origin (`/deployments/...`). */
  manifestUrl: z.string().check(z.minLength(1)),
});
export type RemoteVersionRef = z.infer<typeof remoteVersionRef>;

/** A version as the shell loads it: the container entry, read from the verified manifest. */
export const loadableVersion = z.extend(remoteVersionRef, {
  entryUrl: z.string().check(z.minLength(1)),
});
export type LoadableVersion = z.infer<typeof loadableVersion>;

export const activeRemote = z.extend(loadableVersion, {
  name: remoteName,
  activatedAt: z.string(),
  /** The version that was active before this one: the shell falls back to it if this one fails. */
  lastKnownGood: z.nullable(loadableVersion),
  /** Taken from a developer's machine in this browser only (a super-admin's override). */
  devOverride: z.optional(z.boolean()),
});
export type ActiveRemote = z.infer<typeof activeRemote>;

export const remoteRegistry = z.object({
  /** Grows with every activation; a page compares it to notice a newer set of remotes. */
  revision: z.int().check(z.nonnegative()),
  remotes: z.array(activeRemote),
});
export type RemoteRegistry = z.infer<typeof remoteRegistry>;

export const remoteDeployment = z.extend(remoteVersionRef, {
  name: remoteName,
  deployedAt: z.string(),
  deployedBy: z.string(),
  active: z.boolean(),
});
export type RemoteDeployment = z.infer<typeof remoteDeployment>;

export const remoteActivation = z.object({
  name: remoteName,
  version: remoteVersion,
  activatedAt: z.string(),
  activatedBy: z.string(),
});
export type RemoteActivation = z.infer<typeof remoteActivation>;

export const remoteHistory = z.object({
  deployments: z.array(remoteDeployment),
  activations: z.array(remoteActivation),
});
export type RemoteHistory = z.infer<typeof remoteHistory>;

export const activateRemoteBody = z.object({
  /** Omitted: go back to the version that was active before the current one. */
  version: z.optional(remoteVersion),
});
export type ActivateRemoteBody = z.infer<typeof activateRemoteBody>;

export const registerDeploymentBody = z.extend(remoteVersionRef, {
  deployedBy: z.string().check(z.minLength(1), z.maxLength(200)),
  activate: z._default(z.boolean(), true),
});
export type RegisterDeploymentBody = z.infer<typeof registerDeploymentBody>;

/** What Module Federation writes to `mf-manifest.json`, reduced to what the product relies on. */
export const federationManifest = z.object({
  id: z.string(),
  name: z.string(),
  metaData: z.object({
    remoteEntry: z.object({ name: z.string(), path: z.string() }),
    publicPath: z.optional(z.string()),
  }),
  exposes: z.array(
    z.object({
      path: z.string(),
      assets: z.object({
        js: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }),
        css: z.object({ sync: z.array(z.string()), async: z.array(z.string()) }),
      }),
    }),
  ),
});
export type FederationManifest = z.infer<typeof federationManifest>;

/** The module every remote exposes: its single-spa lifecycles. */
export const REMOTE_APP_EXPOSE = './app';

/** Where the shell's built index.html takes the server's per-request additions. */
export const INDEX_HEAD_MARKER = '<!--formularze:head-->';

/** The JSON data element in index.html that carries the registry the page starts with. */
export const REGISTRY_ELEMENT_ID = 'remote-registry';

/**
 * Only this machine's servers: a developer's override takes a remote from their own `npm run dev`,
 * and must never become a way to put foreign code into somebody's page.
 */
export function isLoopbackUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

/** `POST /api/remotes/dev-overrides`: this browser takes `remote` from a developer's server. */
export const devOverrideBody = z.object({
  remote: remoteName,
  /** The remote's container entry (`remoteEntry.js`) on the developer's machine. */
  entryUrl: z
    .string()
    .check(
      z.maxLength(2000),
      z.refine(isLoopbackUrl, 'Podaj adres na tym komputerze (localhost, 127.0.0.1 lub [::1])'),
    ),
});
export type DevOverrideBody = z.infer<typeof devOverrideBody>;
