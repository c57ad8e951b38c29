import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import type { ShownAlert } from './alert-store';

/** The alerts on screen; each closes on click anywhere on it or on its close button. */
export function AlertMessages({ alerts, dismiss }: { alerts: ShownAlert[]; dismiss(id: string): void }) {
  return alerts.map((alert) => (
    <MessageBar key={alert.id} intent={alert.isError ? 'error' : 'success'} onClick={() => dismiss(alert.id)}>
      <MessageBarBody>{alert.text}</MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            aria-label="Zamknij"
            icon={<DismissRegular />}
            onClick={() => dismiss(alert.id)}
          />
        }
      />
    </MessageBar>
  ));
}
