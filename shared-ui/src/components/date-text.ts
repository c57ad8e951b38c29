/**
 * Dates and times as the product shows and reads them, in every browser locale: dates typed as
 * dd/MM/yyyy (§9 "picker dd/MM/yyyy"), times as 24-hour HH:MM (§5 "Time: HH:MM"). The browser's own
 * date and time boxes follow its language instead (mm/dd/yyyy, AM/PM in English).
 */

export const DATE_PLACEHOLDER = 'dd/mm/rrrr';
export const TIME_PLACEHOLDER = 'gg:mm';
export const INVALID_DATE_MESSAGE = 'Nieprawidłowy format';

/** `YYYY-MM-DD` when `year`-`month`-`day` is a day of the calendar, else null. */
function calendarDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * A date typed as dd/MM/yyyy (dots and dashes are accepted as well, and `YYYY-MM-DD`):
 * `YYYY-MM-DD`, or null when it is not a date ('Nieprawidłowy format').
 */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim();
  const display = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(trimmed);
  if (display) return calendarDay(Number(display[3]), Number(display[2]), Number(display[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/** `YYYY-MM-DD` as dd/MM/yyyy. */
export function formatDisplayDate(date: string | null): string {
  if (!date) return '';
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * A time typed on a 24-hour clock (`8:05`, `08.05`, `0805`, `08:05`): `HH:MM`, or null when it is
 * not a time of day.
 */
export function parseTime(text: string): string | null {
  const match = /^(\d{1,2})[:.]?(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}
