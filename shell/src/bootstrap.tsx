import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { createApiClient } from 'shared-ui/api-client';
import { createObservable } from 'shared-ui/contract';
import { remoteForPath } from 'shared-ui/schemas';
import { App } from './App';
import { createAlertStore } from './alerts/alert-store';
import { createAppearanceStore } from './appearance/appearance-store';
import { fetchRegistry, startupRegistry } from './composition/registry';
import { watchRegistry } from './composition/registry-watcher';
import { preloadOtherAreas, registerAreas } from './composition/remote-applications';
import { createRemoteLoader } from './composition/remote-loader';
import { createRemoteStatusStore } from './composition/remote-status';
import { createPageState } from './contract/page-state';
import { createShellContract } from './contract/create-shell-contract';
import { createSessionStore } from './session/session-store';
import type { ShellRuntime } from './frame/shell-context';

async function boot() {
  const appearance = createAppearanceStore();
  const session = createSessionStore();
  const api = createApiClient(session.token);
  const registry = await startupRegistry(api);
  const loader = createRemoteLoader({ registerRemotes, loadRemote });

  // Every area renders through shared-ui/remote: fetch the shell's copy now rather than after the area asks.
  void import('shared-ui/remote');
  // Start fetching the area on screen now, in parallel with the shell's own first render.
  const currentArea = remoteForPath(window.location.pathname);
  const currentEntry = registry.remotes.find((remote) => remote.name === currentArea);
  if (currentEntry) loader.load(currentEntry).catch(() => undefined);

  const updateAvailable = createObservable(false);
  const runtime: ShellRuntime = {
    session,
    appearance,
    alerts: createAlertStore(),
    page: createPageState(),
    registry,
    api,
    statuses: createRemoteStatusStore(),
    updateAvailable,
    outlet: document.createElement('div'),
  };

  registerAreas({
    registry,
    loader,
    statuses: runtime.statuses,
    appearance,
    outlet: () => runtime.outlet,
    contractFor: (identity) => createShellContract(runtime, identity),
  });
  start({ urlRerouteOnly: true });

  createRoot(document.getElementById('root')!).render(<App runtime={runtime} />);

  const preloadRest = () => preloadOtherAreas({ registry, loader }, currentArea);
  if (document.readyState === 'complete') preloadRest();
  else window.addEventListener('load', preloadRest, { once: true });
  watchRegistry({
    started: registry,
    fetchLatest: () => fetchRegistry(api),
    onNewer: () => updateAvailable.set(true),
  });
}

void boot();
