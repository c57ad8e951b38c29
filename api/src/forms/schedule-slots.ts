import {
  addDays,
  DAYS_OF_WEEK,
  expandEveryday,
  scheduleFillMode,
  type DayOfWeek,
  type Schedule,
} from '@formularze/domain/schemas/forms';
import { SCHEDULE_WALL_CLOCK_MINUTES } from '../core/schedule-time-zone';

const wallClock = new Intl.DateTimeFormat('en-GB', { ...SCHEDULE_WALL_CLOCK_MINUTES, second: '2-digit' });

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffsetAt(instant: number): number {
  const parts = new Map(
    wallClock.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  const wallAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant the zone's clocks show `time` (`HH:MM`) on `day` (`YYYY-MM-DD`). */
export function zonedInstant(day: string, time: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The offset at the guess is right except within an hour of a DST change; a second pass fixes it.
  const guess = wall - zoneOffsetAt(wall);
  return new Date(wall - zoneOffsetAt(guess));
}

/**
 * The day last asked for, with the minute it was asked in. Every save and list of forms asks for
 * today, and formatting the wall clock is the costliest part of that check; a zone's day turns
 * only on a whole minute (its offset is whole minutes), so within one minute the answer stands.
 */
let lastDay: { minute: number; day: string } | undefined;

/** The calendar day (`YYYY-MM-DD`) the zone is in at `instant`. */
export function zonedDay(instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastDay?.minute === minute) return lastDay.day;
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  lastDay = { minute, day };
  return day;
}

function dayOfWeek(day: string): DayOfWeek {
  // getUTCDay: 0 is Sunday; DAYS_OF_WEEK starts on Monday.
  return DAYS_OF_WEEK[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
  editMinutesAfterSave: number;
}

export interface SlotRange {
  /** The person's assignment: its first day and its last (null: until the schedule ends). */
  validSince: string;
  validTo: string | null;
  /** Windows that have ended by then are not made: nobody could fill them. */
  notEndedBy: Date;
}

/** One window per period of each scheduled day within the schedule and the person's assignment. */
export function scheduleSlots(schedule: Schedule | null, range: SlotRange): Slot[] {
  if (!schedule || scheduleFillMode(schedule) === 'without' || !schedule.startDate || !schedule.endDate) {
    return [];
  }
  const first = [schedule.startDate, range.validSince, zonedDay(range.notEndedBy)].sort().at(-1)!;
  const last = range.validTo && range.validTo < schedule.endDate ? range.validTo : schedule.endDate;
  const periods = expandEveryday(schedule.timePeriods);
  const slots: Slot[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const weekday = dayOfWeek(day);
    for (const period of periods) {
      if (period.dayOfWeek !== weekday) continue;
      const endsAt = zonedInstant(day, period.endTime);
      if (endsAt <= range.notEndedBy) continue;
      slots.push({
        startsAt: zonedInstant(day, period.startTime),
        endsAt,
        editMinutesAfterSave: period.allowEditMinutesAfterSave ?? 0,
      });
    }
  }
  return slots;
}
