import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteForPath, type RemoteRegistry } from 'shared-ui/schemas';
import { readInlineRegistry } from './registry';
import { createRemoteLoader } from './remote-loader';

/** The page's one loader of areas: the area fetched early is the very one the shell mounts. */
export const remoteLoader = createRemoteLoader({ registerRemotes, loadRemote });

/**
 * Starts loading the area of the page's address from the registry written into index.html. The
 * entry calls it beside the shell's own chunks, so the area's code runs (and starts what its
 * screen needs) while the shell still starts, not after the shell's first render.
 */
export function loadCurrentArea(registry: RemoteRegistry | null = readInlineRegistry()): void {
  const current = remoteForPath(window.location.pathname);
  const entry = registry?.remotes.find((remote) => remote.name === current);
  if (entry) remoteLoader.load(entry).catch(() => undefined);
}
