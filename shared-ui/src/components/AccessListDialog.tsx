import { Button, makeStyles, mergeClasses, SearchBox, Spinner, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { displayName, type CurrentPerson } from '@formularze/domain/schemas/persons';
import { ActionsDialog } from './ActionsDialog';
import { ErrorPanel } from './ErrorPanel';

const useStyles = makeStyles({
  surface: { maxWidth: '56rem', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** How loading the list goes (a TanStack Query result fits). */
export interface AccessListQuery {
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
}

export interface AccessListDialogProps {
  title: ReactNode;
  query: AccessListQuery;
  /** The spinner's label and the failed load's title. */
  texts: { loading: string; loadError: string };
  /** Whether there is something to save (and no save under way). */
  canSave: boolean;
  onSave(): void;
  onClose(): void;
  surfaceClassName?: string;
  contentClassName?: string;
  /** The list, shown under the spinner or the failed load. */
  children: ReactNode;
  /** Shown over the dialog, e.g. a confirmation. */
  overlay?: ReactNode;
}

/**
 * Who may use something, as every access dialog shows it: the title, a spinner or a failed load with
 * a retry, the list of people or things with their checkboxes, and 'Zapisz' (once there are changes)
 * and 'Anuluj'; Escape closes it.
 */
export function AccessListDialog({
  title,
  query,
  texts,
  canSave,
  onSave,
  onClose,
  surfaceClassName,
  contentClassName,
  children,
  overlay,
}: AccessListDialogProps) {
  const styles = useStyles();
  return (
    <ActionsDialog
      open
      title={title}
      onDismiss={onClose}
      className={mergeClasses(styles.surface, surfaceClassName)}
      contentClassName={mergeClasses(styles.content, contentClassName)}
      overlay={overlay}
      actions={
        <>
          <Button appearance="primary" disabled={!canSave} onClick={onSave}>
            Zapisz
          </Button>
          <Button onClick={onClose}>Anuluj</Button>
        </>
      }
    >
      {query.isPending && <Spinner label={texts.loading} />}
      {query.isError && (
        <ErrorPanel
          title={texts.loadError}
          message="Spróbuj ponownie później."
          onRetry={() => void query.refetch()}
        />
      )}
      {children}
    </ActionsDialog>
  );
}

type Person = Pick<CurrentPerson, 'firstName' | 'surname' | 'mail' | 'phone'>;

/** The people whose name, e-mail or phone contains `search` (case aside, Polish letters included). */
export function peopleMatching<P extends Person>(people: readonly P[], search: string): P[] {
  const needle = search.trim().toLocaleLowerCase('pl');
  return people.filter((person) =>
    [displayName(person), person.mail, person.phone].some((text) =>
      text?.toLocaleLowerCase('pl').includes(needle),
    ),
  );
}

/** The search over an access list's people. */
export function PersonSearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <SearchBox
      aria-label="Szukaj użytkownika"
      placeholder="Szukaj użytkownika"
      value={value}
      onChange={(_event, data) => onChange(data.value)}
    />
  );
}
