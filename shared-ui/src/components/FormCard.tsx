import { makeStyles, MessageBar, MessageBarBody, Title2, tokens } from '@fluentui/react-components';
import type { FormEventHandler, ReactNode } from 'react';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '420px',
    margin: '0 auto',
    paddingBlock: tokens.spacingVerticalXXL,
  },
});

export interface FormCardProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown above the fields when the last submission failed. */
  error?: string | null;
  children: ReactNode;
}

/** A narrow, centred form with a heading and its error: login, password and similar screens. */
export function FormCard({ title, onSubmit, error, children }: FormCardProps) {
  const styles = useStyles();
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Title2 as="h2">{title}</Title2>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {children}
    </form>
  );
}
