import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Component,
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { GuardedBrowserRouter } from 'shared-ui/routing';
import type { SessionSnapshot, ShellContract } from '@formularze/domain/contract';
import { themeFor } from 'shared-ui/theme';
import { ErrorPanel } from 'shared-ui/components';
import { createApiClient, type ApiClient } from 'shared-ui/api-client';

const ShellContext = createContext<ShellContract | null>(null);
const GivenApiClientContext = createContext<ApiClient | null>(null);

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

export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

/** Providers every remote renders in: the contract, the shell's theme, a query client and a router. */
export function RemoteProviders({
  shell,
  buildVersion,
  queryClient: givenQueryClient,
  apiClient = null,
  children,
}: {
  shell: ShellContract;
  /** The package version the remote was built from, shown to support staff in the DOM. */
  buildVersion?: string;
  /** The area's query client, when it already holds what the area preloaded; a new one otherwise. */
  queryClient?: QueryClient;
  /** The client the area's screens call the API with (a test's fake); by default one on the shell's token. */
  apiClient?: ApiClient | null;
  children: ReactNode;
}) {
  const appearance = useSyncExternalStore(shell.appearance.subscribe, shell.appearance.get);
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const theme = useMemo(() => themeFor(appearance), [appearance]);
  return (
    <ShellContext.Provider value={shell}>
      <GivenApiClientContext.Provider value={apiClient}>
        <FluentProvider
          theme={theme}
          data-theme={appearance.theme}
          data-font-level={appearance.fontLevel}
          data-build-version={buildVersion}
        >
          <QueryClientProvider client={queryClient}>
            <GuardedBrowserRouter>
              <RemoteErrorBoundary>{children}</RemoteErrorBoundary>
            </GuardedBrowserRouter>
          </QueryClientProvider>
        </FluentProvider>
      </GivenApiClientContext.Provider>
    </ShellContext.Provider>
  );
}

/** The product's API client, sending this user's session token, unless the area was given one. */
export function useApiClient(): ApiClient {
  const shell = useShell();
  const givenClient = useContext(GivenApiClientContext);
  return useMemo(() => givenClient ?? createApiClient(shell.authToken), [givenClient, shell]);
}
