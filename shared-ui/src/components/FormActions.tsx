import { Button, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalM } });

export interface FormActionsProps {
  /** The submit button's text; 'Zapisz' unless given. */
  submitLabel?: string;
  /** While saving, or when the form may not be sent: the submit button is disabled. */
  disabled: boolean;
  onCancel(): void;
}

/** The end of an edit form: its submit button and 'Anuluj'. */
export function FormActions({ submitLabel = 'Zapisz', disabled, onCancel }: FormActionsProps) {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      <Button appearance="primary" type="submit" disabled={disabled}>
        {submitLabel}
      </Button>
      <Button onClick={onCancel}>Anuluj</Button>
    </div>
  );
}
