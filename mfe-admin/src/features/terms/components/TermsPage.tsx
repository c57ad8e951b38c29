import { makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorPanel } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { apiErrorOf } from 'shared-ui/api-client';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';
import { organizationTermsQuery } from '../api';
import { AddTermsForm } from './AddTermsForm';
import { TermsTable } from './TermsTable';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    padding: tokens.spacingHorizontalL,
  },
});

/** `/terms`: the organization's terms of service; add new ones, remove unused ones. */
export function TermsPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const terms = useQuery(organizationTermsQuery(client));

  useEffect(() => shell.page.setTitle('Regulaminy'), [shell]);

  return (
    <div className={styles.page}>
      <Title2 as="h2">Regulaminy</Title2>
      <AddTermsForm onCancel={() => shell.navigate(pathTo(AUTH_ROUTES.profile))} />
      {terms.isPending ? (
        <Spinner label="Wczytywanie regulaminów" />
      ) : terms.isError ? (
        <ErrorPanel
          title="Nie udało się wczytać regulaminów"
          message={apiErrorOf(terms.error)?.message ?? 'Spróbuj ponownie później.'}
          onRetry={() => void terms.refetch()}
        />
      ) : (
        <TermsTable terms={terms.data} />
      )}
    </div>
  );
}
