import { Spinner, Subtitle1, TableCell, TableRow } from '@fluentui/react-components';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { ApiClient } from 'shared-ui/api-client';
import { ColumnsTable, EmptyTable, ErrorPanel, PaginationFor, useStackStyles } from 'shared-ui/components';
import { useApiClient } from 'shared-ui/remote';
import type { Paged } from '@formularze/domain/schemas/paging';
import { SECTION_PAGE_SIZES, useSectionPaging, type SectionKey } from '../hooks/useSectionPaging';

/** Rows are keyed by the item's id. */
export interface SectionTableProps<Item extends { id: number }, Key extends QueryKey> {
  title: string;
  columns: readonly string[];
  /** Whose page and size are remembered. */
  section: SectionKey;
  /** The section's list query at the chosen page. */
  list(
    client: ApiClient,
    page: { page: number; pageSize: number },
  ): UseQueryOptions<Paged<Item>, Error, Paged<Item>, Key>;
  emptyText: string;
  /** One cell per column. */
  cells(item: Item): ReactNode[];
}

/** One section of the active forms page: a heading, its table and its own paging, loaded by `list`. */
export function SectionTable<Item extends { id: number }, Key extends QueryKey>({
  title,
  columns,
  section,
  list,
  emptyText,
  cells,
}: SectionTableProps<Item, Key>) {
  const stack = useStackStyles();
  const headingId = useId();
  const client = useApiClient();
  const paging = useSectionPaging(section);
  const query = useQuery(list(client, { page: paging.page, pageSize: paging.pageSize }));
  const page = query.data;
  return (
    <section aria-labelledby={headingId} className={stack.s}>
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
          <ColumnsTable aria-label={title} aria-busy={query.isFetching} columns={columns}>
            {page.content.map((item) => (
              <TableRow key={item.id}>
                {cells(item).map((cell, index) => (
                  <TableCell key={columns[index]}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </ColumnsTable>
          <PaginationFor
            label={`Strony listy: ${title}`}
            paging={paging}
            totalElements={page.totalElements}
            pageSizes={SECTION_PAGE_SIZES}
          />
        </>
      )}
    </section>
  );
}
