import { FluentProvider } from '@fluentui/react-components';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { themeFor } from 'shared-ui/theme';
import { DEFAULT_PAGE_SIZE } from '@formularze/domain/schemas/paging';
import { Pagination, type PaginationProps } from '../Pagination';
import { usePagingCookie } from '../usePagingCookie';
import { useSortedPaging } from '../useSortedPaging';

function renderPagination(props: Partial<PaginationProps> = {}) {
  const onPageChange = jest.fn();
  const onPageSizeChange = jest.fn();
  render(
    <FluentProvider theme={themeFor({ theme: 'light', fontLevel: 0 })}>
      <Pagination
        page={1}
        pageSize={5}
        totalElements={23}
        pageSizes={[5, 10, 20, 50]}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        label="Strony listy"
        {...props}
      />
    </FluentProvider>,
  );
  return { onPageChange, onPageSizeChange };
}

describe('Pagination', () => {
  it('shows the range and moves between pages', async () => {
    const { onPageChange } = renderPagination();
    expect(screen.getByRole('navigation', { name: 'Strony listy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('6–10 z 23');
    await userEvent.click(screen.getByRole('button', { name: 'Następna strona' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ostatnia strona' }));
    await userEvent.click(screen.getByRole('button', { name: 'Poprzednia strona' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pierwsza strona' }));
    expect(onPageChange.mock.calls).toEqual([[2], [4], [0], [0]]);
  });

  it('disables what leads nowhere', () => {
    renderPagination({ page: 0, totalElements: 3 });
    expect(screen.getByRole('status')).toHaveTextContent('1–3 z 3');
    for (const name of ['Pierwsza strona', 'Poprzednia strona', 'Następna strona', 'Ostatnia strona']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('offers the sizes it is given', async () => {
    const { onPageSizeChange } = renderPagination({ pageSizes: [50, 100], pageSize: 50, page: 0 });
    const select = screen.getByLabelText('Wierszy na stronie');
    expect([...(select as HTMLSelectElement).options].map((option) => option.value)).toEqual(['50', '100']);
    await userEvent.selectOptions(select, '100');
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });

  it('says so when there is nothing', () => {
    renderPagination({ page: 0, totalElements: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('0–0 z 0');
  });
});

describe('usePagingCookie', () => {
  const options = { pageSizes: [5, 10, 20, 50], defaultPageSize: 5 };
  afterEach(() => Cookies.remove('paging-test'));

  it('starts at the first page with the default size, and remembers choices in the cookie', () => {
    const { result } = renderHook(() => usePagingCookie('paging-test', options));
    expect([result.current.page, result.current.pageSize]).toEqual([0, 5]);
    act(() => result.current.setPageSize(20));
    act(() => result.current.setPage(3));
    expect(JSON.parse(Cookies.get('paging-test') ?? '')).toEqual({ page: 3, pageSize: 20 });

    const again = renderHook(() => usePagingCookie('paging-test', options));
    expect([again.result.current.page, again.result.current.pageSize]).toEqual([3, 20]);
    // A new size starts over at the first page.
    act(() => again.result.current.setPageSize(10));
    expect([again.result.current.page, again.result.current.pageSize]).toEqual([0, 10]);
  });

  it('ignores a cookie it cannot use', () => {
    Cookies.set('paging-test', JSON.stringify({ page: -2, pageSize: 7 }));
    const { result } = renderHook(() => usePagingCookie('paging-test', options));
    expect([result.current.page, result.current.pageSize]).toEqual([0, 5]);
    Cookies.set('paging-test', 'nie json');
    const broken = renderHook(() => usePagingCookie('paging-test', options));
    expect(broken.result.current.pageSize).toBe(5);
  });
});

describe('useSortedPaging', () => {
  afterEach(() => Cookies.remove('forms-paging-7'));

  it("keeps the page in the user's cookie, and starts a new sort at the first page", () => {
    const { result } = renderHook(() => useSortedPaging('forms', 7, 'name'));
    expect(result.current.sort).toBe('name');
    act(() => result.current.paging.setPage(2));
    expect(JSON.parse(Cookies.get('forms-paging-7') ?? '')).toEqual({ page: 2, pageSize: DEFAULT_PAGE_SIZE });
    expect(result.current.pageParams).toEqual({ page: 2, pageSize: DEFAULT_PAGE_SIZE });

    act(() => result.current.setSort('-name'));
    expect(result.current.sort).toBe('-name');
    expect(result.current.pageParams.page).toBe(0);
  });
});
