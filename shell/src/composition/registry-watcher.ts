import type { RemoteRegistry } from '@formularze/domain/schemas';

export const REGISTRY_CHECK_INTERVAL_MS = 60_000;

/** True when `latest` would give this page other code than the set it started with. */
export function hasNewerRemotes(started: RemoteRegistry, latest: RemoteRegistry): boolean {
  const startedVersions = new Map(started.remotes.map((remote) => [remote.name, remote.version]));
  return latest.remotes.some((remote) => startedVersions.get(remote.name) !== remote.version);
}

/**
 * Watches the registry without swapping code under the user's feet: when another set of remote
 * versions becomes active, `onNewer` is called once and the page keeps what it runs until reloaded.
 */
export function watchRegistry(options: {
  started: RemoteRegistry;
  fetchLatest: () => Promise<RemoteRegistry>;
  onNewer: () => void;
  intervalMs?: number;
}): () => void {
  let stopped = false;
  const check = async () => {
    if (stopped || document.visibilityState === 'hidden') return;
    try {
      const latest = await options.fetchLatest();
      if (!stopped && hasNewerRemotes(options.started, latest)) {
        stopped = true;
        options.onNewer();
      }
    } catch {
      // Offline or the server restarting: the next check will tell.
    }
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? REGISTRY_CHECK_INTERVAL_MS);
  const onVisible = () => void check();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
