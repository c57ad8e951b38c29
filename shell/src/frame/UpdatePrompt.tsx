import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useObservable, useShellRuntime } from './shell-context';

/** Offers the newer remotes instead of swapping code under the user's feet. */
export function UpdatePrompt() {
  const available = useObservable(useShellRuntime().updateAvailable);
  if (!available) return null;
  return (
    <MessageBar intent="info" role="status">
      <MessageBarBody>Dostępna jest nowa wersja aplikacji</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={() => window.location.reload()}>
          Odśwież
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
