import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { useId } from 'react';
import {
  DAYS_OF_WEEK,
  EVERYDAY,
  MAX_PERIODS_PER_DAY,
  type FillMode,
  type ScheduleDay,
} from '@formularze/domain/schemas/forms';
import { TimeInput } from 'shared-ui/components';
import { DateField } from './DateField';
import {
  DAY_LABELS,
  FILL_MODE_LABELS,
  isDaySelected,
  parseCount,
  parseEditMinutes,
  removePeriod,
  scheduleIssues,
  setEndDate,
  setMode,
  setPeriodCount,
  setStartDate,
  settlePeriod,
  toggleDay,
  updatePeriod,
  type PeriodDraft,
  type PeriodIssues,
  type ScheduleDraft,
} from './schedule-editing';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  dates: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  fieldset: {
    border: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  days: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM },
  day: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  count: { maxWidth: '12rem' },
  period: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
  },
  periodName: { minWidth: '5rem', paddingTop: tokens.spacingVerticalXXL },
  remove: { marginTop: tokens.spacingVerticalXXL },
});

const DAY_CHOICES: readonly ScheduleDay[] = [EVERYDAY, ...DAYS_OF_WEEK];
/** A period's two times, in the order they are typed. */
const PERIOD_TIMES = [
  { key: 'startTime', label: 'Początek' },
  { key: 'endTime', label: 'Koniec' },
] as const;
const FILL_MODES: readonly FillMode[] = ['without', 'one', 'multi'];
const FILL_MODE_HINTS: Record<FillMode, string> = {
  without: 'formularz można wypełnić w dowolnym momencie',
  one: 'raz w każdym okresie',
  multi: 'więcej niż raz w każdym okresie',
};

export interface ScheduleEditorProps {
  value: ScheduleDraft;
  onChange(value: ScheduleDraft): void;
  disabled?: boolean;
}

/**
 * The schedule of a form (§2 advanced settings, §4 fill modes, §5): fill mode, dates, days and the
 * periods of each day. Controlled: every change goes through `onChange` as a new draft; whether it
 * can be saved is `isScheduleSavable(value)`.
 */
export function ScheduleEditor({ value, onChange, disabled = false }: ScheduleEditorProps) {
  const styles = useStyles();
  const daysLegendId = useId();
  const issues = scheduleIssues(value);
  const scheduled = value.mode !== 'without';

  return (
    <div className={styles.root}>
      <Field label="Tryb wypełniania">
        <RadioGroup
          value={value.mode}
          disabled={disabled}
          onChange={(_event, data) => onChange(setMode(value, data.value as FillMode))}
        >
          {FILL_MODES.map((mode) => (
            <Radio key={mode} value={mode} label={`${FILL_MODE_LABELS[mode]} (${FILL_MODE_HINTS[mode]})`} />
          ))}
        </RadioGroup>
      </Field>

      {scheduled && (
        <>
          <div className={styles.dates}>
            <DateField
              label="Data początkowa"
              required
              value={value.startDate}
              disabled={disabled}
              onChange={(date) => onChange(setStartDate(value, date))}
            />
            <DateField
              label="Data końcowa"
              required
              value={value.endDate}
              disabled={disabled}
              validationMessage={issues.endDate}
              onChange={(date) => onChange(setEndDate(value, date))}
            />
          </div>

          <fieldset className={styles.fieldset} aria-labelledby={daysLegendId}>
            <legend className={styles.legend}>
              <Text weight="semibold" id={daysLegendId}>
                Dni tygodnia
              </Text>
            </legend>
            <div className={styles.days}>
              {DAY_CHOICES.map((day) => (
                <Checkbox
                  key={day}
                  label={DAY_LABELS[day]}
                  checked={isDaySelected(value, day)}
                  disabled={disabled}
                  onChange={(_event, data) => onChange(toggleDay(value, day, data.checked === true))}
                />
              ))}
            </div>
          </fieldset>

          {value.days.map((day) => (
            <DayPeriods
              key={day}
              day={day}
              periods={value.periods[day] ?? []}
              dayIssue={issues.days[day]}
              periodIssues={issues.periods[day]}
              disabled={disabled}
              onCount={(count) => onChange(setPeriodCount(value, day, count))}
              onPeriod={(index, patch) => onChange(updatePeriod(value, day, index, patch))}
              onSettle={(index) => {
                const settled = settlePeriod(value, day, index);
                if (settled !== value) onChange(settled);
              }}
              onRemove={(index) => onChange(removePeriod(value, day, index))}
            />
          ))}
        </>
      )}
    </div>
  );
}

interface DayPeriodsProps {
  day: ScheduleDay;
  periods: readonly PeriodDraft[];
  dayIssue?: string;
  periodIssues?: readonly PeriodIssues[];
  disabled: boolean;
  onCount(count: number): void;
  onPeriod(index: number, patch: Partial<PeriodDraft>): void;
  onSettle(index: number): void;
  onRemove(index: number): void;
}

/** The periods of one selected day (or of every day). */
function DayPeriods({
  day,
  periods,
  dayIssue,
  periodIssues,
  disabled,
  onCount,
  onPeriod,
  onSettle,
  onRemove,
}: DayPeriodsProps) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className={styles.day}>
      <Subtitle2 as="h3" id={headingId}>
        {DAY_LABELS[day]}
      </Subtitle2>
      <Field
        label="Liczba okresów"
        hint={`od 1 do ${MAX_PERIODS_PER_DAY}`}
        className={styles.count}
        validationState={dayIssue ? 'error' : 'none'}
        validationMessage={dayIssue}
      >
        <Input
          type="number"
          min={1}
          max={MAX_PERIODS_PER_DAY}
          step={1}
          value={periods.length ? String(periods.length) : ''}
          disabled={disabled}
          onChange={(_event, data) => onCount(parseCount(data.value))}
        />
      </Field>
      {periods.map((period, index) => {
        const issue = periodIssues?.[index] ?? {};
        const name = `Okres ${index + 1}`;
        return (
          <div key={index} role="group" aria-label={name} className={styles.period}>
            <Text className={styles.periodName} aria-hidden>
              {name}
            </Text>
            {PERIOD_TIMES.map(({ key, label }) => (
              <Field
                key={key}
                label={label}
                required
                validationState={issue[key] ? 'error' : 'none'}
                validationMessage={issue[key]}
              >
                <TimeInput
                  value={period[key]}
                  disabled={disabled}
                  onChange={(time) => onPeriod(index, { [key]: time })}
                  onBlur={() => onSettle(index)}
                />
              </Field>
            ))}
            <Field label="Edycja po zapisie (minuty)">
              <Input
                type="number"
                min={0}
                step={1}
                value={String(period.allowEditMinutesAfterSave)}
                disabled={disabled}
                onChange={(_event, data) =>
                  onPeriod(index, { allowEditMinutesAfterSave: parseEditMinutes(data.value) })
                }
              />
            </Field>
            <Button
              className={styles.remove}
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={`Usuń okres ${index + 1}`}
              disabled={disabled}
              onClick={() => onRemove(index)}
            />
          </div>
        );
      })}
      {periods.length === 0 && <Text>Dodaj co najmniej jeden okres.</Text>}
    </div>
  );
}
