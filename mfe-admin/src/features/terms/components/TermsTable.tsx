import { Badge, Button, Link, makeStyles, TableCell, TableRow, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { ColumnsTable, ConfirmDialog, EmptyTable } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { formatDate } from '@formularze/domain/schemas/display-format';
import {
  TERMS_ALERT_TIMEOUT_MS,
  termsErrorMessage,
  type ManagedTerms,
} from '@formularze/domain/schemas/terms';
import { organizationTermsQuery, removeTerms } from '../api';
import { termsStatuses, type TermsStatus } from '../terms-status';

const useStyles = makeStyles({
  removed: { textDecorationLine: 'line-through', color: tokens.colorNeutralForeground3 },
});

const COLUMNS = ['Nazwa', 'Obowiązuje od', 'Plik', 'Status', 'Akcje'] as const;

const STATUS_COLORS: Record<TermsStatus, 'success' | 'informative' | 'subtle' | 'danger'> = {
  aktualny: 'success',
  przyszły: 'informative',
  poprzedni: 'subtle',
  usunięty: 'danger',
};

export const TERMS_REMOVED_MESSAGE = 'Regulamin został usunięty.';

function removalFailure(error: unknown): string {
  const body = apiErrorOf(error);
  if (body?.code === 'cant-remove-used-terms') return termsErrorMessage(body.code)!;
  return `Błąd usuwania regulaminu, (${body?.message ?? 'brak połączenia z serwerem'})`;
}

/** The organization's terms, newest start first; removed ones struck through and labelled. */
export function TermsTable({ terms }: { terms: readonly ManagedTerms[] }) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [toRemove, setToRemove] = useState<ManagedTerms | null>(null);
  const statuses = termsStatuses(terms);

  const remove = useMutation({
    mutationFn: (item: ManagedTerms) => removeTerms(client, item.id),
    onSuccess: () => {
      shell.alerts.show({ text: TERMS_REMOVED_MESSAGE, timeoutMs: TERMS_ALERT_TIMEOUT_MS });
      return queryClient.invalidateQueries({ queryKey: organizationTermsQuery(client).queryKey });
    },
    onError: (error) =>
      shell.alerts.show({ text: removalFailure(error), isError: true, timeoutMs: TERMS_ALERT_TIMEOUT_MS }),
    onSettled: () => setToRemove(null),
  });

  if (terms.length === 0) {
    return (
      <EmptyTable
        label="Regulaminy organizacji"
        columns={COLUMNS}
        emptyText="Nie dodano jeszcze regulaminu."
      />
    );
  }
  return (
    <>
      <ColumnsTable aria-label="Regulaminy organizacji" columns={COLUMNS}>
        {terms.map((item) => {
          const status = statuses.get(item.id)!;
          const removed = status === 'usunięty';
          return (
            <TableRow key={item.id}>
              <TableCell>
                {/* Struck through for the eye; the status column says it in words. */}
                {removed ? <del className={styles.removed}>{item.name}</del> : item.name}
              </TableCell>
              <TableCell className={removed ? styles.removed : undefined}>
                {formatDate(item.activeSince)}
              </TableCell>
              <TableCell>
                <Link
                  href={item.link}
                  target="_blank"
                  rel="noopener"
                  aria-label={`PDF regulaminu ${item.name}`}
                >
                  PDF
                </Link>
              </TableCell>
              <TableCell>
                <Badge appearance="outline" color={STATUS_COLORS[status]}>
                  {status}
                </Badge>
              </TableCell>
              <TableCell>
                {!removed && (
                  <Button
                    size="small"
                    onClick={() => setToRemove(item)}
                    aria-label={`Usuń regulamin ${item.name}`}
                  >
                    Usuń
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </ColumnsTable>
      <ConfirmDialog
        open={toRemove !== null}
        title="Usunąć regulamin?"
        confirmLabel="Usuń"
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove)}
        onCancel={() => setToRemove(null)}
      >
        Regulamin {toRemove?.name} zostanie oznaczony jako usunięty i przestanie obowiązywać. Tej operacji nie
        można cofnąć.
      </ConfirmDialog>
    </>
  );
}
