import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { OrdersPage } from '../components/OrdersPage';
import { aCartItem, api, zloty } from './cart-fixtures';

const latest = aCartItem({
  id: 8,
  elements: [
    { testType: 'SMELLTASTE_TEST', amount: 1 },
    { testType: 'TASTE_TEST', amount: 3 },
  ],
  orderedAt: '2026-06-11T08:30:00.000Z',
});
const earlier = aCartItem({ id: 5, orderedAt: '2026-06-01T16:05:00.000Z' });

const page = (content: unknown[], totalElements = content.length) => ({
  data: { content, totalElements, page: 0, pageSize: 10 },
});

function renderPage() {
  const setTitle = jest.fn();
  renderInRemote('mfe-filling', <OrdersPage />, {
    path: '/orders',
    person: aPerson('ROLE_USER', { id: 41 }),
    shell: { page: { setTitle } },
    api,
  });
  return { setTitle };
}

beforeEach(() => {
  jest.clearAllMocks();
  Cookies.remove('orders-paging-41', { path: '/' });
  api.get.mockResolvedValue(page([latest, earlier]));
});

describe('OrdersPage', () => {
  it('lists the orders as the API sends them (latest first) with date, kits, address, total and status', async () => {
    const { setTitle } = renderPage();
    const table = await screen.findByRole('table', { name: 'Twoje zamówienia' });
    expect(api.get).toHaveBeenCalledWith('/api/orders', { params: { page: 0, pageSize: 10 } });
    expect(setTitle).toHaveBeenCalledWith('Zamówienia');
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = within(rows[0]!).getAllByRole('cell');
    // 10:30 in Warsaw.
    expect(cells[0]).toHaveTextContent('2026-06-11 10:30');
    expect(
      within(cells[1]!)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Węch i smak – 1 szt.', 'Smak – 3 szt.']);
    expect(cells[2]).toHaveTextContent('Maria Wiśniewska, Jasna 1A/3, 00-950 Warszawa');
    // 120,00 + 3 × 60,00 net, + 8% VAT.
    expect(cells[3]).toHaveTextContent(zloty(32400));
    expect(cells[4]).toHaveTextContent('Przyjęte do realizacji');
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('2026-06-01 18:05');
  });

  it('pages through the orders', async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(page([latest], 12));
    renderPage();
    await screen.findByRole('table', { name: 'Twoje zamówienia' });
    const pages = screen.getByRole('navigation', { name: 'Strony listy zamówień' });
    await user.click(within(pages).getByRole('button', { name: 'Następna strona' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/api/orders', { params: { page: 1, pageSize: 10 } }),
    );
  });

  it('says there are no orders yet and links to the test kits', async () => {
    api.get.mockResolvedValue(page([]));
    renderPage();
    expect(await screen.findByText('Nie masz jeszcze zamówień.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zamów zestawy testowe' })).toHaveAttribute('href', '/test-kit');
  });
});
