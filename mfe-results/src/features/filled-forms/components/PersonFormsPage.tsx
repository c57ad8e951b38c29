import { Spinner, TableCell, TableRow, Title2 } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppLink, ColumnsTable, EmptyTable, ErrorPanel } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { FORM_STATUS_LABELS } from '@formularze/domain/schemas/forms';
import { personOverviewQuery } from '../api';

const COLUMNS = ['Formularz', 'Wersja', 'Projekt', 'Status', 'Ostatnie wypełnienie', 'Odpowiedzi'] as const;

/** `/filled-forms/all/user/{personId}`: a person's forms, each edition with how often they sent it. */
export function PersonFormsPage() {
  const shell = useShell();
  const client = useApiClient();
  const personId = Number(useParams().personId);
  const overview = useQuery(personOverviewQuery(client, personId));

  useEffect(() => shell.page.setTitle('Formularze użytkownika'), [shell]);

  const data = overview.data;
  return (
    <section>
      <Title2 as="h2">
        {data ? `Formularze użytkownika: ${data.person.name}` : 'Formularze użytkownika'}
      </Title2>
      {overview.isPending && <Spinner label="Wczytywanie formularzy użytkownika" />}
      {overview.isError && (
        <ErrorPanel
          title="Nie udało się pobrać formularzy użytkownika"
          message="Spróbuj ponownie później."
          onRetry={() => void overview.refetch()}
        />
      )}
      {data && data.forms.length === 0 && (
        <EmptyTable label="Formularze użytkownika" columns={COLUMNS} emptyText="Brak formularzy" />
      )}
      {data && data.forms.length > 0 && (
        <ColumnsTable aria-label="Formularze użytkownika" columns={COLUMNS}>
          {data.forms.map(({ form, group, answerCount, lastCompletedAt }) => (
            <TableRow key={form.id}>
              <TableCell>{form.name}</TableCell>
              <TableCell>{form.edition}</TableCell>
              <TableCell>{group?.name ?? '—'}</TableCell>
              <TableCell>{FORM_STATUS_LABELS[form.status]}</TableCell>
              <TableCell>{lastCompletedAt ? formatDateTime(lastCompletedAt) : '—'}</TableCell>
              <TableCell>
                <AppLink
                  to={pathTo(RESULTS_ROUTES.personFilledData, { formId: form.id, personId })}
                  aria-label={`Odpowiedzi: ${answerCount}, ${form.name}, wersja ${form.edition}`}
                >
                  {answerCount}
                </AppLink>
              </TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
      )}
    </section>
  );
}
