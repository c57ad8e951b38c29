import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { AppLink } from 'shared-ui/components';
import { attemptsWarning, blockDurationText } from '../login-failures';

export interface LoginFeedbackProps {
  /** Attempts left after the last failure; 0 once the login is blocked. */
  attemptsLeft: number | null;
  /** The retry hint's turn (after repeated wrong passwords, for a while). */
  retryHintShown: boolean;
  /** The door's password recovery page. */
  resetPath: string;
}

/**
 * Below the error: the attempts-left warning, the retry hint for a while after repeated failures,
 * or, once the login is blocked, how long the block lasts. Each offers the way to a new password.
 */
export function LoginFeedback({ attemptsLeft, retryHintShown, resetPath }: LoginFeedbackProps) {
  const warning = attemptsWarning(attemptsLeft);
  const blocked = attemptsLeft === 0;
  return (
    <>
      {warning && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>{warning}</MessageBarBody>
        </MessageBar>
      )}
      {blocked && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>
            {blockDurationText()} Możesz też <AppLink to={resetPath}>ustawić nowe hasło</AppLink>.
          </MessageBarBody>
        </MessageBar>
      )}
      {retryHintShown && !blocked && (
        <MessageBar intent="info" role="status">
          <MessageBarBody>
            Spróbuj poprawnie wpisać hasło lub <AppLink to={resetPath}>Ustaw nowe hasło</AppLink>
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
