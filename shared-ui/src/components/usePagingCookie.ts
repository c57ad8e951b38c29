import Cookies from 'js-cookie';
import { useCallback, useState } from 'react';

export interface PagingCookieOptions {
  pageSizes: readonly number[];
  defaultPageSize: number;
}

export interface PagingState {
  /** From 0, as the API counts. */
  page: number;
  pageSize: number;
  setPage(page: number): void;
  /** A new size starts again at the first page. */
  setPageSize(pageSize: number): void;
}

/** A year: long enough that a returning user finds the list as they left it. */
const COOKIE_DAYS = 365;

interface Paging {
  page: number;
  pageSize: number;
}

function readCookie(name: string, { pageSizes, defaultPageSize }: PagingCookieOptions): Paging {
  try {
    const stored = JSON.parse(Cookies.get(name) ?? '{}') as { page?: unknown; pageSize?: unknown };
    const page = Number.isInteger(stored.page) && (stored.page as number) >= 0 ? (stored.page as number) : 0;
    const pageSize = pageSizes.includes(stored.pageSize as number)
      ? (stored.pageSize as number)
      : defaultPageSize;
    return { page, pageSize };
  } catch {
    return { page: 0, pageSize: defaultPageSize };
  }
}

/**
 * A paged list's page and page size, remembered in the cookie `name` (give it the user's id, so
 * people sharing a browser keep their own). A stored size that is no longer offered falls back to
 * the default.
 */
export function usePagingCookie(name: string, options: PagingCookieOptions): PagingState {
  const [state, setState] = useState(() => readCookie(name, options));
  const update = useCallback(
    (change: (current: Paging) => Paging) =>
      setState((current) => {
        const next = change(current);
        if (next.page === current.page && next.pageSize === current.pageSize) return current;
        Cookies.set(name, JSON.stringify(next), {
          expires: COOKIE_DAYS,
          // eslint-disable-next-line routes/address-from-table -- the cookie's scope, the whole site
          path: '/',
          sameSite: 'strict',
          secure: window.location.protocol === 'https:',
        });
        return next;
      }),
    [name],
  );
  const setPage = useCallback((page: number) => update((current) => ({ ...current, page })), [update]);
  const setPageSize = useCallback((pageSize: number) => update(() => ({ page: 0, pageSize })), [update]);
  return { ...state, setPage, setPageSize };
}
