import {
  makeStyles,
  Spinner,
  Subtitle1,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { EmptyTable, ErrorPanel, Pagination, type PagingState, ScrollableTable } from 'shared-ui/components';
import type { Paged } from '@formularze/domain/schemas/paging';
import { SECTION_PAGE_SIZES } from '../hooks/useSectionPaging';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export interface SectionTableProps<Item> {
  title: string;
  columns: readonly string[];
  query: UseQueryResult<Paged<Item>>;
  paging: PagingState;
  emptyText: string;
  rowKey(item: Item): number;
  /** One cell per column. */
  cells(item: Item): ReactNode[];
}

/** One section of the active forms page: a heading, its table and its own paging. */
export function SectionTable<Item>({
  title,
  columns,
  query,
  paging,
  emptyText,
  rowKey,
  cells,
}: SectionTableProps<Item>) {
  const styles = useStyles();
  const headingId = useId();
  const page = query.data;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <Subtitle1 as="h3" id={headingId}>
        {title}
      </Subtitle1>
      {query.isError && !page && (
        <ErrorPanel
          title={`Nie udało się pobrać listy: ${title}`}
          message="Spróbuj ponownie za chwilę."
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isPending && <Spinner size="small" label="Wczytywanie" />}
      {page && page.totalElements === 0 && (
        <EmptyTable label={title} columns={columns} emptyText={emptyText} />
      )}
      {page && page.totalElements > 0 && (
        <>
          <ScrollableTable aria-label={title} aria-busy={query.isFetching}>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHeaderCell key={column}>{column}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.content.map((item) => (
                <TableRow key={rowKey(item)}>
                  {cells(item).map((cell, index) => (
                    <TableCell key={columns[index]}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </ScrollableTable>
          <Pagination
            label={`Strony listy: ${title}`}
            page={paging.page}
            pageSize={paging.pageSize}
            totalElements={page.totalElements}
            pageSizes={SECTION_PAGE_SIZES}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
          />
        </>
      )}
    </section>
  );
}
