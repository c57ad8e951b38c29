import type { Schedule, TimePeriod } from '@formularze/domain/schemas/forms';

/** Wednesdays 11:00–13:00 in Warsaw (09:00–11:00 UTC in June); an answer stays editable 15 minutes after saving. */
export const wednesdayMidday: TimePeriod = {
  dayOfWeek: 'WEDNESDAY',
  startTime: '11:00',
  endTime: '13:00',
  allowEditMinutesAfterSave: 15,
};

/** One fill per Wednesday midday slot, in the week of Monday 8 to Sunday 14 June 2026. */
export const wednesdaySchedule: Schedule = {
  one: true,
  multi: false,
  startDate: '2026-06-08',
  endDate: '2026-06-14',
  timePeriods: [wednesdayMidday],
  selectedDays: ['WEDNESDAY'],
};
