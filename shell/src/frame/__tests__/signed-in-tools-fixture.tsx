import { FluentProvider } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ApiClient } from 'shared-ui/api-client';
import { themeFor } from 'shared-ui/theme';
import { createObservable, type SessionSnapshot, type ThemeMode } from '@formularze/domain/contract';
import type { CurrentPerson } from '@formularze/domain/schemas';
import { ShellRuntimeContext, type ShellRuntime } from '../shell-context';
import { SignedInTools } from '../signed-in/SignedInTools';

/**
 * The top bar's signed-in tools for `person`, with the help files the server lists; returns the
 * session, whose `logout` is a mock.
 */
export function renderSignedInTools(
  person: CurrentPerson,
  { installedHelpFiles = [], theme = 'light' }: { installedHelpFiles?: string[]; theme?: ThemeMode } = {},
) {
  const session = Object.assign(createObservable<SessionSnapshot>({ status: 'authenticated', person }), {
    logout: jest.fn(async () => undefined),
  });
  const api = { get: jest.fn(async () => ({ data: { files: installedHelpFiles } })) } as unknown as ApiClient;
  const appearance = createObservable({ theme, fontLevel: 0 as const });
  render(
    <ShellRuntimeContext.Provider value={{ session, api, appearance } as unknown as ShellRuntime}>
      <QueryClientProvider client={new QueryClient()}>
        <FluentProvider theme={themeFor({ theme, fontLevel: 0 })}>
          <SignedInTools toolClassName="" />
        </FluentProvider>
      </QueryClientProvider>
    </ShellRuntimeContext.Provider>,
  );
  return session;
}
