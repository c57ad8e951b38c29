import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@formularze/domain/schemas/paging';
import { usePagingCookie, type PagingCookieOptions, type PagingState } from './usePagingCookie';

/** A sorted, paged list's order, page and page size, as its table and its read both need them. */
export interface SortedPaging<Sort> {
  sort: Sort;
  /** A new sort starts again at the first page. */
  setSort(sort: Sort): void;
  paging: PagingState;
  pageSizes: readonly number[];
  /** The page and size as a list read asks for them. */
  pageParams: { page: number; pageSize: number };
}

const LIST_PAGE_SIZES: PagingCookieOptions = { pageSizes: PAGE_SIZES, defaultPageSize: DEFAULT_PAGE_SIZE };

/**
 * The order of the list `list` (kept for this visit) and its page and size, remembered per user in
 * the cookie `<list>-paging-<user id>` (`guest` before sign-in).
 */
export function useSortedPaging<Sort>(
  list: string,
  personId: number | undefined,
  defaultSort: Sort,
  sizes: PagingCookieOptions = LIST_PAGE_SIZES,
): SortedPaging<Sort> {
  const paging = usePagingCookie(`${list}-paging-${personId ?? 'guest'}`, sizes);
  const [sort, setSort] = useState(defaultSort);
  return {
    sort,
    setSort: (next) => {
      setSort(next);
      paging.setPage(0);
    },
    paging,
    pageSizes: sizes.pageSizes,
    pageParams: { page: paging.page, pageSize: paging.pageSize },
  };
}
