import { createRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import { createObservable, SHELL_CONTRACT_VERSION, type ShellContract } from '@formularze/domain/contract';
import { permissionsFor, type RemoteName } from '@formularze/domain/schemas';
import { installPolishErrors } from '@formularze/domain/schemas/polish-errors';
import { RemoteProviders } from './providers';

/**
 * A shell contract without the shell: for running one area on its own (`npm run dev -w <remote>`)
 * and for rendering its screens in tests. Everything can be overridden.
 */
export function createStandaloneShell(
  name: RemoteName,
  overrides: Partial<ShellContract> = {},
): ShellContract {
  // As the shell does: an area on its own (or in a test) refuses values in the same Polish.
  installPolishErrors();
  // Permissions follow the session, also one a test passes in.
  const session =
    overrides.session ??
    createObservable<ReturnType<ShellContract['session']['get']>>({ status: 'guest', person: null });
  return {
    contractVersion: SHELL_CONTRACT_VERSION,
    remote: { name, version: 'standalone', fellBackFrom: null },
    session,
    permissions: {
      has: (key) =>
        permissionsFor({
          authorities: session.get().person?.authorities ?? '',
          organization: session.get().person?.organization,
        }).has(key),
    },
    navigate: (to, options) => {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    page: { setTitle: (title) => void (document.title = title) },
    breadcrumbs: { set: () => undefined, push: () => undefined },
    alerts: {
      show: (alert) => (console.info('[alert]', alert.text), alert.customId ?? 'alert'),
      dismiss: () => undefined,
    },
    appearance: createObservable({ theme: 'light', fontLevel: 0 }),
    config: createObservable({
      hasAnyJoinableOrganization: true,
      requireGlobalTosAcceptance: false,
      hasSingleScheduledForm: false,
      singleScheduledFormId: null,
      autoLogoutEnabled: false,
    }),
    authToken: () => window.sessionStorage.getItem('token'),
    signIn: async (token) => window.sessionStorage.setItem('token', token),
    logout: async () => window.sessionStorage.removeItem('token'),
    ...overrides,
  };
}

export function mountStandalone(name: RemoteName, App: ComponentType, element: HTMLElement) {
  createRoot(element).render(
    <RemoteProviders shell={createStandaloneShell(name)}>
      <App />
    </RemoteProviders>,
  );
}
