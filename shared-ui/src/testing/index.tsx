import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ShellContract } from 'shared-ui/contract';
import { createStandaloneShell, RemoteProviders } from 'shared-ui/remote';
import type { RemoteName } from 'shared-ui/schemas';

/**
 * Renders a remote's screen the way the shell mounts it: with the contract, theme, query client
 * and router, at `path`. Returns the contract so a test can assert on what the screen asked of the shell.
 */
export function renderInRemote(
  remote: RemoteName,
  ui: ReactElement,
  { path = '/', shell: overrides = {} }: { path?: string; shell?: Partial<ShellContract> } = {},
): RenderResult & { shell: ShellContract } {
  window.history.replaceState(null, '', path);
  const shell = createStandaloneShell(remote, overrides);
  return { ...render(<RemoteProviders shell={shell}>{ui}</RemoteProviders>), shell };
}
