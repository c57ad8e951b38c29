import { Body1, TableCell, TableRow } from '@fluentui/react-components';
import { ColumnsTable } from './ColumnsTable';

export interface EmptyTableProps {
  label: string;
  columns: readonly string[];
  emptyText: string;
}

/** A table's header with one row saying there is nothing to show yet. */
export function EmptyTable({ label, columns, emptyText }: EmptyTableProps) {
  return (
    <ColumnsTable aria-label={label} columns={columns}>
      <TableRow>
        <TableCell colSpan={columns.length}>
          <Body1>{emptyText}</Body1>
        </TableCell>
      </TableRow>
    </ColumnsTable>
  );
}
