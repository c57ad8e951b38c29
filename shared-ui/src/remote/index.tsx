import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Component,
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import * as ReactDOMClient from 'react-dom/client';
import * as React from 'react';
import { BrowserRouter } from 'shared-ui/routing';
import singleSpaReact from 'single-spa-react';
import type {
  RemoteMountProps,
  RemotePreloadProps,
  SessionSnapshot,
  ShellContract,
} from 'shared-ui/contract';
import { themeFor } from 'shared-ui/theme';
import { ErrorPanel } from 'shared-ui/components';
import { createApiClient, type ApiClient } from 'shared-ui/api-client';

const ShellContext = createContext<ShellContract | null>(null);

/** The shell contract inside a remote's React tree. */
export function useShell(): ShellContract {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell() needs to be called inside a remote mounted by the shell');
  return shell;
}

/** The shell's session (status and signed-in person), re-rendering when it changes. */
export function useSession(): SessionSnapshot {
  const shell = useShell();
  return useSyncExternalStore(shell.session.subscribe, shell.session.get);
}

class RemoteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <ErrorPanel
          title="Ten widok przestał działać"
          message="Wystąpił nieoczekiwany błąd. Pozostałe części aplikacji działają dalej."
          onRetry={() => this.setState({ failed: false })}
        />
      );
    }
    return this.props.children;
  }
}

const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

/** Providers every remote renders in: the contract, the shell's theme, a query client and a router. */
export function RemoteProviders({
  shell,
  buildVersion,
  queryClient: givenQueryClient,
  children,
}: {
  shell: ShellContract;
  /** The package version the remote was built from, shown to support staff in the DOM. */
  buildVersion?: string;
  /** The area's query client, when it already holds what the area preloaded; a new one otherwise. */
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const appearance = useSyncExternalStore(shell.appearance.subscribe, shell.appearance.get);
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const theme = useMemo(() => themeFor(appearance), [appearance]);
  return (
    <ShellContext.Provider value={shell}>
      <FluentProvider
        theme={theme}
        data-theme={appearance.theme}
        data-font-level={appearance.fontLevel}
        data-build-version={buildVersion}
      >
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <RemoteErrorBoundary>{children}</RemoteErrorBoundary>
          </BrowserRouter>
        </QueryClientProvider>
      </FluentProvider>
    </ShellContext.Provider>
  );
}

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

/** The product's API client, sending this user's session token. */
export function useApiClient(): ApiClient {
  const shell = useShell();
  return useMemo(() => createApiClient(shell.authToken), [shell]);
}

export { createStandaloneShell, mountStandalone } from './standalone';
