import {
  Checkbox,
  Field,
  makeStyles,
  Select,
  TableCell,
  TableRow,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PagedTable, useSortedPaging } from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import {
  ADHERENCE_PERIODS,
  DEFAULT_ADHERENCE_PERIOD,
  DEFAULT_ADHERENCE_SORT,
  SLOT_STATUSES,
  type AdherenceForm,
  type AdherencePeriod,
  type AdherenceSlot,
  type AdherenceSortKey,
  type PatientAdherence,
} from '@formularze/domain/schemas/adherence';
import { formatDateTime, loadDisplayTimeZone } from '@formularze/domain/schemas/display-format';
import type { SortBy } from '@formularze/domain/schemas/paging';
import { useResultsPageStyles } from '../../../components/results-page-styles';
import { adherenceQuery, type AdherenceOf } from '../api';
import { SLOT_STATUS_TEXT } from '../slot-status';
import { GridActions } from './GridActions';
import { ROWS_ON_FIRST_SCREEN, SlotCells } from './SlotCells';
import { SlotDetailsDialog } from './SlotDetailsDialog';

export const ADHERENCE_TITLE = 'Terminowość wypełnień';

/** A form's grid names no forms; one array for every render, so the rows' cells stay memoized. */
const NO_FORMS: readonly AdherenceForm[] = [];

const PERIOD_LABELS: Record<AdherencePeriod, string> = {
  '30': 'Ostatnie 30 dni',
  '90': 'Ostatnie 90 dni',
  '365': 'Ostatnie 365 dni',
  all: 'Cały okres',
};

/** The streak filter's choices: every patient, or at least so many misses in a row. */
const STREAKS: readonly { value: number; label: string }[] = [
  { value: 0, label: 'Wszyscy pacjenci' },
  { value: 1, label: '≥ 1 pominięty' },
  { value: 2, label: '≥ 2 pominięte z rzędu' },
  { value: 3, label: '≥ 3 pominięte z rzędu' },
];

const COLUMNS: readonly { label: string; sortKey?: AdherenceSortKey }[] = [
  { label: 'Wybór' },
  { label: 'Pacjent', sortKey: 'surname' },
  { label: 'Terminowość', sortKey: 'adherence' },
  { label: 'Pominięte z rzędu', sortKey: 'missedStreak' },
  { label: 'Terminy' },
];

const useStyles = makeStyles({
  legend: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, margin: 0, padding: 0 },
  legendItem: { listStyleType: 'none' },
});

/**
 * `/results/{formId}/adherence` and `/groups/{groupId}/adherence` (ADRs 305, 306): the patients of a
 * scheduled form, or of a project's scheduled forms, with every slot of the period as a cell, their
 * share filled on time and their misses in a row; sorted, filtered and paged like every list.
 */
export function AdherenceGridPage() {
  const styles = useStyles();
  const pageStyles = useResultsPageStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const params = useParams();
  const of: AdherenceOf = params.groupId
    ? { groupId: Number(params.groupId) }
    : { formId: Number(params.formId) };
  const list = useSortedPaging<SortBy<AdherenceSortKey>>('adherence', person?.id, DEFAULT_ADHERENCE_SORT);
  const [period, setPeriod] = useState<AdherencePeriod>(DEFAULT_ADHERENCE_PERIOD);
  const [minMissedStreak, setMinMissedStreak] = useState(0);
  const [opened, setOpened] = useState<{ slot: AdherenceSlot; personName: string } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const filter = { period, ...(minMissedStreak > 0 ? { minMissedStreak } : {}), sortBy: list.sort };
  const grid = useQuery(adherenceQuery(client, of, { ...filter, ...list.pageParams }));
  const content = grid.data?.content;
  const pagePersonIds = useMemo(() => content?.map((row) => row.person.id) ?? [], [content]);
  // Only patients shown count as chosen: a new page, filter or order keeps those still on it.
  const chosen = useMemo(
    () => new Set(pagePersonIds.filter((id) => selected.has(id))),
    [pagePersonIds, selected],
  );
  const toggle = (personId: number, isChosen: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isChosen) next.add(personId);
      else next.delete(personId);
      return next;
    });

  useEffect(() => shell.page.setTitle(ADHERENCE_TITLE), [shell]);
  useEffect(() => {
    // A page names thousands of dates: the zone's data loads once the request has left, not after.
    const timer = setTimeout(loadDisplayTimeZone, 0);
    return () => clearTimeout(timer);
  }, []);
  const forms = grid.data?.forms ?? NO_FORMS;
  const openSlot = useCallback(
    (slot: AdherenceSlot, personName: string) => setOpened({ slot, personName }),
    [setOpened],
  );

  return (
    <section>
      <Title2 as="h2">{ADHERENCE_TITLE}</Title2>
      {forms.length > 0 && (
        <Text as="p">Formularze projektu: {forms.map((form) => form.name).join(', ')}</Text>
      )}
      <div className={pageStyles.filters}>
        <Field label="Okres">
          <Select
            value={period}
            onChange={(_, { value }) => {
              setPeriod(value as AdherencePeriod);
              list.paging.setPage(0);
            }}
          >
            {ADHERENCE_PERIODS.map((value) => (
              <option key={value} value={value}>
                {PERIOD_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Pominięte z rzędu">
          <Select
            value={String(minMissedStreak)}
            onChange={(_, { value }) => {
              setMinMissedStreak(Number(value));
              list.paging.setPage(0);
            }}
          >
            {STREAKS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <ul className={styles.legend} aria-label="Oznaczenia terminów">
        {SLOT_STATUSES.map((status) => (
          <li key={status} className={styles.legendItem}>
            <span aria-hidden="true">{SLOT_STATUS_TEXT[status].symbol}</span> {SLOT_STATUS_TEXT[status].label}
          </li>
        ))}
      </ul>

      <GridActions
        of={of}
        params={filter}
        pagePersonIds={pagePersonIds}
        selected={chosen}
        onSelectedChange={setSelected}
      />
      <PagedTable
        page={grid.data}
        query={grid}
        label={ADHERENCE_TITLE}
        columns={COLUMNS}
        list={list}
        texts={{
          loadError: 'Nie udało się pobrać terminowości wypełnień',
          loading: 'Wczytywanie terminowości wypełnień',
          empty:
            minMissedStreak > 0
              ? 'Brak pacjentów z tyloma pominięciami z rzędu'
              : 'Brak zaplanowanych terminów',
          pages: 'Strony listy pacjentów',
        }}
        renderRow={(row: PatientAdherence, index) => (
          <TableRow key={row.person.id}>
            <TableCell>
              <Checkbox
                aria-label={`Wybierz: ${row.person.name}`}
                checked={chosen.has(row.person.id)}
                onChange={(_, { checked }) => toggle(row.person.id, checked === true)}
              />
            </TableCell>
            <TableCell>
              {row.person.name}
              {row.remindedAt && (
                <Text as="p" size={200}>
                  Przypomniano: {formatDateTime(row.remindedAt)}
                </Text>
              )}
            </TableCell>
            <TableCell>
              {row.adherence === null ? '—' : `${row.adherence}% (${row.onTimeSlots}/${row.dueSlots})`}
            </TableCell>
            <TableCell>{row.missedStreak}</TableCell>
            <TableCell>
              <SlotCells
                personName={row.person.name}
                slots={row.slots}
                forms={forms}
                onOpen={openSlot}
                belowFirstScreen={index >= ROWS_ON_FIRST_SCREEN}
              />
            </TableCell>
          </TableRow>
        )}
      />
      <SlotDetailsDialog
        slot={opened?.slot ?? null}
        personName={opened?.personName ?? ''}
        forms={forms}
        onClose={() => setOpened(null)}
      />
    </section>
  );
}
