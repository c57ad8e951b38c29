import { navigateToUrl } from 'single-spa';
import { SHELL_CONTRACT_VERSION, type RemoteIdentity, type ShellContract } from '@formularze/domain/contract';
import type { AlertStore } from '../alerts/alert-store';
import type { AppearanceStore } from '../appearance/appearance-store';
import type { ConfigStore } from '../config/app-config';
import type { SessionStore } from '../session/session-store';
import type { PageState } from './page-state';

export interface ShellServices {
  session: SessionStore;
  appearance: AppearanceStore;
  alerts: AlertStore;
  page: PageState;
  config: ConfigStore;
}

export function navigate(to: string, options?: { replace?: boolean }) {
  if (options?.replace) window.history.replaceState(null, '', to);
  else navigateToUrl(to);
}

/** The contract handed to one remote: the only door from a remote into the shell. */
export function createShellContract(services: ShellServices, remote: RemoteIdentity): ShellContract {
  const { session, appearance, alerts, page, config } = services;
  return {
    contractVersion: SHELL_CONTRACT_VERSION,
    remote,
    session: { get: session.get, subscribe: session.subscribe },
    permissions: { has: (key) => session.permissions().has(key) },
    navigate,
    page: { setTitle: (title) => page.setTitle(title) },
    breadcrumbs: { set: page.breadcrumbs.set, push: page.breadcrumbs.push },
    alerts: { show: alerts.show, dismiss: alerts.dismiss },
    appearance: { get: appearance.get, subscribe: appearance.subscribe },
    config: { get: config.get, subscribe: config.subscribe },
    authToken: session.token,
    signIn: session.signIn,
    logout: session.logout,
    refreshSession: async () => void (await session.refetch()),
  };
}
