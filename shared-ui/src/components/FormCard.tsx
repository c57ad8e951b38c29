import { MessageBar, MessageBarBody, Title2 } from '@fluentui/react-components';
import type { FormEventHandler, ReactNode } from 'react';
import { usePageStyles } from './page-styles';

export interface FormCardProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown above the fields when the last submission failed. */
  error?: string | null;
  children: ReactNode;
}

/** A narrow, centred form with a heading and its error: login, password and similar screens. */
export function FormCard({ title, onSubmit, error, children }: FormCardProps) {
  const styles = usePageStyles();
  return (
    <form className={styles.narrow} onSubmit={onSubmit} noValidate>
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
