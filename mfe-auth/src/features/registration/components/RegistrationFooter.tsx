import { Button, Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { AppLink } from 'shared-ui/components';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { REQUIRED_FIELDS_NOTE } from '@formularze/domain/schemas/passwords';

const useStyles = makeStyles({
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface RegistrationFooterProps {
  submitLabel: string;
  /** Why the button is disabled is told by the fields themselves (strength meter, captcha). */
  disabled: boolean;
  pending: boolean;
  pendingLabel: string;
}

/** Submit (with progress while the registration runs), the required-fields note and the way back. */
export function RegistrationFooter({
  submitLabel,
  disabled,
  pending,
  pendingLabel,
}: RegistrationFooterProps) {
  const styles = useStyles();
  return (
    <>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={disabled || pending}>
          {submitLabel}
        </Button>
        {pending && <Spinner size="tiny" label={pendingLabel} aria-live="polite" />}
      </div>
      <Caption1>{REQUIRED_FIELDS_NOTE}</Caption1>
      <AppLink to={pathTo(AUTH_ROUTES.login)}>Masz już konto? Zaloguj się</AppLink>
    </>
  );
}
