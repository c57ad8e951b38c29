import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import type { ActiveRemote } from '@formularze/domain/schemas';
import { useShellRuntime } from './shell-context';

/** `mfe-results z localhost:3004` for each area this browser takes from a developer's machine. */
export function devOverrideText(remotes: readonly ActiveRemote[]): string {
  return remotes.map((remote) => `${remote.name} z ${new URL(remote.entryUrl).host}`).join(', ');
}

/**
 * Says, on every page, that an area comes from a developer's machine rather than from its
 * deployment, and turns that off for this browser.
 */
export function DevOverrideBanner({ remotes }: { remotes: readonly ActiveRemote[] }) {
  const { api, alerts } = useShellRuntime();
  const [busy, setBusy] = useState(false);
  const turnOff = async () => {
    setBusy(true);
    try {
      await api.delete('/api/remotes/dev-overrides');
      window.location.reload();
    } catch {
      setBusy(false);
      alerts.show({ text: 'Nie udało się wyłączyć wersji deweloperskiej.', isError: true });
    }
  };
  return (
    <MessageBar intent="warning" role="status">
      <MessageBarBody>Wersja deweloperska: {devOverrideText(remotes)}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" disabled={busy} onClick={() => void turnOff()}>
          Wyłącz
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
