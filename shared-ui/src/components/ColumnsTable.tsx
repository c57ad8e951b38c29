import { TableBody, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ScrollableTable, type ScrollableTableProps } from './ScrollableTable';

export type ColumnsTableProps = ScrollableTableProps & {
  /** The header's texts, one plain (not sortable) header cell each. */
  columns: readonly string[];
  /** The body's rows, one `TableRow` each. */
  children: ReactNode;
};

/** A scrollable table under a row of plain column headers: the header every unsorted table shows. */
export function ColumnsTable({ columns, children, ...tableProps }: ColumnsTableProps) {
  return (
    <ScrollableTable {...tableProps}>
      <TableHeader>
        <TableRow>
          {columns.map((column, index) => (
            // Texts may repeat (the same measures before and after a change); a header cell keeps no state.
            <TableHeaderCell key={index}>{column}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </ScrollableTable>
  );
}
