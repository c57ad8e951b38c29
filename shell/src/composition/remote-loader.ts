import type { LifeCycles } from 'single-spa';
import {
  isContractCompatible,
  SHELL_CONTRACT_VERSION,
  type RemoteMountProps,
  type RemotePreloadProps,
} from '@formularze/domain/contract';
import {
  REMOTE_APP_EXPOSE,
  remoteContainerName,
  type ActiveRemote,
  type RemoteName,
  type LoadableVersion,
} from '@formularze/domain/schemas';
import { reportFallback, type FallbackReporter } from './fallback-reporter';

/** What every remote's `./app` module exports. */
export interface RemoteModule extends LifeCycles<RemoteMountProps> {
  contractVersion: string;
  /** Requests what the screen of `pathname` needs, before the area mounts (contract 1.2). */
  preload?(props: RemotePreloadProps): void;
}

export interface LoadedRemote {
  module: RemoteModule;
  version: string;
  /** The active version that failed when this is the last known good one. */
  fellBackFrom: string | null;
}

/** The slice of the Module Federation runtime the loader needs; tests pass their own. */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly remoteContract: string,
  ) {
    super(
      `Moduł ${remote} został zbudowany dla kontraktu powłoki ${remoteContract}, a powłoka udostępnia ${SHELL_CONTRACT_VERSION}.`,
    );
  }
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly failures: ReadonlyArray<{ version: string; error: unknown }>,
  ) {
    super(`Nie udało się wczytać modułu ${remote} (${failures.map((f) => f.version).join(', ')}).`);
  }

  get incompatible(): boolean {
    return this.failures.some((failure) => failure.error instanceof IncompatibleRemoteError);
  }
}

/**
 * How long one version's code (entry and `./app` chunks) may take before the loader gives up on
 * it and tries the last known good version. A hanging server must end in a fallback or the error
 * panel, never in an area that stays empty; 20 s leaves a slow mobile connection time for the
 * largest area's first chunks.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: przekroczono czas oczekiwania`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function isRemoteModule(value: unknown): value is RemoteModule {
  const candidate = value as Partial<RemoteModule> | null;
  return typeof candidate?.mount === 'function' && typeof candidate.unmount === 'function';
}

/** The versions to try, in order: the active one, then the last known good one. */
function candidates(entry: ActiveRemote): LoadableVersion[] {
  const active = { version: entry.version, manifestUrl: entry.manifestUrl, entryUrl: entry.entryUrl };
  return entry.lastKnownGood && entry.lastKnownGood.version !== entry.version
    ? [active, entry.lastKnownGood]
    : [active];
}

/**
 * Loads remotes through the Module Federation runtime. A remote whose active version cannot be
 * fetched, evaluated or is built for another contract falls back to its last known good version,
 * and the fallback is reported to the server.
 */
export function createRemoteLoader(
  runtime: FederationRuntime,
  baseUrl: string = window.location.href,
  onFallback: FallbackReporter = reportFallback,
) {
  const inFlight = new Map<RemoteName, Promise<LoadedRemote>>();
  const registeredEntry = new Map<RemoteName, string>();

  async function loadVersion(name: RemoteName, ref: LoadableVersion): Promise<RemoteModule> {
    const container = remoteContainerName(name);
    // The container entry itself, not the manifest: the registry already verified the manifest,
    // so the page skips that request (and the runtime its manifest handling).
    const entryUrl = new URL(ref.entryUrl, baseUrl).href;
    if (registeredEntry.get(name) !== entryUrl) {
      // `force` drops what the runtime cached for the previous entry of this remote.
      runtime.registerRemotes([{ name: container, entry: entryUrl }], { force: registeredEntry.has(name) });
      registeredEntry.set(name, entryUrl);
    }
    const module = await withTimeout(
      runtime.loadRemote<unknown>(`${container}/${REMOTE_APP_EXPOSE.slice(2)}`),
      REMOTE_LOAD_TIMEOUT_MS,
      `${name} ${ref.version}`,
    );
    if (!isRemoteModule(module))
      throw new Error(`${name} ${ref.version}: moduł nie udostępnia aplikacji single-spa`);
    if (!isContractCompatible(SHELL_CONTRACT_VERSION, module.contractVersion ?? '')) {
      throw new IncompatibleRemoteError(name, module.contractVersion ?? 'nieznany');
    }
    return module;
  }

  async function loadFrom(entry: ActiveRemote, start: number): Promise<LoadedRemote> {
    const versions = candidates(entry).slice(start);
    const failures: Array<{ version: string; error: unknown }> = [];
    for (const ref of versions) {
      try {
        const module = await loadVersion(entry.name, ref);
        const fellBackFrom = ref.version === entry.version ? null : entry.version;
        if (fellBackFrom) {
          console.warn(
            `[formularze] ${entry.name}: wersja ${fellBackFrom} nie działa, użyto ${ref.version}`,
            failures,
          );
          // A developer's server that is not running is not a broken deployment.
          if (!entry.devOverride) onFallback({ remote: entry.name, from: fellBackFrom, to: ref.version });
        }
        return { module, version: ref.version, fellBackFrom };
      } catch (error) {
        console.error(`[formularze] ${entry.name} ${ref.version}:`, error);
        failures.push({ version: ref.version, error });
      }
    }
    throw new RemoteLoadError(entry.name, failures);
  }

  return {
    /** Loads (once) the remote's application; concurrent callers share the same attempt. */
    load(entry: ActiveRemote): Promise<LoadedRemote> {
      let pending = inFlight.get(entry.name);
      if (!pending) {
        pending = loadFrom(entry, 0);
        inFlight.set(entry.name, pending);
        pending.catch(() => inFlight.delete(entry.name));
      }
      return pending;
    },
    /** After the loaded active version failed to mount: its last known good version, if any. */
    loadFallback(entry: ActiveRemote): Promise<LoadedRemote> {
      const pending = loadFrom(entry, 1);
      inFlight.set(entry.name, pending);
      pending.catch(() => inFlight.delete(entry.name));
      return pending;
    },
    /** Forgets a failed attempt so that "Spróbuj ponownie" fetches again. */
    forget(name: RemoteName) {
      inFlight.delete(name);
      // Registering the same entry again with `force` clears the runtime's cached failure.
      if (registeredEntry.has(name)) registeredEntry.set(name, '');
    },
  };
}

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;
