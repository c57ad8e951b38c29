import { makeStyles, TableCell, TableRow, Text, Title3, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { AppLink, ColumnsTable, ErrorPanel } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { refusedSubmissionsQuery } from '../api';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // A date and time stay on one line; the table scrolls sideways in its region instead.
  moment: { whiteSpace: 'nowrap' },
});

/**
 * Submissions that patients sent from their devices once the connection came back, and that the
 * server refused because the form, the access or the slot had changed meanwhile (ADR 622): part
 * of the fill's history, for staff. Shown only when there is one; the patient's device keeps the
 * answers and told the patient why.
 */
export function RefusedSubmissions() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const params = useParams();
  const formId = Number(params.formId);
  const personId = params.personId ? Number(params.personId) : undefined;
  const headingId = useId();
  const staff = shell.permissions.has('results-page:view');
  const refused = useQuery({ ...refusedSubmissionsQuery(client, formId, personId), enabled: staff });
  // Nothing to say while loading, and nothing when none was refused.
  if (!staff || (!refused.isError && !refused.data?.length)) return null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Title3 as="h3" id={headingId}>
        Odrzucone odpowiedzi wysłane po odzyskaniu połączenia
      </Title3>
      {refused.isError ? (
        <ErrorPanel
          title="Nie udało się pobrać odrzuconych odpowiedzi"
          message="Spróbuj ponownie później."
          onRetry={() => void refused.refetch()}
        />
      ) : (
        <>
          <Text>
            Pacjent wypełnił formularz bez połączenia z internetem. Gdy połączenie wróciło, serwer nie przyjął
            odpowiedzi z podanego powodu. Odpowiedzi pozostały na urządzeniu pacjenta.
          </Text>
          <ColumnsTable
            aria-label="Odrzucone odpowiedzi"
            columns={[
              'Otrzymano',
              'Wysłano z urządzenia (zegar urządzenia)',
              ...(personId === undefined ? ['Osoba'] : []),
              'Wersja formularza',
              'Powód',
            ]}
          >
            {refused.data!.map((refusal) => (
              <TableRow key={refusal.id}>
                <TableCell className={styles.moment}>{formatDateTime(refusal.receivedAt)}</TableCell>
                <TableCell className={styles.moment}>
                  {refusal.queuedAt ? formatDateTime(refusal.queuedAt) : '—'}
                </TableCell>
                {personId === undefined && (
                  <TableCell>
                    <AppLink
                      to={pathTo(RESULTS_ROUTES.personFilledData, { formId, personId: refusal.person.id })}
                    >
                      {refusal.person.name}
                    </AppLink>
                  </TableCell>
                )}
                <TableCell>{`Wersja ${refusal.form.edition}`}</TableCell>
                <TableCell>{refusal.reason}</TableCell>
              </TableRow>
            ))}
          </ColumnsTable>
        </>
      )}
    </section>
  );
}
