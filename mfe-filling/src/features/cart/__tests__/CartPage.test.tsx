import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartPage } from '../components/CartPage';
import { apiFailure } from 'shared-ui/testing';
import { aCartItem, api, renderCartScreen, FULL_ADDRESS, zloty } from './cart-fixtures';

const renderPage = () => renderCartScreen(<CartPage />, '/shopping-cart');

const item = () => screen.findByRole('region', { name: 'Pozycja koszyka 1' });
const buyButton = (region: HTMLElement) => within(region).getByRole('button', { name: 'Kup' });
const TIP = 'Uzupełnij dane adresowe';

const withoutStreet = aCartItem({
  elements: [
    { testType: 'SMELL_TEST', amount: 1 },
    { testType: 'TASTE_TEST', amount: 3 },
  ],
  deliveryInfo: { name: 'Maria Wiśniewska', street: '', zipCode: '', city: '' },
});

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: [aCartItem()] });
});

afterEach(() => jest.useRealTimers());

describe('CartPage', () => {
  it('says the cart is empty and links to the test kits', async () => {
    api.get.mockResolvedValue({ data: [] });
    const { setTitle } = renderPage();
    expect(await screen.findByText(/Koszyk jest pusty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wybierz zestawy testowe' })).toHaveAttribute(
      'href',
      '/test-kit',
    );
    expect(screen.getByRole('heading', { name: 'Koszyk zamówień' })).toBeInTheDocument();
    expect(setTitle).toHaveBeenCalledWith('Koszyk zamówień');
    expect(api.get).toHaveBeenCalledWith('/api/cart');
  });

  it('shows the kits by their Polish names, the totals with VAT and the delivery and billing data', async () => {
    renderPage();
    const region = await item();
    const lines = within(region).getByRole('table', { name: 'Zestawy testowe, pozycja 1' });
    const firstLine = within(lines).getAllByRole('row')[1]!;
    expect(
      within(firstLine)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Węch i smak', '2', zloty(12000), `${zloty(1920)} (8%)`, zloty(25920)]);
    expect(within(lines).getByText(`Do zapłaty: ${zloty(25920)}`)).toBeInTheDocument();
    expect(within(region).getByRole('textbox', { name: /Imię i nazwisko odbiorcy/ })).toHaveValue(
      'Maria Wiśniewska',
    );
    expect(within(region).getByRole('textbox', { name: /Kod pocztowy/ })).toHaveValue('00-950');
    expect(within(region).getByRole('textbox', { name: /Nabywca/ })).toHaveValue('Maria Wiśniewska');
    expect(within(region).queryByText(TIP)).not.toBeInTheDocument();
    expect(buyButton(region)).not.toHaveAttribute('aria-disabled');
  });

  it('keeps buying unavailable with a tip while the delivery address is incomplete', async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue({ data: [withoutStreet] });
    renderPage();
    const region = await item();
    expect(within(region).getByText(TIP)).toBeInTheDocument();
    expect(buyButton(region)).toHaveAttribute('aria-disabled', 'true');
    expect(buyButton(region)).toHaveAccessibleDescription(TIP);
    await user.click(buyButton(region));
    expect(api.put).not.toHaveBeenCalled();

    await user.type(within(region).getByRole('textbox', { name: /Ulica i numer/ }), 'Polna 5');
    await user.type(within(region).getByRole('textbox', { name: /Kod pocztowy/ }), '31000');
    expect(within(region).getByRole('textbox', { name: /Kod pocztowy/ })).toHaveValue('31-000');
    expect(buyButton(region)).toHaveAttribute('aria-disabled', 'true');
    await user.type(within(region).getByRole('textbox', { name: /Miejscowość/ }), 'Kraków');
    expect(within(region).queryByText(TIP)).not.toBeInTheDocument();
    expect(buyButton(region)).not.toHaveAttribute('aria-disabled');

    // A name emptied again makes it incomplete again.
    await user.clear(within(region).getByRole('textbox', { name: /Imię i nazwisko odbiorcy/ }));
    expect(within(region).getByText(TIP)).toBeInTheDocument();
  });

  it("buys: shows 'Dokonywanie zakupu', and opens the orders 500 ms after the purchase", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.put.mockResolvedValue({ data: aCartItem({ orderedAt: '2026-06-10T10:05:00.000Z' }) });
    const { navigate } = renderPage();
    await user.click(buyButton(await item()));

    expect(await screen.findByText('Dokonywanie zakupu')).toBeInTheDocument();
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/cart/1/buy'));
    // Nothing was edited, so nothing is saved first.
    expect(api.put).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(499));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByText('Dokonywanie zakupu')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(navigate).toHaveBeenCalledWith('/orders');
  });

  it('saves the address typed just before buying, then buys', async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue({ data: [withoutStreet] });
    api.put.mockImplementation((url: string) =>
      Promise.resolve({
        data: url.endsWith('/buy')
          ? aCartItem({ orderedAt: '2026-06-10T10:05:00.000Z' })
          : aCartItem({ deliveryInfo: FULL_ADDRESS }),
      }),
    );
    const { navigate } = renderPage();
    const region = await item();
    await user.type(within(region).getByRole('textbox', { name: /Ulica i numer/ }), ' Jasna 1A/3 ');
    await user.type(within(region).getByRole('textbox', { name: /Kod pocztowy/ }), '00950');
    await user.type(within(region).getByRole('textbox', { name: /Miejscowość/ }), 'Warszawa');
    await user.click(buyButton(region));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/orders'));
    expect(api.put.mock.calls).toEqual([
      [
        '/api/cart/1',
        {
          elements: withoutStreet.elements,
          deliveryInfo: FULL_ADDRESS,
          billingInfo: { name: 'Maria Wiśniewska' },
        },
      ],
      ['/api/cart/1/buy'],
    ]);
  });

  it('shows why a purchase was refused and stays in the cart', async () => {
    const user = userEvent.setup();
    api.put.mockRejectedValue(apiFailure(409, { message: 'Ta pozycja koszyka została już zamówiona' }));
    const { show, navigate } = renderPage();
    await user.click(buyButton(await item()));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Zakup nie powiódł się (Ta pozycja koszyka została już zamówiona)',
        isError: true,
      }),
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByText('Dokonywanie zakupu')).not.toBeInTheDocument();
  });

  it('refuses a malformed zip code before saving', async () => {
    const user = userEvent.setup();
    renderPage();
    const region = await item();
    const zip = within(region).getByRole('textbox', { name: /Kod pocztowy/ });
    await user.clear(zip);
    await user.type(zip, '123');
    await user.click(within(region).getByRole('button', { name: 'Zapisz' }));
    expect(await within(region).findByText('Nieprawidłowy format.')).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('saves edited delivery and billing data', async () => {
    const user = userEvent.setup();
    const edited = { ...FULL_ADDRESS, city: 'Kraków' };
    api.put.mockResolvedValue({ data: aCartItem({ deliveryInfo: edited }) });
    const { show } = renderPage();
    const region = await item();
    const save = within(region).getByRole('button', { name: 'Zapisz' });
    expect(save).toBeDisabled();
    const city = within(region).getByRole('textbox', { name: /Miejscowość/ });
    await user.clear(city);
    await user.type(city, 'Kraków');
    await user.click(save);
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/cart/1', {
        elements: [{ testType: 'SMELLTASTE_TEST', amount: 2 }],
        deliveryInfo: edited,
        billingInfo: { name: 'Maria Wiśniewska' },
      }),
    );
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Zapisano dane zamówienia' }));
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('removes an item only after confirmation', async () => {
    const user = userEvent.setup();
    api.delete.mockResolvedValue({ data: undefined });
    const { show } = renderPage();
    const region = await item();

    await user.click(within(region).getByRole('button', { name: 'Usuń' }));
    let dialog = await screen.findByRole('dialog', { name: 'Usunąć pozycję z koszyka?' });
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.delete).not.toHaveBeenCalled();

    api.get.mockResolvedValue({ data: [] });
    await user.click(within(region).getByRole('button', { name: 'Usuń' }));
    dialog = await screen.findByRole('dialog', { name: 'Usunąć pozycję z koszyka?' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/cart/1'));
    expect(show).toHaveBeenCalledWith({ text: 'Usunięto pozycję z koszyka' });
    expect(await screen.findByText(/Koszyk jest pusty/)).toBeInTheDocument();
  });
});
