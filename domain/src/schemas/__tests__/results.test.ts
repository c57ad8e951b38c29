import { latestResultsRequest, parseResultFilter } from '../results';

describe('results filter', () => {
  it('reads the conditions from the array or from its JSON text', () => {
    const conditions = [
      { field: 'data.pain', operator: 'between', value: [2, null] },
      { field: 'completedAt', operator: 'between', value: ['2026-06-01', '2026-06-02T10:00:00Z'] },
      { field: 'filledBy', operator: 'contains', value: 'Kowal' },
      { field: 'fieldWeight.pain', operator: 'is', value: 3 },
    ];
    expect(parseResultFilter(conditions)).toEqual({ ok: true, filter: conditions });
    expect(parseResultFilter(JSON.stringify(conditions))).toEqual({ ok: true, filter: conditions });
    expect(parseResultFilter(undefined)).toEqual({ ok: true, filter: [] });
    expect(parseResultFilter('')).toEqual({ ok: true, filter: [] });
  });

  it('names what it cannot use, in Polish', () => {
    const problem = (input: unknown) => {
      const parsed = parseResultFilter(input);
      return parsed.ok ? null : parsed.message;
    };
    expect(problem([{ field: 'user.password', operator: 'is', value: 'x' }])).toBe(
      'Nie można filtrować wyników po polu „user.password”',
    );
    expect(problem([{ field: 'totalWeight', operator: 'gt', value: 1 }])).toBe(
      'Nieznany warunek filtra „gt”',
    );
    expect(problem([{ field: 'state', operator: 'contains', value: 'MISS' }])).toBe(
      'Pole „state” nie przyjmuje warunku „contains”',
    );
    expect(problem([{ field: 'completedAt', operator: 'is', value: '1/6/2026' }])).toBe(
      'Nieprawidłowa wartość filtra pola „completedAt”',
    );
    expect(problem([{ field: 'data.pain', operator: 'between', value: [1, 'x'] }])).toBe(
      'Nieprawidłowa wartość filtra pola „data.pain”',
    );
    expect(problem([{ field: `data.${'x'.repeat(101)}`, operator: 'is', value: 1 }])).not.toBeNull();
    expect(problem('not json')).toBe('Nieprawidłowy filtr wyników');
    expect(
      problem(Array.from({ length: 21 }, () => ({ field: 'state', operator: 'is', value: 'MISSED' }))),
    ).toBe('Nieprawidłowy filtr wyników');
  });

  it('sorts by the listed keys only', () => {
    expect(latestResultsRequest.safeParse({ sort: '-totalWeight' }).success).toBe(true);
    expect(latestResultsRequest.safeParse({ sort: 'data.pain' }).success).toBe(false);
  });
});
