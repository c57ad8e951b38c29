import { Field, makeStyles, Select, Switch, Text, Title2, Title3, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { AppLink, ErrorPanel, useSortedPaging } from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { FILLING_ROUTES, FORMS_BUILDER_ROUTES, pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { formatDateTime, formatPoints } from '@formularze/domain/schemas/display-format';
import {
  DEFAULT_FORM_RESULTS_SORT,
  type FormResultRow,
  type ResultField,
  type ResultSort,
} from '@formularze/domain/schemas/results';
import { MessageColour } from '../../../components/MessageColour';
import { MissedMarker } from '../../../components/MissedMarker';
import { ResultsTable } from '../../../components/ResultsTable';
import { useResultsPageStyles } from '../../../components/results-page-styles';
import type { ResultsHeaderColumn } from '../../../components/ResultsTableHeader';
import { useResultFilter } from '../../../components/result-filter';
import { answerText } from '../answer-text';
import { formResultsQuery } from '../api';
import { CsvDownload } from './CsvDownload';

interface Column extends ResultsHeaderColumn {
  render(row: FormResultRow): ReactNode;
}

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  // A multi-line text answer keeps the lines it was written in.
  answer: { whiteSpace: 'pre-line' },
});

/** The viewer's own filling that may still be corrected. */
const isEditableBy = (row: FormResultRow, personId: number | undefined) =>
  row.filledBy.id === personId && row.editableUntil !== null && Date.parse(row.editableUntil) > Date.now();

export interface FormResultsPageProps {
  /** Shown under the table (the score trend, refused late submissions: each decides whom it shows itself to). */
  sections?: ReactNode;
}

/**
 * `/formdata/all/{formId}` and `/formdata/all/{formId}/{personId}`: the fillings of a form edition
 * (one person's with a person id), with their answers, filtered, sorted, paged and exportable.
 * Patients see only their own fillings, without points, and no way to other people's pages.
 */
export function FormResultsPage({ sections }: FormResultsPageProps) {
  const styles = useStyles();
  const pageStyles = useResultsPageStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person: me } = useSession();
  const params = useParams();
  const formId = Number(params.formId);
  const personId = params.personId ? Number(params.personId) : undefined;
  const staff = shell.permissions.has('results-page:view');
  const list = useSortedPaging<ResultSort>('form-results', me?.id, DEFAULT_FORM_RESULTS_SORT);
  const [showMissedForms, setShowMissedForms] = useState(false);
  const filter = useResultFilter(() => list.paging.setPage(0));

  const results = useQuery(
    formResultsQuery(client, {
      formId,
      request: {
        ...list.pageParams,
        sort: list.sort,
        q: filter.applied,
        ...(personId === undefined ? {} : { personId }),
      },
      showMissedForms,
    }),
  );
  const page = results.data;
  // The fields are the edition's; they stay as columns while the next page loads.
  const fields: ResultField[] = page?.fields ?? [];
  const columns: Column[] = [
    {
      id: 'completedAt',
      label: 'Data wypełnienia',
      sortKey: 'completedAt',
      filter: { field: 'completedAt', kind: 'day' },
      render: (row) =>
        row.state === 'MISSED' ? <MissedMarker /> : row.completedAt ? formatDateTime(row.completedAt) : '—',
    },
    ...(personId === undefined && staff
      ? [
          {
            id: 'filledBy',
            label: 'Wypełnił',
            sortKey: 'filledBy' as const,
            filter: { field: 'filledBy', kind: 'text' as const },
            render: (row: FormResultRow) => (
              <AppLink
                to={pathTo(RESULTS_ROUTES.personForms, { personId: row.filledBy.id })}
                aria-label={`Wszystkie formularze: ${row.filledBy.name}`}
              >
                {row.filledBy.name}
              </AppLink>
            ),
          },
        ]
      : []),
    ...(staff
      ? [
          {
            id: 'points',
            label: 'Punkty',
            sortKey: 'totalWeight' as const,
            filter: { field: 'totalWeight', kind: 'number' as const },
            render: (row: FormResultRow) => (row.totalWeight === null ? '—' : formatPoints(row.totalWeight)),
          },
          {
            id: 'message',
            label: 'Komunikat',
            render: (row: FormResultRow) => <MessageColour color={row.color} text={row.text} />,
          },
        ]
      : []),
    ...fields.map((field) => ({
      id: `field-${field.id}`,
      label: field.label || field.id,
      filter: { field: `data.${field.id}`, kind: 'text' as const },
      render: (row: FormResultRow) => <span className={styles.answer}>{answerText(field, row) || '—'}</span>,
    })),
    {
      id: 'actions',
      label: 'Opcje',
      render: (row) =>
        row.state === 'MISSED' ? null : (
          <span className={styles.actions}>
            <AppLink
              to={pathTo(FILLING_ROUTES.details, { formDataId: row.formDataId })}
              aria-label={`Szczegóły wypełnienia z ${rowDate(row)}`}
            >
              Szczegóły
            </AppLink>
            {isEditableBy(row, me?.id) && (
              <AppLink
                to={pathTo(FILLING_ROUTES.fillEdit, { formId: row.form.id, formDataId: row.formDataId })}
                aria-label={`Edytuj wypełnienie z ${rowDate(row)}`}
              >
                Edytuj
              </AppLink>
            )}
          </span>
        ),
    },
  ];
  const deniedStatus = (results.error as { response?: { status?: number } } | null)?.response?.status;
  const notSelected = !staff && (deniedStatus === 403 || deniedStatus === 404);

  // Named by its form once loaded: reached from 'Wypełnione formularze', it must not repeat that crumb.
  const formName = page?.form.name;
  useEffect(() => shell.page.setTitle(formName ?? 'Wypełnione formularze'), [shell, formName]);
  useEffect(() => {
    // §2: a patient not selected for the form goes back to their forms.
    if (notSelected) shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formList), { replace: true });
  }, [notSelected, shell]);

  const personName =
    personId === undefined ? null : page?.content.find((row) => row.filledBy.id === personId)?.filledBy.name;
  const editionPath = (id: number) =>
    personId === undefined
      ? pathTo(RESULTS_ROUTES.filledData, { formId: id })
      : pathTo(RESULTS_ROUTES.personFilledData, { formId: id, personId });

  return (
    <section className={pageStyles.page}>
      <Title2 as="h2">{page ? page.form.name : 'Wypełnione formularze'}</Title2>
      {page && (
        <div className={pageStyles.headings}>
          <Text as="p">Projekt: {page.form.group?.name ?? '—'}</Text>
          {personName && <Title3 as="p">Osoba: {personName}</Title3>}
        </div>
      )}
      <div className={styles.toolbar}>
        {page && page.editions.length > 1 && (
          <Field label="Wersja formularza">
            <Select
              value={String(formId)}
              onChange={(_event, data) => shell.navigate(editionPath(Number(data.value)))}
            >
              {page.editions.map((edition) => (
                <option key={edition.id} value={edition.id}>
                  {`Wersja ${edition.edition}`}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Switch
          label="Pokaż niewypełnione"
          checked={showMissedForms}
          onChange={(_event, data) => {
            setShowMissedForms(data.checked);
            list.paging.setPage(0);
          }}
        />
        <CsvDownload formId={formId} personId={staff ? personId : me?.id} />
      </div>

      {results.isError && !page && !notSelected && (
        <ErrorPanel
          title="Nie udało się pobrać wypełnionych formularzy"
          message={apiErrorOf(results.error)?.message ?? 'Spróbuj ponownie później.'}
          onRetry={() => void results.refetch()}
        />
      )}
      <ResultsTable
        page={page}
        query={results}
        label="Wypełnione formularze"
        columns={columns}
        list={list}
        firstOrderOf={(key) => (key === 'filledBy' ? 'ascending' : 'descending')}
        filter={filter}
        texts={{
          empty: 'Brak wypełnionych formularzy',
          loading: 'Wczytywanie wypełnionych formularzy',
          pages: 'Strony listy wypełnionych formularzy',
        }}
        rowKey={(row) => `${row.state}-${row.formDataId}`}
        renderCell={(column, row) => column.render(row)}
      />
      {sections && <Suspense fallback={null}>{sections}</Suspense>}
    </section>
  );
}

function rowDate(row: FormResultRow) {
  return row.completedAt ? formatDateTime(row.completedAt) : '—';
}
