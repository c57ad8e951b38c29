import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useObservable, useShellRuntime } from '../frame/shell-context';

const useStyles = makeStyles({
  stack: {
    position: 'fixed',
    insetInlineEnd: tokens.spacingHorizontalL,
    insetBlockEnd: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxWidth: 'min(480px, calc(100vw - 32px))',
    zIndex: 1000,
  },
});

export function Alerts() {
  const styles = useStyles();
  const { alerts } = useShellRuntime();
  const shown = useObservable(alerts);
  return (
    <div className={styles.stack} aria-live="polite">
      {shown.map((alert) => (
        <MessageBar
          key={alert.id}
          intent={alert.isError ? 'error' : 'success'}
          onClick={() => alerts.dismiss(alert.id)}
        >
          <MessageBarBody>{alert.text}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label="Zamknij"
                icon={<DismissRegular />}
                onClick={() => alerts.dismiss(alert.id)}
              />
            }
          />
        </MessageBar>
      ))}
    </div>
  );
}
