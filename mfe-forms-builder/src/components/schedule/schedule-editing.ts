import {
  DAYS_OF_WEEK,
  DEFAULT_PERIOD,
  EVERYDAY,
  expandEveryday,
  MAX_PERIODS_PER_DAY,
  minutesOfDay,
  PERIOD_END_MESSAGE,
  PERIOD_ORDER_MESSAGE,
  PERIOD_STEP_MESSAGE,
  SCHEDULE_END_DATE_MESSAGE,
  scheduleFillMode,
  TIME_STEP_MINUTES,
  TOO_MANY_PERIODS_MESSAGE,
  type DayOfWeek,
  type FillMode,
  type Schedule,
  type ScheduleDay,
  type TimePeriod,
} from '@formularze/domain/schemas/forms';

/**
 * The schedule as the editor holds it (§3 Schedule, §4 "Schedule fill modes", §5 "Schedule"), and
 * every change made to it, as pure functions: the ScheduleEditor renders a draft and hands each
 * change back through `onChange`, the page (or the form editor) turns it into the payload.
 *
 * A draft may be unfinished (a period without times, no dates yet): `isScheduleComplete` says
 * whether it can be saved, `scheduleIssues` what is wrong with what was entered.
 */

/** One fill window of a day; a time is `HH:MM`, or '' while not entered. */
export interface PeriodDraft {
  startTime: string;
  endTime: string;
  allowEditMinutesAfterSave: number;
}

export interface ScheduleDraft {
  mode: FillMode;
  /** `YYYY-MM-DD`, or null while not entered (or not a valid date). */
  startDate: string | null;
  endDate: string | null;
  /** Either `[EVERYDAY]` or days of the week, in week order. */
  days: ScheduleDay[];
  /** The periods of each selected day, in order. */
  periods: Partial<Record<ScheduleDay, PeriodDraft[]>>;
}

export const DAY_LABELS: Record<ScheduleDay, string> = {
  EVERYDAY: 'Codziennie',
  MONDAY: 'Poniedziałek',
  TUESDAY: 'Wtorek',
  WEDNESDAY: 'Środa',
  THURSDAY: 'Czwartek',
  FRIDAY: 'Piątek',
  SATURDAY: 'Sobota',
  SUNDAY: 'Niedziela',
};

export const FILL_MODE_LABELS: Record<FillMode, string> = {
  without: 'Bez harmonogramu',
  one: 'Jednokrotnie',
  multi: 'Wielokrotnie',
};

export const defaultPeriod = (): PeriodDraft => ({ ...DEFAULT_PERIOD });
/** A period added to a day: its times are for the person to enter. */
export const emptyPeriod = (): PeriodDraft => ({ startTime: '', endTime: '', allowEditMinutesAfterSave: 0 });

export const emptySchedule = (): ScheduleDraft => ({
  mode: 'without',
  startDate: null,
  endDate: null,
  days: [],
  periods: {},
});

const periodOf = (period: TimePeriod): PeriodDraft => ({
  startTime: period.startTime,
  endTime: period.endTime,
  allowEditMinutesAfterSave: period.allowEditMinutesAfterSave ?? 0,
});

const samePeriods = (a: readonly PeriodDraft[], b: readonly PeriodDraft[]) =>
  a.length === b.length &&
  a.every((period, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      period.startTime === other.startTime &&
      period.endTime === other.endTime &&
      period.allowEditMinutesAfterSave === other.allowEditMinutesAfterSave
    );
  });

/**
 * Saved periods grouped by day. §4: a list whose length is a multiple of 7 is collapsed to
 * EVERYDAY on load — here only when the seven days really carry the same periods, so a week whose
 * days differ is never lost to the collapse.
 */
export function groupPeriods(timePeriods: readonly TimePeriod[]): Pick<ScheduleDraft, 'days' | 'periods'> {
  const byDay = new Map<DayOfWeek, PeriodDraft[]>();
  for (const period of expandEveryday(timePeriods)) {
    const day = period.dayOfWeek as DayOfWeek;
    byDay.set(day, [...(byDay.get(day) ?? []), periodOf(period)]);
  }
  const monday = byDay.get('MONDAY');
  const everyday =
    timePeriods.length > 0 &&
    expandEveryday(timePeriods).length % DAYS_OF_WEEK.length === 0 &&
    monday !== undefined &&
    DAYS_OF_WEEK.every((day) => {
      const periods = byDay.get(day);
      return periods !== undefined && samePeriods(periods, monday);
    });
  if (everyday) return { days: [EVERYDAY], periods: { [EVERYDAY]: monday } };
  const days = DAYS_OF_WEEK.filter((day) => byDay.has(day));
  return { days, periods: Object.fromEntries(days.map((day) => [day, byDay.get(day)])) };
}

/** The draft of a saved schedule (none: no schedule, 'without'). */
export function scheduleDraftOf(schedule: Schedule | null | undefined): ScheduleDraft {
  if (!schedule) return emptySchedule();
  return {
    mode: scheduleFillMode(schedule),
    startDate: schedule.startDate ?? null,
    endDate: schedule.endDate ?? null,
    ...groupPeriods(schedule.timePeriods),
  };
}

/* ---------------------------------------------------------------- changes */

/**
 * Turning one or multi on for the first time starts from every day, 00:00–23:59, so there is
 * something to adjust; the dates stay for the person to choose.
 */
export function setMode(draft: ScheduleDraft, mode: FillMode): ScheduleDraft {
  if (mode !== 'without' && draft.days.length === 0) {
    return { ...draft, mode, days: [EVERYDAY], periods: { [EVERYDAY]: [defaultPeriod()] } };
  }
  return { ...draft, mode };
}

/** §5: the end date cannot precede the start date: a start after the end moves the end with it. */
export function setStartDate(draft: ScheduleDraft, startDate: string | null): ScheduleDraft {
  const endDate = startDate && draft.endDate && draft.endDate < startDate ? startDate : draft.endDate;
  return { ...draft, startDate, endDate };
}

/** §5: an end date before the start date becomes the start date. */
export function setEndDate(draft: ScheduleDraft, endDate: string | null): ScheduleDraft {
  const adjusted = endDate && draft.startDate && endDate < draft.startDate ? draft.startDate : endDate;
  return { ...draft, endDate: adjusted };
}

/** Whether `day` counts as selected: EVERYDAY stands for each of the seven days. */
export const isDaySelected = (draft: ScheduleDraft, day: ScheduleDay) =>
  draft.days.includes(day) || (day !== EVERYDAY && draft.days.includes(EVERYDAY));

const inWeekOrder = (days: Iterable<DayOfWeek>) => {
  const chosen = new Set(days);
  return DAYS_OF_WEEK.filter((day) => chosen.has(day));
};

/**
 * Selects or unselects a day (§4):
 * - EVERYDAY replaces the other days with one entry of the default period (00:00–23:59, edit 0);
 *   unselecting it leaves no day;
 * - unselecting one day of EVERYDAY leaves the other six, each with EVERYDAY's periods;
 * - a newly selected day gets the default period; the seventh collapses the week to EVERYDAY,
 *   carrying over the periods of the first day of the week;
 * - unselecting a day drops its periods.
 */
export function toggleDay(draft: ScheduleDraft, day: ScheduleDay, selected: boolean): ScheduleDraft {
  if (day === EVERYDAY) {
    return selected
      ? { ...draft, days: [EVERYDAY], periods: { [EVERYDAY]: [defaultPeriod()] } }
      : { ...draft, days: [], periods: {} };
  }
  if (draft.days.includes(EVERYDAY)) {
    if (selected) return draft;
    const everyday = draft.periods[EVERYDAY] ?? [];
    const days = DAYS_OF_WEEK.filter((other) => other !== day);
    return {
      ...draft,
      days,
      periods: Object.fromEntries(days.map((other) => [other, everyday.map((period) => ({ ...period }))])),
    };
  }
  const current = draft.days as DayOfWeek[];
  if (selected === current.includes(day)) return draft;
  if (!selected) {
    const periods = { ...draft.periods };
    delete periods[day];
    return { ...draft, days: current.filter((other) => other !== day), periods };
  }
  const days = inWeekOrder([...current, day]);
  const periods = { ...draft.periods, [day]: [defaultPeriod()] };
  if (days.length === DAYS_OF_WEEK.length) {
    return {
      ...draft,
      days: [EVERYDAY],
      periods: { [EVERYDAY]: periods[DAYS_OF_WEEK[0]] ?? [defaultPeriod()] },
    };
  }
  return { ...draft, days, periods };
}

const withPeriods = (draft: ScheduleDraft, day: ScheduleDay, periods: PeriodDraft[]): ScheduleDraft => ({
  ...draft,
  periods: { ...draft.periods, [day]: periods },
});

/** §5: 1 to 10 periods a day, 0 when the field is empty; added periods are empty, removed ones are the last. */
export function setPeriodCount(draft: ScheduleDraft, day: ScheduleDay, count: number): ScheduleDraft {
  const wanted = Number.isFinite(count) ? Math.min(MAX_PERIODS_PER_DAY, Math.max(0, Math.trunc(count))) : 0;
  const periods = draft.periods[day] ?? [];
  if (wanted === periods.length) return draft;
  return withPeriods(
    draft,
    day,
    wanted < periods.length
      ? periods.slice(0, wanted)
      : [...periods, ...Array.from({ length: wanted - periods.length }, emptyPeriod)],
  );
}

/** The value of a period-count field: digits only, empty is 0. */
export function parseCount(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : 0;
}

export function removePeriod(draft: ScheduleDraft, day: ScheduleDay, index: number): ScheduleDraft {
  const periods = draft.periods[day] ?? [];
  return withPeriods(
    draft,
    day,
    periods.filter((_period, at) => at !== index),
  );
}

export function updatePeriod(
  draft: ScheduleDraft,
  day: ScheduleDay,
  index: number,
  patch: Partial<PeriodDraft>,
): ScheduleDraft {
  const periods = draft.periods[day] ?? [];
  if (!periods[index]) return draft;
  return withPeriods(
    draft,
    day,
    periods.map((period, at) => (at === index ? { ...period, ...patch } : period)),
  );
}

/** §5: an end time before the start time is reset to the start when the person leaves the field. */
export function settlePeriod(draft: ScheduleDraft, day: ScheduleDay, index: number): ScheduleDraft {
  const period = draft.periods[day]?.[index];
  if (!period || !period.startTime || !period.endTime) return draft;
  if (minutesOfDay(period.endTime) >= minutesOfDay(period.startTime)) return draft;
  return updatePeriod(draft, day, index, { endTime: period.startTime });
}

/** §5: allowEditMinutesAfterSave is a non-negative integer; empty (or anything else) becomes 0. */
export function parseEditMinutes(text: string): number {
  const value = Number(text.trim());
  return Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/* ---------------------------------------------------------------- checks */

export interface PeriodIssues {
  startTime?: string;
  endTime?: string;
}

export interface ScheduleIssues {
  endDate?: string;
  /** Per selected day: what is wrong with the day as a whole (too many periods). */
  days: Partial<Record<ScheduleDay, string>>;
  /** Per selected day, per period. */
  periods: Partial<Record<ScheduleDay, PeriodIssues[]>>;
}

const offStep = (time: string) => minutesOfDay(time) % TIME_STEP_MINUTES !== 0;

function periodIssues(periods: readonly PeriodDraft[]): PeriodIssues[] {
  return periods.map((period, index) => {
    const issues: PeriodIssues = {};
    const { startTime, endTime } = period;
    if (startTime && offStep(startTime)) issues.startTime = PERIOD_STEP_MESSAGE;
    // 23:59, the default end of a day, is off the 5-minute grid on purpose (as in the shared schema).
    if (endTime && offStep(endTime) && endTime !== DEFAULT_PERIOD.endTime)
      issues.endTime = PERIOD_STEP_MESSAGE;
    if (startTime && endTime && minutesOfDay(endTime) < minutesOfDay(startTime)) {
      issues.endTime = PERIOD_END_MESSAGE;
    }
    const previousEnd = periods[index - 1]?.endTime;
    if (startTime && previousEnd && minutesOfDay(startTime) < minutesOfDay(previousEnd)) {
      issues.startTime = PERIOD_ORDER_MESSAGE;
    }
    return issues;
  });
}

/** What is wrong with what was entered (§5), by field; nothing is said about what is still missing. */
export function scheduleIssues(draft: ScheduleDraft): ScheduleIssues {
  const issues: ScheduleIssues = { days: {}, periods: {} };
  if (draft.startDate && draft.endDate && draft.endDate < draft.startDate) {
    issues.endDate = SCHEDULE_END_DATE_MESSAGE;
  }
  for (const day of draft.days) {
    const periods = draft.periods[day] ?? [];
    if (periods.length > MAX_PERIODS_PER_DAY) issues.days[day] = TOO_MANY_PERIODS_MESSAGE;
    const found = periodIssues(periods);
    if (found.some((issue) => issue.startTime || issue.endTime)) issues.periods[day] = found;
  }
  return issues;
}

export function hasScheduleIssues(draft: ScheduleDraft): boolean {
  if (draft.mode === 'without') return false;
  const issues = scheduleIssues(draft);
  return (
    Boolean(issues.endDate) || Object.keys(issues.days).length > 0 || Object.keys(issues.periods).length > 0
  );
}

/**
 * §5: with one or multi on, a schedule needs both dates, a day, and every selected day at least
 * one period with its start and end (otherwise 'Uzupełnij harmonogram').
 */
export function isScheduleComplete(draft: ScheduleDraft): boolean {
  if (draft.mode === 'without') return true;
  if (!draft.startDate || !draft.endDate || draft.days.length === 0) return false;
  return draft.days.every((day) => {
    const periods = draft.periods[day] ?? [];
    return periods.length > 0 && periods.every((period) => period.startTime && period.endTime);
  });
}

/** Whether the draft can be saved: complete and without issues. */
export const isScheduleSavable = (draft: ScheduleDraft) =>
  isScheduleComplete(draft) && !hasScheduleIssues(draft);

/**
 * The payload's schedule (§3): null for 'without' (no schedule); otherwise the flags, dates,
 * selected days and the periods in week order, an EVERYDAY entry expanded to the seven days (§4).
 * Meant for a savable draft.
 */
export function schedulePayloadOf(draft: ScheduleDraft): Schedule | null {
  if (draft.mode === 'without') return null;
  const timePeriods: TimePeriod[] = draft.days.flatMap((day) =>
    (draft.periods[day] ?? []).map((period) => ({ dayOfWeek: day, ...period })),
  );
  return {
    one: draft.mode === 'one',
    multi: draft.mode === 'multi',
    startDate: draft.startDate,
    endDate: draft.endDate,
    timePeriods: expandEveryday(timePeriods),
    selectedDays: [...draft.days],
  };
}
