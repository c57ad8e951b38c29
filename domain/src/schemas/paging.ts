import * as z from 'zod/mini';

/**
 * Paged lists (`GET /api/v2/...`): the query `page` (from 0), `pageSize`, `sortBy` (a column key,
 * `-` in front for descending) and the answer `{ content, totalElements, page, pageSize }`.
 */

/** Page sizes of the form, results-of-a-form and project lists (§9); 100 unless the user chose. */
export const PAGE_SIZES = [50, 100, 200, 300, 500] as const;
export const DEFAULT_PAGE_SIZE = 100;
/** The largest page any list serves, whatever size a client asks for. */
export const MAX_PAGE_SIZE = 500;

export type SortBy<Key extends string> = Key | `-${Key}`;

/** The query of a list sortable by `sortKeys`; any other `sortBy` is a 400 naming it. */
export function pagingQuery<const Key extends string>(sortKeys: readonly [Key, ...Key[]]) {
  const sortValues = [...sortKeys, ...sortKeys.map((key) => `-${key}` as const)] as [
    SortBy<Key>,
    ...SortBy<Key>[],
  ];
  return z.object({
    page: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
    pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE))),
    sortBy: z.optional(z.enum(sortValues)),
  });
}

export interface PagingQuery<Key extends string> {
  page?: number;
  pageSize?: number;
  sortBy?: SortBy<Key>;
}

export interface PageRequest<Key extends string> {
  page: number;
  pageSize: number;
  sort: { key: Key; descending: boolean };
}

/** The query with its defaults filled in. */
export function pageRequest<Key extends string>(
  { page = 0, pageSize = DEFAULT_PAGE_SIZE, sortBy }: PagingQuery<Key>,
  defaultSort: SortBy<Key>,
): PageRequest<Key> {
  const chosen = sortBy ?? defaultSort;
  const descending = chosen.startsWith('-');
  return { page, pageSize, sort: { key: (descending ? chosen.slice(1) : chosen) as Key, descending } };
}

export function pagedResponse<Item extends z.core.SomeType>(item: Item) {
  return z.object({
    content: z.array(item),
    totalElements: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
}

export interface Paged<Item> {
  content: Item[];
  totalElements: number;
  page: number;
  pageSize: number;
}
