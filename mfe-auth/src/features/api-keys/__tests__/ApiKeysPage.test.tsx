import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@formularze/domain/schemas/api-keys';
import { aFakeApiClient, renderInRemote } from 'shared-ui/testing';
import { ApiKeysPage } from '../components/ApiKeysPage';

const api = aFakeApiClient();

const key: ApiKey = {
  tokenId: 7,
  label: 'Eksport',
  expires: '2126-01-02T10:00:00.000Z',
  token: 'fk_sekret123',
  lastUsed: null,
  createdBy: 'lekarz@org.test',
};

function renderPage() {
  const show = jest.fn(() => 'alert');
  renderInRemote('mfe-auth', <ApiKeysPage />, {
    path: '/profile/api-keys',
    shell: { alerts: { show, dismiss: jest.fn() } },
    api,
  });
  return { show };
}

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: { tokens: [key] } });
});

describe('ApiKeysPage', () => {
  it('lists keys masked, and shows one on request', async () => {
    renderPage();
    const row = (await screen.findByText('Eksport')).closest('tr')!;
    expect(within(row).getByText('2126-01-02')).toBeInTheDocument();
    expect(within(row).queryByText('fk_sekret123')).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Pokaż klucz Eksport' }));
    expect(within(row).getByText('fk_sekret123')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Ukryj klucz Eksport' }));
    expect(within(row).queryByText('fk_sekret123')).not.toBeInTheDocument();
  });

  it('copies a key and says so for one second', async () => {
    const user = userEvent.setup();
    const { show } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Kopiuj klucz Eksport' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Klucz skopiowany do schowka', timeoutMs: 1000 }),
    );
    await expect(navigator.clipboard.readText()).resolves.toBe('fk_sekret123');
  });

  it('creates a key from the name and OK, leaving its validity to the server (a year)', async () => {
    api.post.mockResolvedValue({ data: { ...key, tokenId: 8, label: 'CI' } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('To pole jest wymagane')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nazwa nowego klucza'), 'CI');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/employees/v1/tokens', { label: 'CI' }));
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });

  it('creates a key valid until the end of the chosen day', async () => {
    api.post.mockResolvedValue({ data: { ...key, tokenId: 8, label: 'CI' } });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Nazwa nowego klucza'), 'CI');
    await userEvent.type(screen.getByLabelText('Ważny do'), '2027-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/employees/v1/tokens', {
        label: 'CI',
        expires: new Date('2027-03-31T23:59:59').toISOString(),
      }),
    );
  });

  it('tells when each key was last used and who created it', async () => {
    api.get.mockResolvedValue({
      data: { tokens: [key, { ...key, tokenId: 8, label: 'CI', lastUsed: '2026-05-04T08:30:00.000Z' }] },
    });
    renderPage();
    const unused = (await screen.findByText('Eksport')).closest('tr')!;
    expect(within(unused).getByText('nigdy')).toBeInTheDocument();
    expect(within(unused).getByText('lekarz@org.test')).toBeInTheDocument();
    const used = screen.getByText('CI').closest('tr')!;
    expect(within(used).queryByText('nigdy')).not.toBeInTheDocument();
    expect(within(used).getByText(/2026-05-04/)).toBeInTheDocument();
  });

  it('deletes a key after confirmation', async () => {
    api.delete.mockResolvedValue({ data: '' });
    const { show } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń klucz Eksport' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/przestanie działać natychmiast/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Klucz Eksport został usunięty.' }));
    expect(api.delete).toHaveBeenCalledWith('/employees/v1/tokens', { params: { tokenId: 7 } });
  });

  it('says why a key another server stored cannot be shown, and still deletes it', async () => {
    api.get.mockResolvedValue({ data: { tokens: [{ ...key, token: null }] } });
    renderPage();
    const row = (await screen.findByText('Eksport')).closest('tr')!;
    expect(within(row).getByText(/Nie można wyświetlić tego klucza/)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Pokaż klucz Eksport' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Kopiuj klucz Eksport' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Usuń klucz Eksport' })).toBeEnabled();
  });
});
