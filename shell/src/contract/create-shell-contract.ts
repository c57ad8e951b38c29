import { navigateToUrl } from 'single-spa';
import { permissionsFor } from 'shared-ui/schemas';
import { SHELL_CONTRACT_VERSION, type RemoteIdentity, type ShellContract } from 'shared-ui/contract';
import type { AlertStore } from '../alerts/alert-store';
import type { AppearanceStore } from '../appearance/appearance-store';
import type { SessionStore } from '../session/session-store';
import type { PageState } from './page-state';

export interface ShellServices {
  session: SessionStore;
  appearance: AppearanceStore;
  alerts: AlertStore;
  page: PageState;
}

export function navigate(to: string, options?: { replace?: boolean }) {
  if (options?.replace) window.history.replaceState(null, '', to);
  else navigateToUrl(to);
}

/** The contract handed to one remote: the only door from a remote into the shell. */
export function createShellContract(services: ShellServices, remote: RemoteIdentity): ShellContract {
  const { session, appearance, alerts, page } = services;
  return {
    contractVersion: SHELL_CONTRACT_VERSION,
    remote,
    session: { get: session.get, subscribe: session.subscribe },
    permissions: {
      has: (key) => permissionsFor({ authorities: session.get().person?.authorities ?? '' }).has(key),
    },
    navigate,
    page: { setTitle: (title) => page.title.set(title) },
    breadcrumbs: { set: (trail) => page.breadcrumbs.set(trail) },
    alerts: { show: alerts.show, dismiss: alerts.dismiss },
    appearance: { get: appearance.get, subscribe: appearance.subscribe },
    authToken: session.token,
    logout: session.logout,
  };
}
