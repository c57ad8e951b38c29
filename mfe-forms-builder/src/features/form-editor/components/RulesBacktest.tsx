import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  TableCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { AppLink, ColumnsTable, ScoreHistogram } from 'shared-ui/components';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import { formatDateTime, formatPoints } from '@formularze/domain/schemas/display-format';
import { plural, type PolishPluralForms } from '@formularze/domain/schemas/plural';
import {
  BACKTEST_PERIODS,
  type BacktestPeriod,
  type FormRuleOutcome,
  type RulesBacktest as BacktestResult,
  type RulesBacktestRequest,
} from '@formularze/domain/schemas/rules-backtest';
import { FIELD_TYPE_LABELS } from '../field-types';
import { useRulesBacktest } from '../hooks/useRulesBacktest';

export const BACKTEST_BUTTON = 'Sprawdź reguły na wcześniejszych odpowiedziach';

const PERIOD_LABELS: Record<BacktestPeriod, string> = {
  '30': 'Ostatnie 30 dni',
  '90': 'Ostatnie 90 dni',
  '365': 'Ostatnie 365 dni',
  all: 'Wszystkie wypełnienia',
};
const PERIOD_PHRASES: Record<BacktestPeriod, string> = {
  '30': 'w ostatnich 30 dniach',
  '90': 'w ostatnich 90 dniach',
  '365': 'w ostatnich 365 dniach',
  all: 'we wszystkich wypełnieniach',
};
const SMS_ALERTS: PolishPluralForms = { one: 'alert SMS', few: 'alerty SMS', many: 'alertów SMS' };
const FILLED_FORMS: PolishPluralForms = { one: 'wypełnienie', few: 'wypełnienia', many: 'wypełnień' };

const RULE_COLUMNS = [
  'Nr',
  'Reguła teraz',
  'Wypełnienia',
  'Alerty SMS',
  'Reguła po zmianie',
  'Wypełnienia',
  'Alerty SMS',
] as const;
const CHANGED_COLUMNS = [
  'Pacjent',
  'Data',
  'Punkty teraz → po zmianie',
  'Ocena teraz → po zmianie',
  'Alert SMS teraz → po zmianie',
] as const;
const THRESHOLD_COLUMNS = [
  'Próg (punkty)',
  'Pacjenci, którzy go osiągną',
  'Pacjenci, którzy spadną poniżej',
] as const;

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  controls: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  summary: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** "+37 alertów SMS w ostatnich 90 dniach"; "Bez zmian w liczbie alertów SMS …" when there is no difference. */
export function smsDifferenceText(difference: number, period: BacktestPeriod): string {
  if (difference === 0) return `Bez zmian w liczbie alertów SMS ${PERIOD_PHRASES[period]}`;
  const sign = difference > 0 ? '+' : '−';
  return `${sign}${Math.abs(difference)} ${plural(Math.abs(difference), SMS_ALERTS)} ${PERIOD_PHRASES[period]}`;
}

/** A rule as the editor reads it: "> 6 (Pilny kontakt)". */
function ruleText(rule: FormRuleOutcome | null): string {
  if (!rule) return '—';
  const condition =
    rule.operator === 'GREATER_THAN'
      ? `> ${rule.arg1}`
      : rule.operator === 'LESS_THAN'
        ? `< ${rule.arg1}`
        : rule.operator === 'EQUALS'
          ? `= ${rule.arg1}`
          : `od ${rule.arg1} do ${rule.arg2 ?? '?'}`;
  return rule.text ? `${condition} (${rule.text})` : condition;
}

export interface RulesBacktestProps {
  formId: number;
  /** The editor's template and form rules as they are now, or why they cannot be checked yet. */
  draftOf(): Omit<RulesBacktestRequest, 'period'> | string;
}

/**
 * The back-test of the editor's rules and scoring (ADR 224): over the form's past filled forms, what
 * the draft would flag and alert next to the edition in force. Nothing is sent.
 */
export function RulesBacktest({ formId, draftOf }: RulesBacktestProps) {
  const styles = useStyles();
  const [period, setPeriod] = useState<BacktestPeriod>('90');
  const [problem, setProblem] = useState<string | null>(null);
  const backtest = useRulesBacktest(formId);

  const run = () => {
    const draft = draftOf();
    if (typeof draft === 'string') {
      setProblem(draft);
      return;
    }
    setProblem(null);
    backtest.mutate({ ...draft, period });
  };
  const error =
    problem ??
    (backtest.isError ? (apiErrorOf(backtest.error)?.message ?? 'Nie udało się sprawdzić reguł.') : null);

  return (
    <section className={styles.section} aria-labelledby="rules-backtest-title">
      <Subtitle2 as="h3" id="rules-backtest-title">
        Reguły na wcześniejszych odpowiedziach
      </Subtitle2>
      <Text className={styles.muted}>
        Reguły i punktacja z edytora zostaną zastosowane do wypełnień wszystkich wersji formularza i porównane
        z wersją obowiązującą. Nic nie zostanie wysłane.
      </Text>
      <div className={styles.controls}>
        <Field label="Okres">
          <Select value={period} onChange={(_event, data) => setPeriod(data.value as BacktestPeriod)}>
            {BACKTEST_PERIODS.map((value) => (
              <option key={value} value={value}>
                {PERIOD_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Button onClick={run} disabledFocusable={backtest.isPending}>
          {BACKTEST_BUTTON}
        </Button>
      </div>
      <div aria-live="polite">
        {backtest.isPending && <Spinner size="small" label="Sprawdzanie reguł…" />}
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {backtest.isSuccess && !problem && <Summary result={backtest.data} />}
      </div>
      {backtest.isSuccess && !problem && <Details result={backtest.data} />}
    </section>
  );
}

function Summary({ result }: { result: BacktestResult }) {
  const styles = useStyles();
  const { total, period } = result;
  const count = (value: number) => `${value} ${plural(value, FILLED_FORMS)}`;
  return (
    <>
      <Text as="p" className={styles.summary}>
        {smsDifferenceText(total.difference.smsAlerts, period)} (teraz {total.active.smsAlerts}, po zmianie{' '}
        {total.draft.smsAlerts}).
      </Text>
      <Text as="p">
        Reguły formularza obejmą {count(total.draft.filledForms)} zamiast {total.active.filledForms}.
        Sprawdzono {count(result.filledForms)}.
      </Text>
    </>
  );
}

function Details({ result }: { result: BacktestResult }) {
  const styles = useStyles();
  return (
    <>
      {result.unevaluableFields.length > 0 && (
        <MessageBar intent="warning">
          <MessageBarBody>
            Tych pól nie dało się sprawdzić:{' '}
            {result.unevaluableFields
              .map(
                (field) =>
                  `„${field.label ?? field.fieldId}” (${
                    field.draftType
                      ? `typ zmieniony: ${FIELD_TYPE_LABELS[field.activeType]} → ${FIELD_TYPE_LABELS[field.draftType]}`
                      : 'usunięte'
                  })`,
              )
              .join(', ')}
            .
          </MessageBarBody>
        </MessageBar>
      )}

      {result.formRules.length > 0 && (
        <ColumnsTable size="small" aria-label="Reguły formularza teraz i po zmianie" columns={RULE_COLUMNS}>
          {result.formRules.map(({ position, active, draft }) => (
            <TableRow key={position}>
              <TableCell>{position + 1}</TableCell>
              <TableCell>{ruleText(active)}</TableCell>
              <TableCell>{active?.filledForms ?? '—'}</TableCell>
              <TableCell>{active?.smsAlerts ?? '—'}</TableCell>
              <TableCell>{ruleText(draft)}</TableCell>
              <TableCell>{draft?.filledForms ?? '—'}</TableCell>
              <TableCell>{draft?.smsAlerts ?? '—'}</TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
      )}

      <Subtitle2 as="h4">Wypełnienia ze zmienionym wynikiem</Subtitle2>
      {result.changed.totalElements === 0 ? (
        <Text>Żadne wypełnienie nie zmienia wyniku.</Text>
      ) : (
        <>
          <Text className={styles.muted}>
            {result.changed.content.length < result.changed.totalElements
              ? `Ostatnie ${result.changed.content.length} z ${result.changed.totalElements}.`
              : `Wszystkie: ${result.changed.totalElements}.`}
          </Text>
          <ColumnsTable
            size="small"
            aria-label="Wypełnienia ze zmienionym wynikiem"
            columns={CHANGED_COLUMNS}
          >
            {result.changed.content.map((row) => (
              <TableRow key={row.filledFormId}>
                <TableCell>
                  <AppLink to={pathTo(FILLING_ROUTES.details, { formDataId: row.filledFormId })}>
                    {row.person.name || `Wypełnienie ${row.filledFormId}`}
                  </AppLink>
                </TableCell>
                <TableCell>{formatDateTime(row.completedAt)}</TableCell>
                <TableCell>
                  {formatPoints(row.active.score)} → {formatPoints(row.draft.score)}
                </TableCell>
                <TableCell>
                  {row.active.text ?? '—'} → {row.draft.text ?? '—'}
                </TableCell>
                <TableCell>
                  {row.active.smsAlert ? 'tak' : 'nie'} → {row.draft.smsAlert ? 'tak' : 'nie'}
                </TableCell>
              </TableRow>
            ))}
          </ColumnsTable>
        </>
      )}

      <Subtitle2 as="h4">Rozkład wyników</Subtitle2>
      <ScoreHistogram
        bins={result.histogram.map(({ from, to, active, draft }) => ({ from, to, counts: [active, draft] }))}
        series={['Wypełnienia teraz', 'Wypełnienia po zmianie']}
        label="Rozkład wyników przed zmianą i po niej"
        empty="Brak wypełnień do przedstawienia."
        legend="W każdym przedziale lewy słupek: teraz, prawy: po zmianie."
      />

      {result.thresholds.length > 0 && (
        <ColumnsTable
          size="small"
          aria-label="Pacjenci przekraczający progi reguł"
          columns={THRESHOLD_COLUMNS}
        >
          {result.thresholds.map((crossing) => (
            <TableRow key={crossing.threshold}>
              <TableCell>{formatPoints(crossing.threshold)}</TableCell>
              <TableCell>{crossing.upward}</TableCell>
              <TableCell>{crossing.downward}</TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
      )}
    </>
  );
}
