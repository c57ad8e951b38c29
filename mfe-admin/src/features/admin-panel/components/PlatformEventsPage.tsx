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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ColumnsTable, EmptyTable, ErrorPanel, Pagination } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { Link, Navigate } from 'shared-ui/routing';
import { ADMIN_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  ACCESS_OPERATION_LABELS,
  PLATFORM_OPERATIONS,
  type AccessOperation,
  type PlatformEvent,
  type PlatformEventsFilter,
  type PlatformOperation,
} from '@formularze/domain/schemas/access-audit';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { ownerToken, platformEventsQuery, useOwnerCheck, useOwnerClient } from '../api';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  wrap: { overflowWrap: 'anywhere' },
});

export const PLATFORM_EVENTS_TITLE = 'Zdarzenia platformy';
const PAGE_SIZES = [20, 50, 100] as const;
const COLUMNS = ['Czas', 'Organizacja', 'Kto', 'Operacja', 'Szczegóły', 'Adres IP', 'Przeglądarka'];

/** The filter's fields as typed: the organization's id and days as text, empty when not used. */
interface FilterForm {
  organizationId: string;
  operation: PlatformOperation | '';
  from: string;
  to: string;
}

const EMPTY_FILTER: FilterForm = { organizationId: '', operation: '', from: '', to: '' };

const id = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);
/** The start of a day typed in the browser's time zone; `to` ends with the day it names. */
const dayStart = (day: string, plusDays = 0) => {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00:00`);
  start.setDate(start.getDate() + plusDays);
  return start.toISOString();
};

function filterOf(form: FilterForm): PlatformEventsFilter {
  return {
    organizationId: id(form.organizationId),
    operation: form.operation || undefined,
    from: dayStart(form.from),
    to: dayStart(form.to, 1),
  };
}

/** What a change of roles changed, or a key's label, as short text. */
function detailsText(details: unknown): string {
  if (details === null || details === undefined) return '—';
  const text = JSON.stringify(details);
  return text === '{}' ? '—' : text;
}

function EventRow({ event }: { event: PlatformEvent }) {
  const styles = useStyles();
  return (
    <TableRow>
      <TableCell>{formatDateTime(event.occurredAt)}</TableCell>
      <TableCell className={styles.wrap}>
        {event.organization
          ? `${event.organization.name ?? 'Organizacja'} (${event.organization.id})`
          : 'Platforma'}
      </TableCell>
      <TableCell className={styles.wrap}>
        {event.actor ? `${event.actor.name ?? `Konto ${event.actor.id}`} (${event.actor.role ?? '—'})` : '—'}
      </TableCell>
      <TableCell>{ACCESS_OPERATION_LABELS[event.operation as AccessOperation] ?? event.operation}</TableCell>
      <TableCell className={styles.wrap}>{detailsText(event.details)}</TableCell>
      <TableCell>{event.ip ?? '—'}</TableCell>
      <TableCell className={styles.wrap}>{event.userAgent ?? '—'}</TableCell>
    </TableRow>
  );
}

/**
 * `/admin-panel/events`: the platform's events for the super-admin (ADR 418): sign-ins, sign-outs
 * and lockouts of staff and platform accounts, role changes, API keys; never a patient's data.
 * Filtered by organization, operation and period, paged, newest first.
 */
export function PlatformEventsPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useOwnerClient();
  const check = useOwnerCheck();
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTER);
  const [filter, setFilter] = useState<PlatformEventsFilter>({});
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const events = useQuery({
    ...platformEventsQuery(client, filter, { page, pageSize }),
    enabled: Boolean(check.data),
    placeholderData: keepPreviousData,
  });

  useEffect(() => shell.page.setTitle(PLATFORM_EVENTS_TITLE), [shell]);

  if (!ownerToken.get() || check.isError) return <Navigate to={pathTo(ADMIN_ROUTES.adminLogin)} replace />;
  if (!check.data) return <Spinner label="Sprawdzanie uprawnień" />;

  const field = (name: keyof FilterForm) => ({
    value: form[name],
    onChange: (_: unknown, data: { value: string }) =>
      setForm((previous) => ({ ...previous, [name]: data.value })),
  });

  return (
    <section className={styles.page} aria-labelledby="platform-events-heading">
      <Link to={pathTo(ADMIN_ROUTES.adminPanel)}>Wróć do panelu administracyjnego</Link>
      <Title2 as="h2" id="platform-events-heading">
        {PLATFORM_EVENTS_TITLE}
      </Title2>
      <form
        className={styles.filters}
        aria-label="Filtry zdarzeń"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter(filterOf(form));
          setPage(0);
        }}
      >
        <Field label="Organizacja (identyfikator)">
          <Input inputMode="numeric" {...field('organizationId')} />
        </Field>
        <Field label="Operacja">
          <Select {...field('operation')}>
            <option value="">Wszystkie</option>
            {PLATFORM_OPERATIONS.map((operation) => (
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
      </form>
      {events.isError && !events.data && (
        <ErrorPanel
          title="Nie udało się wczytać zdarzeń"
          message="Spróbuj ponownie później."
          onRetry={() => void events.refetch()}
        />
      )}
      {!events.data && events.isPending && <Spinner label="Wczytywanie zdarzeń" />}
      {events.data && events.data.totalElements === 0 && (
        <EmptyTable
          label={PLATFORM_EVENTS_TITLE}
          columns={COLUMNS}
          emptyText="Brak zdarzeń dla tych filtrów."
        />
      )}
      {events.data && events.data.totalElements > 0 && (
        <>
          <ColumnsTable aria-label={PLATFORM_EVENTS_TITLE} aria-busy={events.isFetching} columns={COLUMNS}>
            {events.data.content.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ColumnsTable>
          <Pagination
            page={page}
            pageSize={pageSize}
            totalElements={events.data.totalElements}
            pageSizes={PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            label="Strony zdarzeń platformy"
          />
        </>
      )}
    </section>
  );
}
