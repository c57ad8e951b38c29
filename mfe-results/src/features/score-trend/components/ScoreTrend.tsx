import { makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ErrorPanel } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { trendPointsQuery, trendRulesQuery } from '../api';
import { ScoreTrendChart } from './ScoreTrendChart';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * The score trend of the person and form edition in the address (`/formdata/all/{formId}/{personId}`),
 * for staff who read points.
 */
export function ScoreTrend() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const params = useParams();
  const formId = Number(params.formId);
  const personId = Number(params.personId);
  const headingId = useId();
  const readsPoints = shell.permissions.has('results-page:view');
  const points = useQuery({ ...trendPointsQuery(client, formId, personId), enabled: readsPoints });
  const rules = useQuery({ ...trendRulesQuery(client, formId), enabled: readsPoints });
  if (!readsPoints) return null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Title3 as="h3" id={headingId}>
        Przebieg sumy punktów
      </Title3>
      {(points.isPending || rules.isPending) && !points.isError && !rules.isError && (
        <Spinner label="Wczytywanie przebiegu punktów" />
      )}
      {(points.isError || rules.isError) && (
        <ErrorPanel
          title="Nie udało się pobrać przebiegu punktów"
          message="Spróbuj ponownie później."
          onRetry={() => {
            void points.refetch();
            void rules.refetch();
          }}
        />
      )}
      {points.data && rules.data && points.data.length === 0 && <Text>Brak wysłanych wypełnień.</Text>}
      {points.data && rules.data && points.data.length > 0 && (
        <ScoreTrendChart points={points.data} rules={rules.data} />
      )}
    </section>
  );
}
