import {
  DAYS_OF_WEEK,
  PERIOD_END_MESSAGE,
  PERIOD_ORDER_MESSAGE,
  PERIOD_STEP_MESSAGE,
  SCHEDULE_END_DATE_MESSAGE,
  schedule as scheduleSchema,
  TOO_MANY_PERIODS_MESSAGE,
  type Schedule,
  type TimePeriod,
} from '@formularze/domain/schemas/forms';
import {
  emptySchedule,
  groupPeriods,
  hasScheduleIssues,
  isDaySelected,
  isScheduleComplete,
  isScheduleSavable,
  parseCount,
  parseEditMinutes,
  removePeriod,
  scheduleDraftOf,
  scheduleIssues,
  schedulePayloadOf,
  setEndDate,
  setMode,
  setPeriodCount,
  setStartDate,
  settlePeriod,
  toggleDay,
  updatePeriod,
  type PeriodDraft,
  type ScheduleDraft,
} from '../schedule-editing';

const DEFAULT: PeriodDraft = { startTime: '00:00', endTime: '23:59', allowEditMinutesAfterSave: 0 };
const period = (startTime: string, endTime: string, allowEditMinutesAfterSave = 0): PeriodDraft => ({
  startTime,
  endTime,
  allowEditMinutesAfterSave,
});

function aDraft(overrides: Partial<ScheduleDraft> = {}): ScheduleDraft {
  return {
    mode: 'one',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    days: ['MONDAY'],
    periods: { MONDAY: [period('08:00', '10:00')] },
    ...overrides,
  };
}

const everyDayOf = (start: string, end: string): TimePeriod[] =>
  DAYS_OF_WEEK.map((dayOfWeek) => ({
    dayOfWeek,
    startTime: start,
    endTime: end,
    allowEditMinutesAfterSave: 5,
  }));

describe('loading a saved schedule', () => {
  it('starts without a schedule when the form has none', () => {
    expect(scheduleDraftOf(null)).toEqual(emptySchedule());
    expect(emptySchedule().mode).toBe('without');
  });

  it('reads the fill mode from the flags', () => {
    const saved: Schedule = { one: false, multi: true, startDate: null, endDate: null, timePeriods: [] };
    expect(scheduleDraftOf(saved).mode).toBe('multi');
    expect(scheduleDraftOf({ ...saved, multi: false, one: true }).mode).toBe('one');
    expect(scheduleDraftOf({ ...saved, multi: false }).mode).toBe('without');
  });

  it('collapses the same periods on all seven days to EVERYDAY', () => {
    const timePeriods = [...everyDayOf('08:00', '10:00'), ...everyDayOf('12:00', '14:00')];
    expect(groupPeriods(timePeriods)).toEqual({
      days: ['EVERYDAY'],
      periods: {
        EVERYDAY: [
          { startTime: '08:00', endTime: '10:00', allowEditMinutesAfterSave: 5 },
          { startTime: '12:00', endTime: '14:00', allowEditMinutesAfterSave: 5 },
        ],
      },
    });
  });

  it('keeps the days apart when seven periods do not make the same week', () => {
    const timePeriods: TimePeriod[] = [
      ...everyDayOf('08:00', '10:00').slice(0, 6),
      { dayOfWeek: 'MONDAY', startTime: '12:00', endTime: '13:00' },
    ];
    const grouped = groupPeriods(timePeriods);
    expect(grouped.days).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY']);
    expect(grouped.periods.MONDAY).toHaveLength(2);
    expect(grouped.periods.TUESDAY).toEqual([
      { startTime: '08:00', endTime: '10:00', allowEditMinutesAfterSave: 5 },
    ]);
  });

  it('groups the periods by day in week order, a missing edit time being 0', () => {
    const grouped = groupPeriods([
      { dayOfWeek: 'FRIDAY', startTime: '09:00', endTime: '10:00' },
      { dayOfWeek: 'MONDAY', startTime: '07:00', endTime: '08:00', allowEditMinutesAfterSave: 15 },
    ]);
    expect(grouped).toEqual({
      days: ['MONDAY', 'FRIDAY'],
      periods: { MONDAY: [period('07:00', '08:00', 15)], FRIDAY: [period('09:00', '10:00')] },
    });
  });

  it('reads an unexpanded EVERYDAY entry as every day', () => {
    expect(groupPeriods([{ dayOfWeek: 'EVERYDAY', startTime: '06:00', endTime: '07:00' }])).toEqual({
      days: ['EVERYDAY'],
      periods: { EVERYDAY: [period('06:00', '07:00')] },
    });
  });
});

describe('fill mode', () => {
  it('turning a schedule on starts from every day, 00:00–23:59', () => {
    expect(setMode(emptySchedule(), 'one')).toEqual({
      ...emptySchedule(),
      mode: 'one',
      days: ['EVERYDAY'],
      periods: { EVERYDAY: [DEFAULT] },
    });
  });

  it('switching modes keeps the days and periods chosen', () => {
    const draft = aDraft();
    expect(setMode(draft, 'multi')).toEqual({ ...draft, mode: 'multi' });
    expect(setMode(setMode(draft, 'without'), 'one')).toEqual(draft);
  });
});

describe('dates', () => {
  it('moves the end date with a start date set after it', () => {
    expect(setStartDate(aDraft(), '2026-04-10')).toMatchObject({
      startDate: '2026-04-10',
      endDate: '2026-04-10',
    });
  });

  it('keeps the end date when the start stays before it', () => {
    expect(setStartDate(aDraft(), '2026-03-05')).toMatchObject({
      startDate: '2026-03-05',
      endDate: '2026-03-31',
    });
  });

  it('sets an end date before the start to the start', () => {
    expect(setEndDate(aDraft(), '2026-02-01')).toMatchObject({ endDate: '2026-03-01' });
    expect(setEndDate(aDraft(), '2026-03-02')).toMatchObject({ endDate: '2026-03-02' });
  });

  it('lets a date be cleared', () => {
    expect(setEndDate(aDraft(), null).endDate).toBeNull();
    expect(setStartDate(aDraft(), null)).toMatchObject({ startDate: null, endDate: '2026-03-31' });
  });
});

describe('days', () => {
  it('EVERYDAY replaces the other days with one default period', () => {
    const draft = aDraft({
      days: ['MONDAY', 'FRIDAY'],
      periods: { MONDAY: [period('08:00', '09:00')], FRIDAY: [] },
    });
    expect(toggleDay(draft, 'EVERYDAY', true)).toMatchObject({
      days: ['EVERYDAY'],
      periods: { EVERYDAY: [DEFAULT] },
    });
  });

  it('unselecting EVERYDAY leaves no day', () => {
    const draft = toggleDay(aDraft(), 'EVERYDAY', true);
    expect(toggleDay(draft, 'EVERYDAY', false)).toMatchObject({ days: [], periods: {} });
  });

  it('unselecting one day of EVERYDAY leaves the other six with its periods', () => {
    const periods = [period('08:00', '09:00', 10), period('18:00', '19:00')];
    const draft = aDraft({ days: ['EVERYDAY'], periods: { EVERYDAY: periods } });
    const next = toggleDay(draft, 'WEDNESDAY', false);
    expect(next.days).toEqual(['MONDAY', 'TUESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
    expect(next.periods.EVERYDAY).toBeUndefined();
    expect(next.periods.WEDNESDAY).toBeUndefined();
    for (const day of next.days) expect(next.periods[day]).toEqual(periods);
    // Each day has its own copy: changing one leaves the others alone.
    const changed = updatePeriod(next, 'MONDAY', 0, { startTime: '07:00' });
    expect(changed.periods.TUESDAY?.[0]?.startTime).toBe('08:00');
  });

  it('a newly selected day gets the default period, in week order', () => {
    const next = toggleDay(
      aDraft({ days: ['FRIDAY'], periods: { FRIDAY: [period('08:00', '09:00')] } }),
      'TUESDAY',
      true,
    );
    expect(next.days).toEqual(['TUESDAY', 'FRIDAY']);
    expect(next.periods.TUESDAY).toEqual([DEFAULT]);
    expect(next.periods.FRIDAY).toEqual([period('08:00', '09:00')]);
  });

  it('selecting the seventh day collapses the week to EVERYDAY, carrying over the periods', () => {
    let draft = aDraft({ days: [], periods: {} });
    for (const day of DAYS_OF_WEEK.slice(0, 6)) draft = toggleDay(draft, day, true);
    draft = updatePeriod(draft, 'MONDAY', 0, { startTime: '06:00', endTime: '07:00' });
    expect(draft.days).toHaveLength(6);
    const next = toggleDay(draft, 'SUNDAY', true);
    expect(next.days).toEqual(['EVERYDAY']);
    expect(next.periods).toEqual({ EVERYDAY: [period('06:00', '07:00')] });
  });

  it('unselecting a day drops its periods', () => {
    const draft = aDraft({
      days: ['MONDAY', 'TUESDAY'],
      periods: { MONDAY: [period('08:00', '09:00')], TUESDAY: [period('10:00', '11:00')] },
    });
    expect(toggleDay(draft, 'MONDAY', false)).toMatchObject({
      days: ['TUESDAY'],
      periods: { TUESDAY: [period('10:00', '11:00')] },
    });
    expect(toggleDay(draft, 'MONDAY', false).periods).not.toHaveProperty('MONDAY');
  });

  it('selecting a day already selected changes nothing', () => {
    const draft = aDraft();
    expect(toggleDay(draft, 'MONDAY', true)).toBe(draft);
    const everyday = aDraft({ days: ['EVERYDAY'], periods: { EVERYDAY: [DEFAULT] } });
    expect(toggleDay(everyday, 'MONDAY', true)).toBe(everyday);
  });

  it('counts each day as selected under EVERYDAY', () => {
    const everyday = aDraft({ days: ['EVERYDAY'], periods: { EVERYDAY: [DEFAULT] } });
    expect(DAYS_OF_WEEK.every((day) => isDaySelected(everyday, day))).toBe(true);
    expect(isDaySelected(aDraft(), 'MONDAY')).toBe(true);
    expect(isDaySelected(aDraft(), 'TUESDAY')).toBe(false);
    expect(isDaySelected(aDraft(), 'EVERYDAY')).toBe(false);
  });
});

describe('periods', () => {
  it('adds empty periods up to the count, at most 10', () => {
    const more = setPeriodCount(aDraft(), 'MONDAY', 3);
    expect(more.periods.MONDAY).toEqual([period('08:00', '10:00'), period('', ''), period('', '')]);
    expect(setPeriodCount(aDraft(), 'MONDAY', 25).periods.MONDAY).toHaveLength(10);
  });

  it('removes the last periods when the count goes down, and all of them for an empty field', () => {
    const three = setPeriodCount(aDraft(), 'MONDAY', 3);
    expect(setPeriodCount(three, 'MONDAY', 1).periods.MONDAY).toEqual([period('08:00', '10:00')]);
    expect(setPeriodCount(three, 'MONDAY', parseCount('')).periods.MONDAY).toEqual([]);
  });

  it('reads the count field: digits only, empty is 0', () => {
    expect(parseCount('')).toBe(0);
    expect(parseCount('4')).toBe(4);
    expect(parseCount('-3')).toBe(3);
    expect(parseCount('2.5')).toBe(25);
  });

  it('removes one chosen period', () => {
    const draft = aDraft({ periods: { MONDAY: [period('08:00', '09:00'), period('10:00', '11:00')] } });
    expect(removePeriod(draft, 'MONDAY', 0).periods.MONDAY).toEqual([period('10:00', '11:00')]);
  });

  it('changes one field of one period', () => {
    const next = updatePeriod(aDraft(), 'MONDAY', 0, { allowEditMinutesAfterSave: 30 });
    expect(next.periods.MONDAY).toEqual([period('08:00', '10:00', 30)]);
    expect(updatePeriod(aDraft(), 'MONDAY', 4, { startTime: '01:00' })).toEqual(aDraft());
  });

  it('resets an end before the start to the start when the field is left', () => {
    const draft = updatePeriod(aDraft(), 'MONDAY', 0, { endTime: '07:00' });
    expect(settlePeriod(draft, 'MONDAY', 0).periods.MONDAY).toEqual([period('08:00', '08:00')]);
  });

  it('leaves a period in order, or without both times, as it is', () => {
    const draft = aDraft();
    expect(settlePeriod(draft, 'MONDAY', 0)).toBe(draft);
    const open = updatePeriod(draft, 'MONDAY', 0, { endTime: '' });
    expect(settlePeriod(open, 'MONDAY', 0)).toBe(open);
  });

  it('reads the edit minutes as a non-negative integer, empty being 0', () => {
    expect(parseEditMinutes('')).toBe(0);
    expect(parseEditMinutes('15')).toBe(15);
    expect(parseEditMinutes('-4')).toBe(0);
    expect(parseEditMinutes('7.8')).toBe(7);
    expect(parseEditMinutes('abc')).toBe(0);
  });
});

describe('checks', () => {
  it('a schedule without fill mode is always complete and has no issues', () => {
    const draft = aDraft({ mode: 'without', startDate: null, periods: { MONDAY: [period('', '05:03')] } });
    expect(isScheduleComplete(draft)).toBe(true);
    expect(hasScheduleIssues(draft)).toBe(false);
  });

  it.each([
    ['no start date', { startDate: null }],
    ['no end date', { endDate: null }],
    ['no day', { days: [], periods: {} }],
    ['a day without periods', { periods: { MONDAY: [] } }],
    ['a period without a start', { periods: { MONDAY: [period('', '10:00')] } }],
    ['a period without an end', { periods: { MONDAY: [period('08:00', '')] } }],
  ] as const)('is incomplete with %s', (_case, overrides) => {
    expect(isScheduleComplete(aDraft(overrides as Partial<ScheduleDraft>))).toBe(false);
    expect(isScheduleSavable(aDraft(overrides as Partial<ScheduleDraft>))).toBe(false);
  });

  it('is complete and savable when everything is entered', () => {
    expect(isScheduleComplete(aDraft())).toBe(true);
    expect(isScheduleSavable(aDraft({ mode: 'multi' }))).toBe(true);
  });

  it('refuses an end before the start', () => {
    const draft = aDraft({ periods: { MONDAY: [period('10:00', '09:00')] } });
    expect(scheduleIssues(draft).periods.MONDAY).toEqual([{ endTime: PERIOD_END_MESSAGE }]);
    expect(isScheduleSavable(draft)).toBe(false);
  });

  it('refuses a period starting before the previous one ends', () => {
    const draft = aDraft({ periods: { MONDAY: [period('08:00', '10:00'), period('09:30', '11:00')] } });
    expect(scheduleIssues(draft).periods.MONDAY).toEqual([{}, { startTime: PERIOD_ORDER_MESSAGE }]);
    const touching = aDraft({ periods: { MONDAY: [period('08:00', '10:00'), period('10:00', '11:00')] } });
    expect(hasScheduleIssues(touching)).toBe(false);
  });

  it('asks for 5-minute steps, 23:59 allowed as the end of the day', () => {
    const draft = aDraft({ periods: { MONDAY: [period('08:03', '09:58')] } });
    expect(scheduleIssues(draft).periods.MONDAY).toEqual([
      { startTime: PERIOD_STEP_MESSAGE, endTime: PERIOD_STEP_MESSAGE },
    ]);
    expect(hasScheduleIssues(aDraft({ periods: { MONDAY: [DEFAULT] } }))).toBe(false);
  });

  it('refuses an end date before the start date (as loaded)', () => {
    const draft = aDraft({ startDate: '2026-05-01', endDate: '2026-04-01' });
    expect(scheduleIssues(draft).endDate).toBe(SCHEDULE_END_DATE_MESSAGE);
  });

  it('refuses more than 10 periods a day (as loaded)', () => {
    const periods = Array.from({ length: 11 }, (_unused, hour) =>
      period(`${String(hour).padStart(2, '0')}:00`, `${String(hour).padStart(2, '0')}:30`),
    );
    expect(scheduleIssues(aDraft({ periods: { MONDAY: periods } })).days.MONDAY).toBe(
      TOO_MANY_PERIODS_MESSAGE,
    );
  });
});

describe('the payload', () => {
  it('is null without a fill mode', () => {
    expect(schedulePayloadOf(aDraft({ mode: 'without' }))).toBeNull();
  });

  it('carries the flags, dates, days and periods in week order', () => {
    const draft = aDraft({
      mode: 'multi',
      days: ['MONDAY', 'THURSDAY'],
      periods: {
        MONDAY: [period('08:00', '09:00', 10)],
        THURSDAY: [period('07:00', '07:30'), period('20:00', '21:00')],
      },
    });
    expect(schedulePayloadOf(draft)).toEqual({
      one: false,
      multi: true,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      selectedDays: ['MONDAY', 'THURSDAY'],
      timePeriods: [
        { dayOfWeek: 'MONDAY', startTime: '08:00', endTime: '09:00', allowEditMinutesAfterSave: 10 },
        { dayOfWeek: 'THURSDAY', startTime: '07:00', endTime: '07:30', allowEditMinutesAfterSave: 0 },
        { dayOfWeek: 'THURSDAY', startTime: '20:00', endTime: '21:00', allowEditMinutesAfterSave: 0 },
      ],
    });
  });

  it('expands EVERYDAY to the seven days, and loads back as EVERYDAY', () => {
    const draft = aDraft({
      days: ['EVERYDAY'],
      periods: { EVERYDAY: [period('08:00', '09:00'), period('10:00', '11:00')] },
    });
    const payload = schedulePayloadOf(draft)!;
    expect(payload.selectedDays).toEqual(['EVERYDAY']);
    expect(payload.timePeriods).toHaveLength(14);
    expect(new Set(payload.timePeriods.map((entry) => entry.dayOfWeek))).toEqual(new Set(DAYS_OF_WEEK));
    expect(scheduleDraftOf(payload)).toEqual(draft);
  });

  it('passes the shared schema the API validates with', () => {
    const draft = aDraft({ days: ['EVERYDAY'], periods: { EVERYDAY: [DEFAULT] } });
    expect(scheduleSchema.safeParse(schedulePayloadOf(draft)).success).toBe(true);
  });

  it('fails the shared schema exactly where the editor found an issue', () => {
    const draft = aDraft({ periods: { MONDAY: [period('08:00', '10:00'), period('09:00', '08:30')] } });
    const parsed = scheduleSchema.safeParse(schedulePayloadOf(draft));
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['timePeriods.1.startTime', PERIOD_ORDER_MESSAGE],
        ['timePeriods.1.endTime', PERIOD_END_MESSAGE],
      ]),
    );
    expect(scheduleIssues(draft).periods.MONDAY).toEqual([
      {},
      { startTime: PERIOD_ORDER_MESSAGE, endTime: PERIOD_END_MESSAGE },
    ]);
  });
});
