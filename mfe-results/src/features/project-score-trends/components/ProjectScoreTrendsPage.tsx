import {
  Field,
  Input,
  makeStyles,
  Select,
  TableCell,
  TableRow,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  AppLink,
  PagedTable,
  ScoreHistogram,
  useDebouncedCallback,
  useSortedPaging,
} from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { formatDateTime, formatPoints } from '@formularze/domain/schemas/display-format';
import type { SortBy } from '@formularze/domain/schemas/paging';
import {
  DEFAULT_SCORE_TREND_SORT,
  type PatientScoreTrend,
  type ScoreTrendSortKey,
} from '@formularze/domain/schemas/score-trends';
import { typedNumber } from '../../../components/result-filter';
import { useResultsPageStyles } from '../../../components/results-page-styles';
import { scoreTrendsQuery } from '../api';
import { TrendLine } from './TrendLine';

export const SCORE_TRENDS_TITLE = 'Trendy wyników projektu';

const COLUMNS: readonly { label: string; sortKey?: ScoreTrendSortKey }[] = [
  { label: 'Pacjent', sortKey: 'surname' },
  { label: 'Ostatni wynik', sortKey: 'latest' },
  { label: 'Poprzedni wynik' },
  { label: 'Zmiana', sortKey: 'rise' },
  { label: 'Ostatnie wypełnienie', sortKey: 'completedAt' },
  { label: 'Przebieg' },
];

const useStyles = makeStyles({
  section: { marginBlock: tokens.spacingVerticalL },
});

/** A change in points with its sign: '+7.00', '−8.00', or a dash after a single filling. */
const signed = (rise: number | null) =>
  rise === null ? '—' : `${rise > 0 ? '+' : rise < 0 ? '−' : ''}${formatPoints(Math.abs(rise))}`;

/**
 * `/groups/{groupId}/score-trends` (ADR 308): for a scored form of the project, the distribution of
 * its patients' latest scores and the patients whose score rose by more than a chosen amount since
 * their previous filling, each with a small line of their latest scores.
 */
export function ProjectScoreTrendsPage() {
  const styles = useStyles();
  const pageStyles = useResultsPageStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const groupId = Number(useParams().groupId);
  const distributionHeading = useId();
  const patientsHeading = useId();
  const list = useSortedPaging<SortBy<ScoreTrendSortKey>>(
    'score-trends',
    person?.id,
    DEFAULT_SCORE_TREND_SORT,
  );
  const [bagId, setBagId] = useState<number>();
  const [riseText, setRiseText] = useState('');
  const [minRise, setMinRise] = useState<number>();
  const applyRise = useDebouncedCallback((text: string) => {
    setMinRise(typedNumber(text));
    list.paging.setPage(0);
  }, 400);
  const trends = useQuery(
    scoreTrendsQuery(client, groupId, {
      bagId,
      minRise,
      sortBy: list.sort,
      ...list.pageParams,
    }),
  );

  useEffect(() => shell.page.setTitle(SCORE_TRENDS_TITLE), [shell]);

  const data = trends.data;
  const shownForm = data?.forms.find((form) => form.bagId === data.bagId);
  return (
    <section>
      <Title2 as="h2">{SCORE_TRENDS_TITLE}</Title2>
      <div className={pageStyles.filters}>
        <Field label="Formularz">
          <Select
            value={String(data?.bagId ?? '')}
            disabled={!data || data.forms.length === 0}
            onChange={(_, { value }) => {
              setBagId(Number(value));
              list.paging.setPage(0);
            }}
          >
            {data?.forms.map((form) => (
              <option key={form.bagId} value={form.bagId}>
                {form.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Wzrost wyniku o więcej niż (pkt)"
          hint="Puste pole: wszyscy pacjenci"
          validationMessage={
            riseText.trim() && typedNumber(riseText) === undefined ? 'Wpisz liczbę' : undefined
          }
        >
          <Input
            inputMode="decimal"
            value={riseText}
            onChange={(_, { value }) => {
              setRiseText(value);
              applyRise(value);
            }}
          />
        </Field>
      </div>

      {data && data.forms.length === 0 ? (
        <p>Żaden formularz projektu nie ma jeszcze wysłanych wypełnień z punktami.</p>
      ) : (
        <>
          <section className={styles.section} aria-labelledby={distributionHeading}>
            <Title3 as="h3" id={distributionHeading}>
              Rozkład ostatnich wyników
            </Title3>
            {data && (
              <ScoreHistogram
                bins={data.distribution.map(({ from, to, patients }) => ({ from, to, counts: [patients] }))}
                series={['Liczba pacjentów']}
                label="Rozkład ostatnich wyników"
                empty="Brak wyników do przedstawienia."
              />
            )}
          </section>
          <section className={styles.section} aria-labelledby={patientsHeading}>
            <Title3 as="h3" id={patientsHeading}>
              Pacjenci
            </Title3>
            <PagedTable
              page={data}
              query={trends}
              label="Trendy wyników pacjentów"
              columns={COLUMNS}
              list={list}
              texts={{
                loadError: 'Nie udało się pobrać trendów wyników',
                loading: 'Wczytywanie trendów wyników',
                empty:
                  minRise === undefined
                    ? 'Brak pacjentów z wynikami'
                    : 'Brak pacjentów z takim wzrostem wyniku',
                pages: 'Strony listy pacjentów',
              }}
              renderRow={(row: PatientScoreTrend) => (
                <TableRow key={row.person.id}>
                  <TableCell>
                    {shownForm ? (
                      <AppLink
                        to={pathTo(RESULTS_ROUTES.personFilledData, {
                          formId: shownForm.formId,
                          personId: row.person.id,
                        })}
                      >
                        {row.person.name}
                      </AppLink>
                    ) : (
                      row.person.name
                    )}
                  </TableCell>
                  <TableCell>{formatPoints(row.latest.score)}</TableCell>
                  <TableCell>{row.previous === null ? '—' : formatPoints(row.previous)}</TableCell>
                  <TableCell>{signed(row.rise)}</TableCell>
                  <TableCell>{formatDateTime(row.latest.completedAt)}</TableCell>
                  <TableCell>
                    <TrendLine points={row.points} />
                  </TableCell>
                </TableRow>
              )}
            />
          </section>
        </>
      )}
    </section>
  );
}
