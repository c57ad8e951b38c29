/**
 * The windows in which an assigned person fills a scheduled form. Schedules speak in calendar days
 * and wall-clock times of the organization, which is Polish: they are read in Europe/Warsaw, so a
 * 08:00 period opens at 08:00 in summer and in winter alike.
 */
export const SCHEDULE_TIME_ZONE = 'Europe/Warsaw';

/** The fields of a date and time to the minute, on the schedules' wall clock (24-hour). */
export const SCHEDULE_WALL_CLOCK_MINUTES = {
  timeZone: SCHEDULE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;
