import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useFormState, type Control } from 'react-hook-form';
import type { FormValues } from '../fill-model';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalL,
  },
});

export interface FormActionsProps {
  control: Control<FormValues>;
  /** NUMBER fields: one out of range disables both saves (§5). */
  numberKeys: string[];
  canDraft: boolean;
  canDelete: boolean;
  canSave: boolean;
  /** The countdown ran out, or a save is running. */
  locked: boolean;
  onCancel(): void;
  onDraft(): void;
  onDelete(): void;
  onSubmit(): void;
}

/** Anuluj, Zapisz (draft), Usuń (draft) and 'Zapisz i wyślij' (§2). */
export function FormActions({
  control,
  numberKeys,
  canDraft,
  canDelete,
  canSave,
  locked,
  onCancel,
  onDraft,
  onDelete,
  onSubmit,
}: FormActionsProps) {
  const styles = useStyles();
  const { errors } = useFormState({ control, name: numberKeys });
  const numberOutOfRange = numberKeys.some((key) => errors[key]?.type === 'validate');
  const saveDisabled = locked || numberOutOfRange;
  return (
    <div className={styles.root}>
      <Button onClick={onCancel}>Anuluj</Button>
      {canSave && canDraft && (
        <Button disabled={saveDisabled} onClick={onDraft}>
          Zapisz
        </Button>
      )}
      {canSave && canDelete && <Button onClick={onDelete}>Usuń</Button>}
      {canSave && (
        <Button appearance="primary" disabled={saveDisabled} onClick={onSubmit}>
          Zapisz i wyślij
        </Button>
      )}
    </div>
  );
}
