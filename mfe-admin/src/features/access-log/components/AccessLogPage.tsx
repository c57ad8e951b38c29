import {
  Button,
  Field,
  Input,
  makeStyles,
  Select,
  Spinner,
  TableCell,
  TableRow,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ColumnsTable, EmptyTable, ErrorPanel, Pagination, saveBlob } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  ACCESS_OPERATION_LABELS,
  ACCESS_OPERATIONS,
  type AccessAuditEntry,
  type AccessAuditFilter,
  type AccessOperation,
} from '@formularze/domain/schemas/access-audit';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { ACCESS_LOG_CSV_FILE_NAME, accessLogQuery, downloadAccessLog } from '../api';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  export: { marginInlineStart: 'auto' },
  wrap: { overflowWrap: 'anywhere' },
});

export const ACCESS_LOG_TITLE = 'Dziennik dostępu';
const PAGE_SIZES = [20, 50, 100] as const;
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

const id = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);
/** The start of a day typed in the browser's time zone; `to` ends with the day it names. */
const dayStart = (day: string, plusDays = 0) => {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00`);
  start.setDate(start.getDate() + plusDays);
  return start.toISOString();
};

function filterOf(form: FilterForm): AccessAuditFilter {
  return {
    patientId: id(form.patientId),
    actorId: id(form.actorId),
    operation: form.operation || undefined,
    from: dayStart(form.from),
    to: dayStart(form.to, 1),
  };
}

function EntryRow({ entry }: { entry: AccessAuditEntry }) {
  const styles = useStyles();
  return (
    <TableRow>
      <TableCell>{formatDateTime(entry.occurredAt)}</TableCell>
      <TableCell className={styles.wrap}>
        {entry.actor ? `${entry.actor.name ?? `Konto ${entry.actor.id}`} (${entry.actor.role ?? '—'})` : '—'}
      </TableCell>
      <TableCell>{ACCESS_OPERATION_LABELS[entry.operation as AccessOperation] ?? entry.operation}</TableCell>
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
  const shell = useShell();
  const client = useApiClient();
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTER);
  const [filter, setFilter] = useState<AccessAuditFilter>({});
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const entries = useQuery({
    ...accessLogQuery(client, filter, { page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation({
    mutationFn: () => downloadAccessLog(client, filter),
    onSuccess: (csv) => saveBlob(csv, ACCESS_LOG_CSV_FILE_NAME),
    onError: () => shell.alerts.show({ text: 'Nie udało się wyeksportować dziennika.', isError: true }),
  });

  useEffect(() => shell.page.setTitle(ACCESS_LOG_TITLE), [shell]);

  const field = (name: keyof FilterForm) => ({
    value: form[name],
    onChange: (_: unknown, data: { value: string }) =>
      setForm((previous) => ({ ...previous, [name]: data.value })),
  });

  return (
    <div className={styles.page}>
      <Title2 as="h2">{ACCESS_LOG_TITLE}</Title2>
      <form
        className={styles.filters}
        aria-label="Filtry dziennika"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter(filterOf(form));
          setPage(0);
        }}
      >
        <Field label="Pacjent (identyfikator)">
          <Input inputMode="numeric" {...field('patientId')} />
        </Field>
        <Field label="Pracownik (identyfikator)">
          <Input inputMode="numeric" {...field('actorId')} />
        </Field>
        <Field label="Operacja">
          <Select {...field('operation')}>
            <option value="">Wszystkie</option>
            {ACCESS_OPERATIONS.map((operation) => (
              <option key={operation} value={operation}>
                {ACCESS_OPERATION_LABELS[operation]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Od dnia">
          <Input type="date" {...field('from')} />
        </Field>
        <Field label="Do dnia">
          <Input type="date" {...field('to')} />
        </Field>
        <Button type="submit" appearance="primary">
          Filtruj
        </Button>
        <Button className={styles.export} disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          Eksportuj do CSV
        </Button>
      </form>
      {entries.isError && !entries.data && (
        <ErrorPanel
          title="Nie udało się wczytać dziennika"
          message="Spróbuj ponownie później."
          onRetry={() => void entries.refetch()}
        />
      )}
      {!entries.data && entries.isPending && <Spinner label="Wczytywanie dziennika" />}
      {entries.data && entries.data.totalElements === 0 && (
        <EmptyTable label={ACCESS_LOG_TITLE} columns={COLUMNS} emptyText="Brak wpisów dla tych filtrów." />
      )}
      {entries.data && entries.data.totalElements > 0 && (
        <>
          <ColumnsTable aria-label={ACCESS_LOG_TITLE} aria-busy={entries.isFetching} columns={COLUMNS}>
            {entries.data.content.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ColumnsTable>
          <Pagination
            page={page}
            pageSize={pageSize}
            totalElements={entries.data.totalElements}
            pageSizes={PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            label="Strony dziennika dostępu"
          />
        </>
      )}
    </div>
  );
}
