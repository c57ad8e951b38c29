import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'shared-ui/routing';
import { themeFor } from 'shared-ui/theme';
import { ShellLayout } from './frame/ShellLayout';
import { ShellRuntimeContext, useObservable, type ShellRuntime } from './frame/shell-context';

function ThemedShell({ runtime }: { runtime: ShellRuntime }) {
  const appearance = useObservable(runtime.appearance);
  return (
    <FluentProvider
      theme={themeFor(appearance)}
      data-theme={appearance.theme}
      data-font-level={appearance.fontLevel}
    >
      <ShellLayout />
    </FluentProvider>
  );
}

export function App({ runtime }: { runtime: ShellRuntime }) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <ShellRuntimeContext.Provider value={runtime}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ThemedShell runtime={runtime} />
        </BrowserRouter>
      </QueryClientProvider>
    </ShellRuntimeContext.Provider>
  );
}
