import { Spinner, TableBody } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { Paged, SortBy } from '@formularze/domain/schemas/paging';
import { EmptyTable } from './EmptyTable';
import { ErrorPanel } from './ErrorPanel';
import { SortedListPagination } from './Pagination';
import { ScrollableTable } from './ScrollableTable';
import { SortableTableHeader } from './SortableTableHeader';
import type { SortedPaging } from './useSortedPaging';

/** How loading the list goes (a TanStack Query result fits). */
export interface PagedQuery {
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch(): unknown;
}

/** A list's texts from what it lists, in the genitive plural: `pagedListTexts('formularzy')`. */
export const pagedListTexts = (whatGenitive: string): PagedTableProps<unknown, string>['texts'] => ({
  loadError: `Nie udało się pobrać ${whatGenitive}`,
  loading: `Wczytywanie ${whatGenitive}`,
  empty: `Brak ${whatGenitive}`,
  pages: `Strony listy ${whatGenitive}`,
});

export interface PagedTableProps<Row, Key extends string> {
  /** The rows shown, when there are any: usually the query's data. */
  page: Paged<Row> | undefined;
  query: PagedQuery;
  /** Names the table, e.g. 'Formularze'. */
  label: string;
  /** `Key` is read from the columns alone: inferred from the sort as well, it widens to `string`. */
  columns: readonly { label: string; sortKey?: Key }[];
  /** The order, page and size (`useSortedPaging`). */
  list: SortedPaging<SortBy<NoInfer<Key>>>;
  /** The failed load's title, the spinner's label, the empty list's text and the pages' landmark. */
  texts: { loadError: string; loading: string; empty: string; pages: string };
  className?: string;
  /** One `TableRow` (with its key) per row. */
  renderRow(row: Row, index: number): ReactNode;
}

/**
 * A sortable, paged list as every list screen shows it: a failed first load with a retry, a spinner,
 * the empty table, or the rows (busy while the next page loads) and the pagination under them. A new
 * sort starts again at the first page.
 */
export function PagedTable<Row, Key extends string>({
  page,
  query,
  label,
  columns,
  list,
  texts,
  className,
  renderRow,
}: PagedTableProps<Row, Key>) {
  return (
    <>
      {query.isError && !page && (
        <ErrorPanel
          title={texts.loadError}
          message="Spróbuj ponownie później."
          onRetry={() => void query.refetch()}
        />
      )}
      {!page && query.isPending && <Spinner label={texts.loading} />}
      {page && page.totalElements === 0 && (
        <EmptyTable label={label} columns={columns.map((column) => column.label)} emptyText={texts.empty} />
      )}
      {page && page.totalElements > 0 && (
        <>
          <ScrollableTable sortable aria-label={label} className={className} aria-busy={query.isFetching}>
            <SortableTableHeader columns={columns} sortBy={list.sort} onSortChange={list.setSort} />
            <TableBody>{page.content.map(renderRow)}</TableBody>
          </ScrollableTable>
          <SortedListPagination label={texts.pages} list={list} totalElements={page.totalElements} />
        </>
      )}
    </>
  );
}
