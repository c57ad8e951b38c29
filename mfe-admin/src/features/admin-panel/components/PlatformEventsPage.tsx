import { Field, Input, makeStyles, Spinner, TableCell, TableRow, Title2 } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';
import { loadingTexts, usePageStyles } from 'shared-ui/components';
import { Link, Navigate } from 'shared-ui/routing';
import { ADMIN_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  operationLabel,
  PLATFORM_OPERATIONS,
  type PlatformEvent,
  type PlatformEventsFilter,
  type PlatformOperation,
} from '@formularze/domain/schemas/access-audit';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { LogFilters } from '../../../shared/LogFilters';
import { actorText, LogTable } from '../../../shared/LogTable';
import { periodOf, typedId, useLogFilter } from '../../../shared/log-filter';
import { ownerToken, platformEventsQuery, useOwnerCheck, useOwnerClient } from '../api';

const useStyles = makeStyles({
  wrap: { overflowWrap: 'anywhere' },
});

export const PLATFORM_EVENTS_TITLE = 'Zdarzenia platformy';
const COLUMNS = ['Czas', 'Organizacja', 'Kto', 'Operacja', 'Szczegóły', 'Adres IP', 'Przeglądarka'];

/** The filter's fields as typed: the organization's id and days as text, empty when not used. */
interface FilterForm {
  organizationId: string;
  operation: PlatformOperation | '';
  from: string;
  to: string;
}

const EMPTY_FILTER: FilterForm = { organizationId: '', operation: '', from: '', to: '' };

function filterOf(form: FilterForm): PlatformEventsFilter {
  return {
    organizationId: typedId(form.organizationId),
    operation: form.operation || undefined,
    ...periodOf(form),
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
      <TableCell className={styles.wrap}>{actorText(event.actor)}</TableCell>
      <TableCell>{operationLabel(event.operation)}</TableCell>
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
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useOwnerClient();
  const check = useOwnerCheck();
  const { box, submit, filter, paging } = useLogFilter(EMPTY_FILTER, filterOf);
  const events = useQuery({
    ...platformEventsQuery(client, filter, { page: paging.page, pageSize: paging.pageSize }),
    enabled: Boolean(check.data),
    placeholderData: keepPreviousData,
  });

  useEffect(() => shell.page.setTitle(PLATFORM_EVENTS_TITLE), [shell]);

  if (!ownerToken.get() || check.isError) return <Navigate to={pathTo(ADMIN_ROUTES.adminLogin)} replace />;
  if (!check.data) return <Spinner label="Sprawdzanie uprawnień" />;

  return (
    <section className={pageStyles.page} aria-labelledby="platform-events-heading">
      <Link to={pathTo(ADMIN_ROUTES.adminPanel)}>Wróć do panelu administracyjnego</Link>
      <Title2 as="h2" id="platform-events-heading">
        {PLATFORM_EVENTS_TITLE}
      </Title2>
      <LogFilters label="Filtry zdarzeń" operations={PLATFORM_OPERATIONS} box={box} onSubmit={submit}>
        <Field label="Organizacja (identyfikator)">
          <Input inputMode="numeric" {...box('organizationId')} />
        </Field>
      </LogFilters>
      <LogTable
        query={events}
        label={PLATFORM_EVENTS_TITLE}
        columns={COLUMNS}
        texts={{
          ...loadingTexts('zdarzeń'),
          empty: 'Brak zdarzeń dla tych filtrów.',
          pages: 'Strony zdarzeń platformy',
        }}
        paging={paging}
        renderRow={(event) => <EventRow key={event.id} event={event} />}
      />
    </section>
  );
}
