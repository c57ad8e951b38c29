import { formatRemaining } from '../countdown';

describe('formatRemaining', () => {
  it.each([
    [0, '00:00:00'],
    [999, '00:00:00'],
    [61_000, '00:01:01'],
    [3_600_000 * 2 + 5 * 60_000 + 9_000, '02:05:09'],
    [3_600_000 * 30, '30:00:00'],
    [-1, '---'],
  ])('%d ms → %s', (remaining, text) => {
    expect(formatRemaining(remaining)).toBe(text);
  });
});
