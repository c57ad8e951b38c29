import { Button, Field, Input, makeStyles, TableCell, TableRow, Title2 } from '@fluentui/react-components';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadingTexts, saveBlob, usePageStyles } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  ACCESS_OPERATIONS,
  operationLabel,
  type AccessAuditEntry,
  type AccessAuditFilter,
  type AccessOperation,
} from '@formularze/domain/schemas/access-audit';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { LogFilters } from '../../../shared/LogFilters';
import { actorText, LogTable } from '../../../shared/LogTable';
import { periodOf, typedId, useLogFilter } from '../../../shared/log-filter';
import { ACCESS_LOG_CSV_FILE_NAME, accessLogQuery, downloadAccessLog } from '../api';

const useStyles = makeStyles({
  export: { marginInlineStart: 'auto' },
  wrap: { overflowWrap: 'anywhere' },
});

export const ACCESS_LOG_TITLE = 'Dziennik dostępu';
const COLUMNS = ['Czas', 'Kto', 'Operacja', 'Pacjenci', 'Liczba wierszy', 'Adres IP'];

/** The filter's fields as typed: ids and days as text, empty when not used. */
interface FilterForm {
  patientId: string;
  actorId: string;
  operation: AccessOperation | '';
  from: string;
  to: string;
}

const EMPTY_FILTER: FilterForm = { patientId: '', actorId: '', operation: '', from: '', to: '' };

function filterOf(form: FilterForm): AccessAuditFilter {
  return {
    patientId: typedId(form.patientId),
    actorId: typedId(form.actorId),
    operation: form.operation || undefined,
    ...periodOf(form),
  };
}

function EntryRow({ entry }: { entry: AccessAuditEntry }) {
  const styles = useStyles();
  return (
    <TableRow>
      <TableCell>{formatDateTime(entry.occurredAt)}</TableCell>
      <TableCell className={styles.wrap}>{actorText(entry.actor)}</TableCell>
      <TableCell>{operationLabel(entry.operation)}</TableCell>
      <TableCell className={styles.wrap}>{entry.patientIds.join(', ') || '—'}</TableCell>
      <TableCell>{entry.rowCount ?? '—'}</TableCell>
      <TableCell>{entry.ip ?? '—'}</TableCell>
    </TableRow>
  );
}

/**
 * `/access-log`: who at the organization read or changed patients' data, signed in or out, was
 * locked out or changed roles (ADR 415), filtered, paged and exported as CSV (the owner).
 */
export function AccessLogPage() {
  const styles = useStyles();
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const { box, submit, filter, paging } = useLogFilter(EMPTY_FILTER, filterOf);
  const entries = useQuery({
    ...accessLogQuery(client, filter, { page: paging.page, pageSize: paging.pageSize }),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation({
    mutationFn: () => downloadAccessLog(client, filter),
    onSuccess: (csv) => saveBlob(csv, ACCESS_LOG_CSV_FILE_NAME),
    onError: () => shell.alerts.show({ text: 'Nie udało się wyeksportować dziennika.', isError: true }),
  });

  useEffect(() => shell.page.setTitle(ACCESS_LOG_TITLE), [shell]);

  return (
    <div className={pageStyles.page}>
      <Title2 as="h2">{ACCESS_LOG_TITLE}</Title2>
      <LogFilters
        label="Filtry dziennika"
        operations={ACCESS_OPERATIONS}
        box={box}
        onSubmit={submit}
        actions={
          <Button className={styles.export} disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            Eksportuj do CSV
          </Button>
        }
      >
        <Field label="Pacjent (identyfikator)">
          <Input inputMode="numeric" {...box('patientId')} />
        </Field>
        <Field label="Pracownik (identyfikator)">
          <Input inputMode="numeric" {...box('actorId')} />
        </Field>
      </LogFilters>
      <LogTable
        query={entries}
        label={ACCESS_LOG_TITLE}
        columns={COLUMNS}
        texts={{
          ...loadingTexts('dziennika'),
          empty: 'Brak wpisów dla tych filtrów.',
          pages: 'Strony dziennika dostępu',
        }}
        paging={paging}
        renderRow={(entry) => <EntryRow key={entry.id} entry={entry} />}
      />
    </div>
  );
}
