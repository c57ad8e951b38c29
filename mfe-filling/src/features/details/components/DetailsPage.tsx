import { Body1, Button, makeStyles, Spinner, Subtitle1, Title2, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, type ReactNode } from 'react';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { useLocation, useNavigate, useParams } from 'shared-ui/routing';
import { FORMS_BUILDER_ROUTES, pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { formatDateTime, formatPoints } from '@formularze/domain/schemas/display-format';
import type { FilledForm, FilledFormState } from '@formularze/domain/schemas/filled-data';
import { useNow } from '../../../shared/hooks/useNow';
import { ACTIVE_FORMS_PATH, editFilledDataPath } from '../../../shared/my-forms/paths';
import { filledDataQuery } from '../../../shared/filled-data/api';
import { ARRIVAL_MESSAGES, isSavedArrival } from '../../../shared/filled-data/arrival-notice';
import { useViewWindow } from '../hooks/useViewWindow';
import { AnswerList } from './AnswerList';
import { ScoreMark } from './ScoreMark';

const STATE_LABELS: Record<FilledFormState, string> = {
  COMPLETED: 'Wysłany',
  SAVED: 'Wersja robocza',
  MISSED: 'Niewypełniony w terminie',
};

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '60em' },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  fact: { margin: 0 },
  factRow: { display: 'contents' },
  term: { fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** The edit button goes once the time to edit ends, without a reload. */
const CLOCK_TICK_MS = 30_000;

/** A path segment as an id or epoch time; anything else is no number. */
const numberOf = (segment: string | undefined) => (segment && /^\d+$/.test(segment) ? Number(segment) : null);

function Facts({ filled, showScores }: { filled: FilledForm; showScores: boolean }) {
  const styles = useStyles();
  const facts: [string, ReactNode][] = [
    ['Status', STATE_LABELS[filled.state]],
    ['Data wypełnienia', filled.completedAt ? formatDateTime(filled.completedAt) : '—'],
  ];
  if (filled.group) facts.push(['Projekt', filled.group.name]);
  if (showScores) {
    facts.push(['Wypełnił(a)', filled.filledBy.name]);
    if (filled.totalWeight !== null) facts.push(['Suma punktów', formatPoints(filled.totalWeight)]);
    if (filled.color || filled.text)
      facts.push(['Wynik', <ScoreMark key="score" color={filled.color} text={filled.text} />]);
  }
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.factRow}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.fact}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * `/formdata/{formDataId}` and `/formdata/z/{formDataId}/{invalidateViewAt}`: a filled form's
 * answers. The second is viewable only until `invalidateViewAt` (epoch ms): the page checks every
 * 10 s and then goes to the active forms.
 */
export function DetailsPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams<{ formDataId: string; invalidateViewAt?: string }>();
  const id = numberOf(params.formDataId);
  const timeLimited = params.invalidateViewAt !== undefined;
  // A limit that is no time at all has passed already.
  const closesAt = timeLimited ? (numberOf(params.invalidateViewAt) ?? 0) : null;
  const filled = useQuery({ ...filledDataQuery(client, id ?? 0), enabled: id !== null });
  const queryClient = useQueryClient();
  const showScores = shell.permissions.has('results-page:view');
  const now = useNow(CLOCK_TICK_MS);
  const titleId = useId();
  const answersId = useId();

  useEffect(() => shell.page.setTitle('Szczegóły wypełnienia'), [shell]);

  // The answers also leave memory, so a shared device does not keep them once the time is up.
  const leave = useCallback(() => {
    queryClient.removeQueries({ queryKey: filledDataQuery(client, id ?? 0).queryKey });
    shell.navigate(ACTIVE_FORMS_PATH, { replace: true });
  }, [client, id, queryClient, shell]);
  useViewWindow(closesAt, leave);

  // §2: a filled form that cannot be loaded sends the person to the forms.
  const failed = id === null || filled.isError;
  useEffect(() => {
    if (failed) shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formList), { replace: true });
  }, [failed, shell]);

  const arrival = isSavedArrival(location.state) ? location.state.saved : null;
  useEffect(() => {
    if (!arrival) return;
    shell.alerts.show({ text: ARRIVAL_MESSAGES[arrival] });
    // Said once: a reload or a return to this entry does not repeat it.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [arrival, shell, navigate, location.pathname, location.search]);

  if (!filled.data) return filled.isPending && !failed ? <Spinner label="Wczytywanie odpowiedzi" /> : null;
  const data = filled.data;
  const ownFilling = person !== null && data.filledBy.id === person.id;
  const editable =
    ownFilling &&
    (data.state === 'SAVED' ||
      (data.state === 'COMPLETED' && data.editableUntil !== null && Date.parse(data.editableUntil) > now));

  return (
    <article className={styles.page} aria-labelledby={titleId}>
      <Title2 as="h2" id={titleId}>
        {data.form.name}
      </Title2>
      <Facts filled={data} showScores={showScores} />
      <section aria-labelledby={answersId} className={styles.page}>
        <Subtitle1 as="h3" id={answersId}>
          Odpowiedzi
        </Subtitle1>
        <AnswerList items={data.items} showScores={showScores} />
      </section>
      {data.state === 'COMPLETED' && editable && data.editableUntil && (
        <Body1>Odpowiedzi można zmieniać do {formatDateTime(data.editableUntil)}.</Body1>
      )}
      <div className={styles.actions}>
        {editable && (
          <Button
            appearance="primary"
            onClick={() => shell.navigate(editFilledDataPath(data.form.id, data.id))}
          >
            {data.state === 'SAVED' ? 'Kontynuuj wypełnianie' : 'Edytuj odpowiedzi'}
          </Button>
        )}
        {showScores ? (
          <>
            <Button
              onClick={() => shell.navigate(pathTo(RESULTS_ROUTES.formResults, { formId: data.form.id }))}
            >
              Wyniki formularza
            </Button>
            {shell.permissions.has('filled-forms-page:view') && (
              <Button onClick={() => shell.navigate(pathTo(RESULTS_ROUTES.filledForms))}>
                Wypełnione formularze
              </Button>
            )}
          </>
        ) : (
          <Button onClick={() => shell.navigate(ACTIVE_FORMS_PATH)}>Formularze</Button>
        )}
      </div>
    </article>
  );
}
