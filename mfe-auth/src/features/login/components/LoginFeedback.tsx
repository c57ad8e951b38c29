import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { attemptsWarning } from '../login-failures';

/** Below the error: the attempts-left warning and, for a while after repeated failures, the retry hint. */
export function LoginFeedback({ attemptsLeft, hint }: { attemptsLeft: number | null; hint: string | null }) {
  const warning = attemptsWarning(attemptsLeft);
  return (
    <>
      {warning && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>{warning}</MessageBarBody>
        </MessageBar>
      )}
      {hint && (
        <MessageBar intent="info" role="status">
          <MessageBarBody>{hint}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
