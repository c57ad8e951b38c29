import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

export function UpdateBanner() {
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
