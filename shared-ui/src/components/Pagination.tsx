import { Button, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular } from '@fluentui/react-icons/svg/chevron-left';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { PreviousRegular } from '@fluentui/react-icons/svg/previous';
import { NextRegular } from '@fluentui/react-icons/svg/next';
import type { PagingState } from './usePagingCookie';
import type { SortedPaging } from './useSortedPaging';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  size: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // A horizontal Field gives its label a third of the width, which squeezes 'Wierszy na stronie'
  // into three lines and out of its box at the larger fonts: the label takes what it needs.
  sizeField: { gridTemplateColumns: 'auto auto', columnGap: tokens.spacingHorizontalS },
  sizeLabel: { whiteSpace: 'nowrap' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

export interface PaginationProps {
  /** From 0. */
  page: number;
  pageSize: number;
  totalElements: number;
  /** The sizes offered, e.g. 5, 10, 20, 50 for members. */
  pageSizes: readonly number[];
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  /** Names the navigation landmark, e.g. 'Strony listy członków'. */
  label: string;
}

/** Page size, the range shown ("6–10 z 23") and first / previous / next / last page buttons. */
export function Pagination({
  page,
  pageSize,
  totalElements,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  label,
}: PaginationProps) {
  const styles = useStyles();
  const lastPage = Math.max(0, Math.ceil(totalElements / pageSize) - 1);
  const first = totalElements === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(totalElements, (page + 1) * pageSize);
  const go = (target: number) => onPageChange(Math.min(Math.max(target, 0), lastPage));
  return (
    <nav className={styles.bar} aria-label={label}>
      <div className={styles.size}>
        <Field
          className={styles.sizeField}
          label={{ children: 'Wierszy na stronie', className: styles.sizeLabel }}
          orientation="horizontal"
        >
          <Select value={String(pageSize)} onChange={(_event, data) => onPageSizeChange(Number(data.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Text role="status">
        {first}–{last} z {totalElements}
      </Text>
      <div className={styles.buttons}>
        <Button
          appearance="subtle"
          icon={<PreviousRegular />}
          aria-label="Pierwsza strona"
          disabled={page <= 0}
          onClick={() => go(0)}
        />
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          aria-label="Poprzednia strona"
          disabled={page <= 0}
          onClick={() => go(page - 1)}
        />
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          aria-label="Następna strona"
          disabled={page >= lastPage}
          onClick={() => go(page + 1)}
        />
        <Button
          appearance="subtle"
          icon={<NextRegular />}
          aria-label="Ostatnia strona"
          disabled={page >= lastPage}
          onClick={() => go(lastPage)}
        />
      </div>
    </nav>
  );
}

export type PaginationForProps = Omit<
  PaginationProps,
  'page' | 'pageSize' | 'onPageChange' | 'onPageSizeChange'
> & {
  /** The page and size, and how to change them (e.g. `usePagingCookie`). */
  paging: PagingState;
};

/** The pagination of a list whose page and size `paging` holds. */
export function PaginationFor({ paging, ...props }: PaginationForProps) {
  return (
    <Pagination
      {...props}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={paging.setPage}
      onPageSizeChange={paging.setPageSize}
    />
  );
}

export type SortedListPaginationProps = Omit<PaginationForProps, 'paging' | 'pageSizes'> & {
  list: SortedPaging<unknown>;
};

/** The pagination under a sorted, paged list (`useSortedPaging`). */
export function SortedListPagination({ list, ...props }: SortedListPaginationProps) {
  return <PaginationFor {...props} paging={list.paging} pageSizes={list.pageSizes} />;
}
