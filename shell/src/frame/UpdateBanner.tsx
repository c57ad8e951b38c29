import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

export function UpdateBanner({ onRefresh }: { onRefresh: () => void }) {
  return (
    <MessageBar intent="info" role="status">
      <MessageBarBody>Dostępna jest nowa wersja aplikacji</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={onRefresh}>
          Odśwież
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
