import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteForPath, type RemoteRegistry } from '@formularze/domain/schemas';
import { TOKEN_KEY } from '../session/early-session-request';
import { earlyScreenReads } from './early-screen-reads';
import { readInlineRegistry } from './registry';
import { createRemoteLoader, type RemoteModule } from './remote-loader';

/** The page's one loader of areas: the area fetched early is the very one the shell mounts. */
export const remoteLoader = createRemoteLoader({ registerRemotes, loadRemote });

let started = false;

/** The area may request its screen's data now; a failure there must not stop the shell. */
function preloadScreen(module: RemoteModule, pathname: string) {
  try {
    module.preload?.({
      pathname,
      authToken: () => window.sessionStorage.getItem(TOKEN_KEY),
      earlyReads: earlyScreenReads,
    });
  } catch (error) {
    console.error('[formularze] preload:', error);
  }
}

/**
 * Starts loading the area of the page's address (once), from the registry written into
 * index.html. The entry calls it beside the shell's own chunks, so the area's code runs, and
 * requests what its screen needs, while the shell still starts rather than after its first render.
 */
export function loadCurrentArea(registry: RemoteRegistry | null = readInlineRegistry()): void {
  const pathname = window.location.pathname;
  const entry = registry?.remotes.find((remote) => remote.name === remoteForPath(pathname));
  if (started || !entry) return;
  started = true;
  remoteLoader.load(entry).then(
    ({ module }) => preloadScreen(module, pathname),
    () => undefined,
  );
}
