import {
  formatAnswerDate,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDay,
  formatPoints,
} from '../display-format';

describe('display formats', () => {
  it('shows instants in Polish time, summer and winter', () => {
    expect(formatDateTime('2026-06-10T09:05:00.000Z')).toBe('2026-06-10 11:05');
    expect(formatDateTime('2026-01-15T23:30:00.000Z')).toBe('2026-01-16 00:30');
    expect(formatDay('2026-06-30T22:00:00.000Z')).toBe('01/07/2026');
    expect(formatDate('2026-06-30T22:00:00.000Z')).toBe('2026-07-01');
    expect(formatDate(new Date('2026-01-31T12:00:00.000Z'))).toBe('2026-01-31');
  });

  it('reads every instant as the time zone data does, across the changes to and from summer time', () => {
    const direct = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Warsaw',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // Every 7 minutes through 2026's spring and autumn changes (29 March, 25 October), and one
    // instant in each of sixty years around now.
    const instants: Date[] = [];
    for (const start of ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z']) {
      for (let minute = 0; minute < 12 * 60; minute += 7) {
        instants.push(new Date(Date.parse(start) + minute * 60_000 + 13_000));
      }
    }
    for (let year = 1990; year < 2050; year += 1)
      instants.push(new Date(Date.UTC(year, year % 12, 3, year % 24, 59)));
    for (const instant of instants) {
      expect([instant.toISOString(), formatDateTime(instant)]).toEqual([
        instant.toISOString(),
        direct.format(instant),
      ]);
    }
    expect(() => formatDateTime('nie data')).toThrow(RangeError);
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTime('2026-03-01T23:00:00.000Z')).toBe('2026-03-02 00:00');
  });

  it('shows typed dates as dd/MM/yyyy', () => {
    expect(formatAnswerDate('2026/06/09')).toBe('09/06/2026');
    expect(formatAnswerDate('2026/06/09 14:30')).toBe('09/06/2026 14:30');
    expect(formatAnswerDate('2026-06-09T12:30:00Z')).toBe('09/06/2026 14:30');
    expect(formatAnswerDate('jutro')).toBe('jutro');
    expect(formatCalendarDay('2026-06-20')).toBe('20/06/2026');
  });

  it('rounds points to 2 decimals', () => {
    expect(formatPoints(3.456)).toBe('3.46');
    expect(formatPoints(2)).toBe('2.00');
  });
});
