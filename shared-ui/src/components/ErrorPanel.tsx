import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalXL,
  },
});

export interface ErrorPanelProps {
  title: string;
  message: string;
  /** Shown as a "Spróbuj ponownie" button when given. */
  onRetry?: () => void;
}

/** A failure inside one area of the product: says what happened and offers a retry. */
export function ErrorPanel({ title, message, onRetry }: ErrorPanelProps) {
  const styles = useStyles();
  return (
    <section className={styles.root} role="alert" aria-live="assertive">
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{title}</MessageBarTitle>
          {message}
        </MessageBarBody>
      </MessageBar>
      {onRetry && (
        <Button appearance="primary" onClick={onRetry}>
          Spróbuj ponownie
        </Button>
      )}
    </section>
  );
}
