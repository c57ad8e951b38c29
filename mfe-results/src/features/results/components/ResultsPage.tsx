import { makeStyles, Title2, Title3, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppLink, ErrorPanel, useSortedPaging } from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { formatDateTime, formatPoints } from '@formularze/domain/schemas/display-format';
import {
  DEFAULT_RESULTS_PAGE_SIZE,
  DEFAULT_RESULTS_SORT,
  RESULTS_PAGE_SIZES,
  type ResultRow,
  type ResultSort,
} from '@formularze/domain/schemas/results';
import { MessageColour } from '../../../components/MessageColour';
import { MissedMarker } from '../../../components/MissedMarker';
import { ResultsTable } from '../../../components/ResultsTable';
import { useResultsPageStyles } from '../../../components/results-page-styles';
import type { ResultsHeaderColumn } from '../../../components/ResultsTableHeader';
import { useResultFilter } from '../../../components/result-filter';
import { latestResultsQuery, resultsFormQuery } from '../api';
import { FilledByPopover } from './FilledByPopover';

interface Column extends ResultsHeaderColumn {
  /** Leave the column out on one form's results (its name is the page's heading). */
  withoutForm?: boolean;
}

const COLUMNS: readonly Column[] = [
  { id: 'project', label: 'Projekt', sortKey: 'group.name', filter: { field: 'group.name', kind: 'text' } },
  {
    id: 'form',
    label: 'Formularz',
    sortKey: 'form.name',
    filter: { field: 'form.name', kind: 'text' },
    withoutForm: true,
  },
  { id: 'message', label: 'Komunikat' },
  { id: 'points', label: 'Punkty', sortKey: 'totalWeight', filter: { field: 'totalWeight', kind: 'number' } },
  { id: 'hospitalId', label: 'ID szpitalne', sortKey: 'hospitalIdentifier' },
  {
    id: 'completedAt',
    label: 'Data wypełnienia',
    sortKey: 'completedAt',
    filter: { field: 'completedAt', kind: 'day' },
  },
  { id: 'filledBy', label: 'Wypełnił', sortKey: 'filledBy', filter: { field: 'filledBy', kind: 'text' } },
  { id: 'answers', label: 'Odpowiedzi', sortKey: 'filledFormsPerPersonCount' },
];

const useStyles = makeStyles({
  table: { marginBlock: tokens.spacingVerticalM },
});

/** `/results` and `/results/{formId}`: the latest result of each person, sortable, filtered and paged. */
export function ResultsPage() {
  const styles = useStyles();
  const pageStyles = useResultsPageStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const params = useParams();
  const formId = params.formId ? Number(params.formId) : null;
  const columns = COLUMNS.filter((column) => !(formId !== null && column.withoutForm));
  const list = useSortedPaging<ResultSort>('results', person?.id, DEFAULT_RESULTS_SORT, {
    pageSizes: RESULTS_PAGE_SIZES,
    defaultPageSize: DEFAULT_RESULTS_PAGE_SIZE,
  });
  const filter = useResultFilter(() => list.paging.setPage(0));
  const results = useQuery(
    latestResultsQuery(client, {
      ...list.pageParams,
      sort: list.sort,
      q: [
        ...(formId === null ? [] : [{ field: 'form.id', operator: 'is' as const, value: formId }]),
        ...filter.applied,
      ],
    }),
  );
  const form = useQuery(resultsFormQuery(client, formId));
  const canOpenPerson = shell.permissions.has('editor:editPerson');

  useEffect(() => shell.page.setTitle('Formularze'), [shell]);

  const page = results.data;
  return (
    <section className={pageStyles.page}>
      <Title2 as="h2">Formularze</Title2>
      {form.data && (
        <div className={pageStyles.headings}>
          <Title3 as="p">Projekt: {form.data.formGroup?.name ?? '—'}</Title3>
          <Title3 as="p">Formularz: {form.data.name}</Title3>
          {formId !== null && (
            <AppLink to={pathTo(RESULTS_ROUTES.formAdherence, { formId })}>Terminowość wypełnień</AppLink>
          )}
        </div>
      )}
      {results.isError && !page && (
        <ErrorPanel
          title="Nie udało się pobrać wyników"
          message="Spróbuj ponownie później."
          onRetry={() => void results.refetch()}
        />
      )}
      <ResultsTable
        page={page}
        query={results}
        label="Wyniki"
        className={styles.table}
        columns={columns}
        list={list}
        firstOrderOf={(key) => (key === 'totalWeight' ? 'descending' : 'ascending')}
        filter={filter}
        texts={{ empty: 'Brak wyników', loading: 'Wczytywanie wyników', pages: 'Strony listy wyników' }}
        rowKey={(row) => `${row.state}-${row.formDataId}`}
        renderCell={(column, row) => (
          <ResultCell column={column.id} row={row} canOpenPerson={canOpenPerson} />
        )}
      />
    </section>
  );
}

function ResultCell({
  column,
  row,
  canOpenPerson,
}: {
  column: string;
  row: ResultRow;
  canOpenPerson: boolean;
}) {
  const missed = row.state === 'MISSED';
  switch (column) {
    case 'project':
      return <>{row.group?.name ?? '—'}</>;
    case 'form':
      return <>{row.form.name}</>;
    case 'message':
      return <MessageColour color={row.color} text={row.text} />;
    case 'points':
      return <>{row.totalWeight === null ? '—' : formatPoints(row.totalWeight)}</>;
    case 'hospitalId':
      return <>{row.filledBy.hospitalIdentifier ?? '—'}</>;
    case 'completedAt':
      return <>{row.completedAt ? formatDateTime(row.completedAt) : '—'}</>;
    case 'filledBy':
      return <FilledByPopover person={row.filledBy} canOpenPerson={canOpenPerson} />;
    default:
      return missed ? (
        <MissedMarker />
      ) : (
        <AppLink
          to={pathTo(RESULTS_ROUTES.personFilledData, { formId: row.form.id, personId: row.filledBy.id })}
          aria-label={`Odpowiedzi: ${row.filledFormsPerPersonCount}, ${row.filledBy.name}, ${row.form.name}`}
        >
          {row.filledFormsPerPersonCount}
        </AppLink>
      );
  }
}
