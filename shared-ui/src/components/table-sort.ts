import type { SortBy } from '@formularze/domain/schemas/paging';

/** Clicking the sorted column turns its order around; another column starts with `firstOrder`. */
export function nextSort<Key extends string>(
  current: SortBy<Key>,
  key: Key,
  firstOrder: 'ascending' | 'descending' = 'ascending',
): SortBy<Key> {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return key;
  return firstOrder === 'ascending' ? key : `-${key}`;
}

/** A column's `sortDirection` for Fluent's sortable table header: undefined when not sorted by it. */
export function sortDirectionOf<Key extends string>(current: SortBy<Key>, key: Key) {
  if (current === key) return 'ascending' as const;
  if (current === `-${key}`) return 'descending' as const;
  return undefined;
}
