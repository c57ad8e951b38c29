import { Button, Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { AppLink, FormCard } from 'shared-ui/components';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { REQUIRED_FIELDS_NOTE } from '@formularze/domain/schemas/passwords';
import type { RegistrationForm } from './useRegistrationForm';

const useStyles = makeStyles({
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface RegistrationCardProps {
  title: string;
  /** The choice between joining and founding, above the fields. */
  modeSwitch: ReactNode;
  registration: Pick<RegistrationForm, 'failure' | 'submit' | 'ready' | 'pending'>;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}

/**
 * A registration form's card: the mode switch, the fields, then submit (with progress while the
 * registration runs), the required-fields note and the way back. Why the button is disabled is told
 * by the fields themselves (strength meter, captcha).
 */
export function RegistrationCard({
  title,
  modeSwitch,
  registration,
  submitLabel,
  pendingLabel,
  children,
}: RegistrationCardProps) {
  const styles = useStyles();
  return (
    <FormCard title={title} error={registration.failure} onSubmit={registration.submit}>
      {modeSwitch}
      {children}
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={!registration.ready || registration.pending}>
          {submitLabel}
        </Button>
        {registration.pending && <Spinner size="tiny" label={pendingLabel} aria-live="polite" />}
      </div>
      <Caption1>{REQUIRED_FIELDS_NOTE}</Caption1>
      <AppLink to={pathTo(AUTH_ROUTES.login)}>Masz już konto? Zaloguj się</AppLink>
    </FormCard>
  );
}
