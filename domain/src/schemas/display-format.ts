/**
 * How dates and points read on screen (§9: "Date display format yyyy-MM-dd HH:mm; picker
 * dd/MM/yyyy"; "Points are shown rounded to 2 decimals"). Times are shown in Poland, where the
 * organizations' schedules are read, whatever the browser's time zone. Every date a screen shows
 * goes through these functions, so no area picks another format or locale of its own.
 */

export const DISPLAY_TIME_ZONE = 'Europe/Warsaw';

/**
 * Made on the first date shown, not when the module loads: a formatter for a named time zone loads
 * that zone's data, which costs every screen's first paint tens of milliseconds even where no date
 * is shown (the fill page).
 */
let dateTimeParts: Intl.DateTimeFormat | undefined;

const HOUR_MS = 3_600_000;
/**
 * Poland's offset from UTC for each hour (since the epoch) seen so far. It changes only on the hour
 * (at 01:00 UTC), so one lookup in the zone's data serves every instant of that hour: a screen of
 * 5 000 dates (an adherence grid) or an export of 100 000 rows asks the formatter a few hundred
 * times instead of once per date, which took most of their time.
 */
const offsetsByHour = new Map<number, number>();
/** Enough hours for any screen or export; past it the map starts again rather than grow. */
const MAX_HOURS_KEPT = 50_000;

function offsetInPoland(hour: number): number {
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    dateTimeParts ??= new Intl.DateTimeFormat('pl-PL', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const part = Object.fromEntries(
      dateTimeParts.formatToParts(new Date(hour * HOUR_MS)).map(({ type, value }) => [type, Number(value)]),
    );
    offset = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!) - hour * HOUR_MS;
    if (offsetsByHour.size >= MAX_HOURS_KEPT) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

/**
 * Loads the zone's data now, for a screen about to show many dates (an adherence grid) to call
 * while its answer is on the way: the first lookup costs tens of milliseconds that would otherwise
 * fall between the answer and the first paint.
 */
export function loadDisplayTimeZone(): void {
  offsetInPoland(Math.floor(Date.now() / HOUR_MS));
}

function partsOf(instant: string | Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid time value: ${String(instant)}`);
  // The wall clock in Poland, read off the UTC fields of the shifted instant: `yyyy-MM-ddTHH:mm`.
  const wallClock = new Date(time + offsetInPoland(Math.floor(time / HOUR_MS))).toISOString();
  return {
    year: wallClock.slice(0, 4),
    month: wallClock.slice(5, 7),
    day: wallClock.slice(8, 10),
    hour: wallClock.slice(11, 13),
    minute: wallClock.slice(14, 16),
  };
}

/** An instant as `yyyy-MM-dd HH:mm`. */
export function formatDateTime(instant: string | Date): string {
  const { year, month, day, hour, minute } = partsOf(instant);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/** An instant's day as `yyyy-MM-dd`, in tables where no time belongs (a key's expiry, a terms' start). */
export function formatDate(instant: string | Date): string {
  const { year, month, day } = partsOf(instant);
  return `${year}-${month}-${day}`;
}

/** An instant's day as `dd/MM/yyyy`, the way dates are typed. */
export function formatDay(instant: string | Date): string {
  const { year, month, day } = partsOf(instant);
  return `${day}/${month}/${year}`;
}

/**
 * A DATE answer (`YYYY/MM/DD`) as `dd/MM/yyyy`; a DATETIME answer (`YYYY/MM/DD HH:MM` or an ISO
 * instant) as `dd/MM/yyyy HH:mm`. Anything else is shown as it was stored.
 */
export function formatAnswerDate(value: string): string {
  const typed = /^(\d{4})\/(\d{2})\/(\d{2})(?:[ T](\d{2}:\d{2}))?$/.exec(value);
  if (typed) {
    const [, year, month, day, time] = typed;
    return `${day}/${month}/${year}${time ? ` ${time}` : ''}`;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) {
    const { year, month, day, hour, minute } = partsOf(value);
    return `${day}/${month}/${year} ${hour}:${minute}`;
  }
  return value;
}

/** Points rounded to 2 decimals. */
export const formatPoints = (points: number) => points.toFixed(2);

/** A calendar day (`YYYY-MM-DD`) as `dd/MM/yyyy`. */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
