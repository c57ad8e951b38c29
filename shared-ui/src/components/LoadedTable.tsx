import type { ReactNode } from 'react';
import { ColumnsTable } from './ColumnsTable';
import { EmptyTable } from './EmptyTable';
import { PendingOrFailed, type ReadStatusQuery } from './QueryContent';

export interface LoadedTableProps<Row> {
  /** How loading the rows goes. */
  query: ReadStatusQuery;
  /** The rows once loaded. */
  rows: readonly Row[] | undefined;
  /** Whether there is nothing to list (e.g. no rows, or a page's total of 0). */
  empty: boolean;
  /** Names the table. */
  label: string;
  columns: readonly string[];
  /** The spinner's label, the failed load's title and the empty list's text. */
  texts: { loading: string; loadError: string; empty: string };
  /** Marks the table busy (e.g. while the next page loads). */
  busy?: boolean;
  /** Shown under the empty table (e.g. where to start). */
  afterEmpty?: ReactNode;
  /** One `TableRow` (with its key) per row. */
  renderRow(row: Row, index: number): ReactNode;
  /** Shown under the rows (e.g. the pagination). */
  children?: ReactNode;
}

/**
 * A list loaded from the API, shown one way everywhere: a spinner, a failed load with a retry, the
 * empty table, or the rows under plain column headers.
 */
export function LoadedTable<Row>({
  query,
  rows,
  empty,
  label,
  columns,
  texts,
  busy,
  afterEmpty,
  renderRow,
  children,
}: LoadedTableProps<Row>) {
  if (query.isPending || query.isError) return <PendingOrFailed query={query} texts={texts} />;
  if (empty) {
    return (
      <>
        <EmptyTable label={label} columns={columns} emptyText={texts.empty} />
        {afterEmpty}
      </>
    );
  }
  return (
    <>
      <ColumnsTable aria-label={label} aria-busy={busy} columns={columns}>
        {rows?.map(renderRow)}
      </ColumnsTable>
      {children}
    </>
  );
}
