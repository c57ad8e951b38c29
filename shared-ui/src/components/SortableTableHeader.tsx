import { TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { SortBy } from '@formularze/domain/schemas/paging';
import { nextSort, sortDirectionOf } from './table-sort';

export interface SortableTableHeaderProps<Key extends string> {
  /** Columns in order; those with a `sortKey` sort the table when clicked. */
  columns: readonly { label: string; sortKey?: Key }[];
  sortBy: SortBy<Key>;
  onSortChange(sortBy: SortBy<Key>): void;
}

/** A Fluent table's header whose sortable columns turn their order around on each click. */
export function SortableTableHeader<Key extends string>({
  columns,
  sortBy,
  onSortChange,
}: SortableTableHeaderProps<Key>) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map(({ label, sortKey }) =>
          sortKey ? (
            <TableHeaderCell
              key={label}
              sortDirection={sortDirectionOf(sortBy, sortKey)}
              onClick={() => onSortChange(nextSort(sortBy, sortKey))}
            >
              {label}
            </TableHeaderCell>
          ) : (
            <TableHeaderCell key={label}>{label}</TableHeaderCell>
          ),
        )}
      </TableRow>
    </TableHeader>
  );
}
