import { useState } from 'react';
import { useDebouncedCallback } from 'shared-ui/components';
import type { ResultFilter, ResultFilterCondition } from '@formularze/domain/schemas/results';

/** §5 "Filters": results filters apply 700 ms after the typing stops. */
export const RESULTS_FILTER_DEBOUNCE_MS = 700;

/** How a column's filter box reads what is typed into it. */
export type FilterKind = 'text' | 'number' | 'day';

export interface FilterColumn {
  /** The field of the filter language, e.g. `group.name`, `data.pain`. */
  field: string;
  kind: FilterKind;
}

/** A number typed with a dot or a comma; undefined when the text is blank or no number. */
export function typedNumber(text: string): number | undefined {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

/** What is typed in a box as a condition: text contains, a number or a day is; null when it says nothing yet. */
export function conditionOf({ field, kind }: FilterColumn, typed: string): ResultFilterCondition | null {
  const value = typed.trim();
  if (!value) return null;
  switch (kind) {
    case 'number': {
      const number = typedNumber(value);
      return number === undefined ? null : { field, operator: 'is', value: number };
    }
    case 'day':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? { field, operator: 'is', value } : null;
    default:
      return { field, operator: 'contains', value };
  }
}

export interface ResultFilterState {
  /** What is typed in each column's box, by field. */
  typed: Record<string, string>;
  /** The conditions in force: the boxes as they were when the typing last stopped. */
  applied: ResultFilter;
  change(column: FilterColumn, value: string): void;
}

/**
 * The filter row of a results table: the boxes follow each keystroke, the conditions only once the
 * typing has stopped for 700 ms (then `onApplied`, e.g. back to the first page).
 */
export function useResultFilter(onApplied: () => void): ResultFilterState {
  const [boxes, setBoxes] = useState<Record<string, { column: FilterColumn; value: string }>>({});
  const [applied, setApplied] = useState<ResultFilter>([]);
  const apply = useDebouncedCallback((current: typeof boxes) => {
    setApplied(
      Object.values(current).flatMap(({ column, value }) => {
        const condition = conditionOf(column, value);
        return condition ? [condition] : [];
      }),
    );
    onApplied();
  }, RESULTS_FILTER_DEBOUNCE_MS);
  return {
    typed: Object.fromEntries(Object.entries(boxes).map(([field, { value }]) => [field, value])),
    applied,
    change(column, value) {
      const next = { ...boxes, [column.field]: { column, value } };
      setBoxes(next);
      apply(next);
    },
  };
}
