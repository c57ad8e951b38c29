import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import * as React from 'react';
import singleSpaReact from 'single-spa-react';
import type { RemoteMountProps, RemotePreloadProps } from '@formularze/domain/contract';
import { ErrorPanel } from 'shared-ui/components';
import { createApiClient, type ApiClient } from 'shared-ui/api-client';
import { createQueryClient, RemoteProviders } from './providers';

/** What an area may request for the screen the page opens on, before it is mounted. */
export interface AreaPreload {
  pathname: string;
  /** The API client on the tab's session token. */
  client: ApiClient;
  /** The query client the area will mount with: what is prefetched here is there at mount. */
  queryClient: QueryClient;
}

/**
 * single-spa lifecycles for a remote whose screens are `App`, built from package version
 * `buildVersion`, plus the optional `preload` the shell calls once the remote's code has run:
 * `options.preload` starts what the screen of the page's address needs (its chunks, its data) while
 * the shell is still starting. The query client it fills lives until the area is unmounted.
 */
export function createRemoteApp(
  App: ComponentType,
  buildVersion: string,
  options: { preload?(area: AreaPreload): void } = {},
) {
  let queryClient: QueryClient | null = null;
  const lifecycles = singleSpaReact<RemoteMountProps>({
    React,
    ReactDOMClient,
    rootComponent: ({ shell }: RemoteMountProps) => (
      <RemoteProviders shell={shell} buildVersion={buildVersion} queryClient={queryClient ?? undefined}>
        <App />
      </RemoteProviders>
    ),
    domElementGetter: ({ domElement }: RemoteMountProps) => domElement,
    // Errors inside the area are caught by RemoteErrorBoundary, within the area's theme; this one
    // only sees a failure of the providers themselves.
    errorBoundary: () => (
      <ErrorPanel
        title="Ten widok przestał działać"
        message="Wystąpił nieoczekiwany błąd. Pozostałe części aplikacji działają dalej."
      />
    ),
  });
  type LifecycleProps = Parameters<typeof lifecycles.mount>[0];
  return {
    ...lifecycles,
    preload({ pathname, authToken, earlyReads }: RemotePreloadProps) {
      queryClient ??= createQueryClient();
      options.preload?.({ pathname, client: createApiClient(authToken, earlyReads), queryClient });
    },
    mount: (props: LifecycleProps) => {
      queryClient ??= createQueryClient();
      return lifecycles.mount(props);
    },
    // What one session cached never reaches the next mount (someone else may have signed in).
    unmount: async (props: LifecycleProps) => {
      await lifecycles.unmount(props);
      queryClient?.clear();
      queryClient = null;
    },
  };
}

export { RemoteProviders, useApiClient, useSession, useShell } from './providers';
export { createStandaloneShell, mountStandalone } from './standalone';
export { usePageTrail } from './page-trail';
