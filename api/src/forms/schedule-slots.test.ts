import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Schedule } from '@formularze/domain/schemas/forms';
import { scheduleSlots, zonedDay, zonedInstant } from './schedule-slots';

const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  one: false,
  multi: true,
  startDate: '2026-03-27',
  endDate: '2026-04-02',
  timePeriods: [
    { dayOfWeek: 'MONDAY', startTime: '08:00', endTime: '10:00', allowEditMinutesAfterSave: 30 },
    { dayOfWeek: 'SATURDAY', startTime: '18:00', endTime: '20:00' },
    { dayOfWeek: 'SUNDAY', startTime: '08:00', endTime: '09:00' },
  ],
  selectedDays: [],
  ...overrides,
});

const range = { validSince: '2026-01-01', validTo: null, notEndedBy: new Date('2026-03-01T00:00:00Z') };
const iso = (slots: ReturnType<typeof scheduleSlots>) =>
  slots.map((slot) => [slot.startsAt.toISOString(), slot.endsAt.toISOString(), slot.editMinutesAfterSave]);

test('wall-clock times are read in Warsaw, across the change to summer time', () => {
  assert.equal(zonedInstant('2026-03-28', '18:00').toISOString(), '2026-03-28T17:00:00.000Z');
  assert.equal(zonedInstant('2026-03-29', '08:00').toISOString(), '2026-03-29T06:00:00.000Z');
  assert.equal(zonedDay(new Date('2026-03-28T23:30:00Z')), '2026-03-29');
});

test('the day turns at midnight in Warsaw, asked minute after minute', () => {
  // Winter time: midnight in Warsaw is 23:00 UTC.
  assert.equal(zonedDay(new Date('2026-01-14T22:59:00Z')), '2026-01-14');
  assert.equal(zonedDay(new Date('2026-01-14T22:59:59Z')), '2026-01-14');
  assert.equal(zonedDay(new Date('2026-01-14T23:00:00Z')), '2026-01-15');
  assert.equal(zonedDay(new Date('2026-01-14T22:59:30Z')), '2026-01-14');
});

test('one slot per period of each scheduled day between the start and end dates', () => {
  assert.deepEqual(iso(scheduleSlots(schedule(), range)), [
    ['2026-03-28T17:00:00.000Z', '2026-03-28T19:00:00.000Z', 0],
    ['2026-03-29T06:00:00.000Z', '2026-03-29T07:00:00.000Z', 0],
    ['2026-03-30T06:00:00.000Z', '2026-03-30T08:00:00.000Z', 30],
  ]);
});

test('EVERYDAY stands for each day; fill mode "one" makes slots as "multi" does', () => {
  const slots = scheduleSlots(
    schedule({
      one: true,
      multi: false,
      startDate: '2026-05-04',
      endDate: '2026-05-06',
      timePeriods: [{ dayOfWeek: 'EVERYDAY', startTime: '00:00', endTime: '23:59' }],
    }),
    range,
  );
  assert.equal(slots.length, 3);
  assert.equal(slots[0]!.startsAt.toISOString(), '2026-05-03T22:00:00.000Z');
});

test('the assignment and the present cut the schedule', () => {
  const slots = scheduleSlots(schedule(), {
    validSince: '2026-03-29',
    validTo: '2026-03-29',
    notEndedBy: new Date('2026-03-01T00:00:00Z'),
  });
  assert.deepEqual(iso(slots), [['2026-03-29T06:00:00.000Z', '2026-03-29T07:00:00.000Z', 0]]);

  // A window that has ended is not made; the one under way is.
  const duringSunday = scheduleSlots(schedule(), { ...range, notEndedBy: new Date('2026-03-29T06:30:00Z') });
  assert.deepEqual(
    iso(duringSunday).map(([start]) => start),
    ['2026-03-29T06:00:00.000Z', '2026-03-30T06:00:00.000Z'],
  );
});

test('no slots without a schedule or in the "without" fill mode', () => {
  assert.deepEqual(scheduleSlots(null, range), []);
  assert.deepEqual(scheduleSlots(schedule({ one: false, multi: false }), range), []);
});
