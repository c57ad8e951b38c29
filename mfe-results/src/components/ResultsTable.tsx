import { Spinner, TableBody, TableCell, TableRow, Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ScrollableTable, SortedListPagination, type SortedPaging } from 'shared-ui/components';
import type { ResultSort, ResultSortKey } from '@formularze/domain/schemas/results';
import { ResultsTableHeader, type ResultsHeaderColumn } from './ResultsTableHeader';
import type { ResultFilterState } from './result-filter';

export interface ResultsTableProps<Row, Column extends ResultsHeaderColumn> {
  /** The rows shown, when there are any: usually the query's data. */
  page: { content: readonly Row[]; totalElements: number } | undefined;
  query: { isPending: boolean; isFetching: boolean };
  /** Names the table, e.g. 'Wyniki'. */
  label: string;
  className?: string;
  columns: readonly Column[];
  /** The order, page and size (`useSortedPaging`). */
  list: SortedPaging<ResultSort>;
  /** The order a column starts in when first clicked. */
  firstOrderOf(key: ResultSortKey): 'ascending' | 'descending';
  filter: ResultFilterState;
  /** The empty list's text, the spinner's label and the pages' landmark. */
  texts: { empty: string; loading: string; pages: string };
  rowKey(row: Row): string;
  renderCell(column: Column, row: Row): ReactNode;
}

/**
 * A results table as both results screens show it: sortable headers with a filter row, the rows
 * (busy while the next page loads) or a row saying there are none, a spinner on the first load and
 * the pagination under it. A new sort starts again at the first page.
 */
export function ResultsTable<Row, Column extends ResultsHeaderColumn>({
  page,
  query,
  label,
  className,
  columns,
  list,
  firstOrderOf,
  filter,
  texts,
  rowKey,
  renderCell,
}: ResultsTableProps<Row, Column>) {
  return (
    <>
      <ScrollableTable sortable aria-label={label} className={className} aria-busy={query.isFetching}>
        <ResultsTableHeader
          columns={columns}
          sort={list.sort}
          onSort={list.setSort}
          firstOrderOf={firstOrderOf}
          filter={filter}
        />
        <TableBody>
          {page?.content.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.id}>{renderCell(column, row)}</TableCell>
              ))}
            </TableRow>
          ))}
          {page?.totalElements === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Text>{texts.empty}</Text>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </ScrollableTable>
      {query.isPending && <Spinner label={texts.loading} />}
      {page && <SortedListPagination label={texts.pages} list={list} totalElements={page.totalElements} />}
    </>
  );
}
