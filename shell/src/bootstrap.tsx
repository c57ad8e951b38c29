import { createRoot } from 'react-dom/client';
import { start, triggerAppChange } from 'single-spa';
import { createApiClient } from 'shared-ui/api-client';
import type { SessionSnapshot } from '@formularze/domain/contract';
import { remoteForPath } from '@formularze/domain/schemas';
import { installPolishErrors } from '@formularze/domain/schemas/polish-errors';
import { App } from './App';
import { createAlertStore } from './alerts/alert-store';
import { createAppearanceStore } from './appearance/appearance-store';
import { loadCurrentArea, remoteLoader } from './composition/current-area';
import { fetchRegistry, startupRegistry } from './composition/registry';
import { preloadOtherAreas, registerAreas } from './composition/remote-applications';
import { createRemoteStatusStore } from './composition/remote-status';
import { afterFirstAreaSettles } from './composition/preload-schedule';
import { createPageState } from './contract/page-state';
import { createShellContract } from './contract/create-shell-contract';
import { createConfigStore } from './config/app-config';
import { enforceRouteGuard, routeGuardFor } from './session/route-guard-runtime';
import { createSessionStore, type SessionStore } from './session/session-store';
import { takeEarlySessionRequest } from './session/early-session-request';
import { forgetQueuedSendsOnLogout } from './session/send-queue-on-logout';
import { whenIdle } from 'shared-ui/routing';
import { createAppUpdate } from './frame/app-update';
import { clearOfflineReadsOnLogout } from './offline/offline-reads';
import type { ShellRuntime } from './frame/shell-context';

/** Starts the shell. */
export async function boot() {
  // One setting for every copy of zod on the page (zod keeps it on globalThis): areas too.
  installPolishErrors();
  const appearance = createAppearanceStore();
  // The client reads the token from the session at each request; the session calls the API.
  const api = createApiClient(() => session.token());
  const session: SessionStore = createSessionStore({ api, earlyRequest: takeEarlySessionRequest() });
  const config = createConfigStore(api);
  const sessionChecked = session.start();
  const registry = await startupRegistry(api);

  // The entry started the area on screen; a registry fetched from the API starts it here.
  loadCurrentArea(registry);
  const currentArea = remoteForPath(window.location.pathname);

  const update = createAppUpdate();
  const runtime: ShellRuntime = {
    session,
    appearance,
    alerts: createAlertStore(),
    page: createPageState(),
    config,
    registry,
    api,
    statuses: createRemoteStatusStore(),
    update,
    outlet: document.createElement('div'),
  };

  const guard = routeGuardFor(session);
  registerAreas({
    registry,
    loader: remoteLoader,
    statuses: runtime.statuses,
    appearance,
    outlet: () => runtime.outlet,
    contractFor: (identity) => createShellContract(runtime, identity),
    mayShow: (pathname) => session.get().status !== 'checking' && guard(pathname) === null,
  });
  start({ urlRerouteOnly: true });
  window.addEventListener('popstate', () => enforceRouteGuard(guard));
  // The entry's early check may have settled the session before anyone listened: the handler
  // also runs once below, from 'checking', as if it had been listening from the start.
  let previousStatus: SessionSnapshot['status'] = 'checking';
  const onSessionChange = ({ status }: SessionSnapshot) => {
    if (status === 'checking') return;
    enforceRouteGuard(guard);
    void triggerAppChange();
    // The configuration depends on the organization: load it again when someone signs in or out.
    const signedInOrOut = status !== previousStatus && [status, previousStatus].includes('authenticated');
    previousStatus = status;
    if (signedInOrOut || !config.isLoaded()) void config.refresh().catch(() => undefined);
  };
  session.subscribe(onSessionChange);
  onSessionChange(session.get());
  forgetQueuedSendsOnLogout(session);
  clearOfflineReadsOnLogout(session);
  void sessionChecked.catch(() =>
    runtime.alerts.show({ text: 'Nie udało się sprawdzić sesji. Odśwież stronę.', isError: true }),
  );
  // Only a signed-in tab has anything to lose to another tab; nothing to watch before the first render.
  whenIdle(
    () =>
      void import('./session/cross-tab').then(({ watchOtherTabs }) =>
        watchOtherTabs({ session, alerts: runtime.alerts }),
      ),
  );

  createRoot(document.getElementById('root')!).render(<App runtime={runtime} />);

  afterFirstAreaSettles(runtime.statuses, () =>
    preloadOtherAreas({ registry, loader: remoteLoader }, currentArea),
  );
  whenIdle(
    () =>
      void import('./composition/registry-watcher').then(({ watchRegistry }) =>
        watchRegistry({
          started: registry,
          fetchLatest: () => fetchRegistry(api),
          onNewer: update.offerReload,
        }),
      ),
  );
  // Production builds only: `npm run dev` serves no worker, and one would cache a developer's builds.
  if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
    afterFirstAreaSettles(
      runtime.statuses,
      () =>
        void import('./offline/register-service-worker').then(({ registerServiceWorker }) =>
          registerServiceWorker({ registry, update }),
        ),
    );
  }
}
