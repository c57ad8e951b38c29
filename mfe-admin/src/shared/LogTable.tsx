import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadedTable, PaginationFor, type PagingState } from 'shared-ui/components';
import type { Paged } from '@formularze/domain/schemas/paging';
import { LOG_PAGE_SIZES } from './log-filter';

export interface LogTableProps<Entry> {
  /** The page of entries, kept while the next one loads. */
  query: UseQueryResult<Paged<Entry>>;
  /** Names the table. */
  label: string;
  columns: readonly string[];
  /** The failed load's title, the spinner's label, the empty log's text and the pages' landmark. */
  texts: { loadError: string; loading: string; empty: string; pages: string };
  paging: PagingState;
  /** One `TableRow` (with its key) per entry. */
  renderRow(entry: Entry): ReactNode;
}

/** Who an entry's account is: its name (or number) and its role. */
export const actorText = (actor: { id: number; name: string | null; role: string | null } | null) =>
  actor ? `${actor.name ?? `Konto ${actor.id}`} (${actor.role ?? '—'})` : '—';

/**
 * A page of a log's entries, newest first: a failed first load with a retry, a spinner, the empty
 * log, or the entries (busy while the next page loads) and the pages under them.
 */
export function LogTable<Entry>({ query, label, columns, texts, paging, renderRow }: LogTableProps<Entry>) {
  const page = query.data;
  return (
    <LoadedTable
      // A page already shown stays when reading it again fails: only a load with nothing to show fails.
      query={{ isPending: query.isPending, isError: query.isError && !page, refetch: query.refetch }}
      rows={page?.content}
      empty={page?.totalElements === 0}
      label={label}
      columns={columns}
      texts={texts}
      busy={query.isFetching}
      renderRow={renderRow}
    >
      {page && (
        <PaginationFor
          label={texts.pages}
          paging={paging}
          totalElements={page.totalElements}
          pageSizes={LOG_PAGE_SIZES}
        />
      )}
    </LoadedTable>
  );
}
