import type { FormRule } from '@formularze/domain/schemas/form-template';
import { linearScale } from '../../../components/linear-scale';
import { chronological, niceTicks, pointsDomain, ruleBands } from '../trend-geometry';

const rules: FormRule[] = [
  { operator: 'GREATER_THAN', arg1: 20, color: '#ff0000', text: 'Pilny kontakt' },
  { operator: 'BETWEEN', arg1: 20, arg2: 10, color: '#ffcc00', text: 'Obserwacja' },
  { operator: 'LESS_THAN', arg1: 10, color: '#00aa00', text: null },
  { operator: 'EQUALS', arg1: 15, color: '#0000ff', text: 'Dokładnie 15' },
  { operator: 'GREATER_THAN', arg1: 50, text: 'Bez koloru', smsMessage: 'SMS' },
];

describe('score trend geometry', () => {
  it('maps values linearly, the y axis running upwards', () => {
    const y = linearScale({ min: 0, max: 40 }, { min: 300, max: 0 });
    expect(y(0)).toBe(300);
    expect(y(10)).toBe(225);
    expect(y(40)).toBe(0);
  });

  it('puts ticks on round numbers', () => {
    expect(niceTicks({ min: 0, max: 23 })).toEqual([0, 5, 10, 15, 20, 25]);
    expect(niceTicks({ min: 0, max: 22 })).toEqual([0, 5, 10, 15, 20, 25]);
    expect(niceTicks({ min: 0, max: 20 })).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks({ min: 0, max: 0.9 })).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('shows every score and threshold, from 0', () => {
    expect(pointsDomain([3, 12.5], rules)).toEqual({ min: 0, max: 50 });
    expect(pointsDomain([3, 7], [])).toEqual({ min: 0, max: 8 });
  });

  it("draws each coloured rule's range, the first rule on top", () => {
    expect(ruleBands(rules, { min: 0, max: 40 })).toEqual([
      { from: 0, to: 10, color: '#00aa00', label: null, range: 'poniżej 10.00 pkt' },
      { from: 10, to: 20, color: '#ffcc00', label: 'Obserwacja', range: '10.00–20.00 pkt' },
      { from: 20, to: 40, color: '#ff0000', label: 'Pilny kontakt', range: 'powyżej 20.00 pkt' },
    ]);
  });

  it('orders points by completion time', () => {
    const point = (filledFormId: number, completedAt: string) => ({
      filledFormId,
      completedAt,
      points: 1,
      text: null,
      color: null,
    });
    expect(
      chronological([point(2, '2026-03-02T10:00:00Z'), point(1, '2026-03-01T10:00:00Z')]).map(
        (each) => each.filledFormId,
      ),
    ).toEqual([1, 2]);
  });
});
