import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestKitPage } from '../components/TestKitPage';
import { apiFailure } from 'shared-ui/testing';
import { aCartItem, api, renderCartScreen, PRICES, zloty } from './cart-fixtures';

const renderPage = () => renderCartScreen(<TestKitPage />, '/test-kit');

const amountOf = (name: string) => screen.getByRole('spinbutton', { name: `Liczba sztuk: ${name}` });
const addButton = () => screen.getByRole('button', { name: 'Dodaj do koszyka' });

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: PRICES });
});

describe('TestKitPage', () => {
  it('shows every kit with its description and gross unit price', async () => {
    const { setTitle } = renderPage();
    const kits = await screen.findByRole('list', { name: 'Zestawy testowe' });
    expect(
      within(kits)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Węch i smak', 'Węch', 'Smak']);
    expect(api.get).toHaveBeenCalledWith('/api/cart/price_list');
    expect(screen.getByText('Próbki zapachowe')).toBeInTheDocument();
    // 120,00 zł net + 8% VAT.
    expect(screen.getByText(`${zloty(12960)} za sztukę (w tym VAT 8%)`)).toBeInTheDocument();
    expect(setTitle).toHaveBeenCalledWith('Zestawy testowe');
    expect(addButton()).toBeDisabled();
  });

  it('adds the chosen amounts to the cart and opens it', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValue({ data: aCartItem() });
    const { show, navigate } = renderPage();
    await user.type(
      await screen.findByRole('spinbutton', { name: 'Liczba sztuk: Węch' }),
      '{ArrowUp}{ArrowUp}',
    );
    await user.type(amountOf('Smak'), '{ArrowUp}');
    // 2 × 75,60 zł + 64,80 zł.
    expect(screen.getByRole('status')).toHaveTextContent(`Razem: ${zloty(21600)}`);

    await user.click(addButton());
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/cart', {
        elements: [
          { testType: 'SMELL_TEST', amount: 2 },
          { testType: 'TASTE_TEST', amount: 1 },
        ],
      }),
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/shopping-cart'));
    expect(show).toHaveBeenCalledWith({ text: 'Dodano do koszyka' });
  });

  it('keeps a typed amount within 0 to 99', async () => {
    const user = userEvent.setup();
    renderPage();
    const amount = await screen.findByRole('spinbutton', { name: 'Liczba sztuk: Węch i smak' });
    await user.clear(amount);
    await user.type(amount, '150');
    await user.tab();
    expect(amount).toHaveValue('99');
    await user.clear(amount);
    await user.type(amount, 'abc');
    await user.tab();
    expect(amount).toHaveValue('0');
    expect(addButton()).toBeDisabled();
  });

  it('tells why a kit could not be added', async () => {
    const user = userEvent.setup();
    api.post.mockRejectedValue(apiFailure(400, { message: 'Podaj liczbę sztuk od 1 do 99' }));
    const { show, navigate } = renderPage();
    await user.type(await screen.findByRole('spinbutton', { name: 'Liczba sztuk: Węch' }), '{ArrowUp}');
    await user.click(addButton());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Nie udało się dodać do koszyka (Podaj liczbę sztuk od 1 do 99)',
        isError: true,
      }),
    );
    expect(navigate).not.toHaveBeenCalled();
  });
});
