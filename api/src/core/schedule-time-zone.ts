/**
 * The windows in which an assigned person fills a scheduled form. Schedules speak in calendar days
 * and wall-clock times of the organization, which is Polish: they are read in Europe/Warsaw, so a
 * 08:00 period opens at 08:00 in summer and in winter alike.
 */
export const SCHEDULE_TIME_ZONE = 'Europe/Warsaw';
