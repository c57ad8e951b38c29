import {
  Body1,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { ScrollableTable } from './ScrollableTable';

export interface EmptyTableProps {
  label: string;
  columns: readonly string[];
  emptyText: string;
}

/** A table's header with one row saying there is nothing to show yet. */
export function EmptyTable({ label, columns, emptyText }: EmptyTableProps) {
  return (
    <ScrollableTable aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column}>{column}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell colSpan={columns.length}>
            <Body1>{emptyText}</Body1>
          </TableCell>
        </TableRow>
      </TableBody>
    </ScrollableTable>
  );
}
