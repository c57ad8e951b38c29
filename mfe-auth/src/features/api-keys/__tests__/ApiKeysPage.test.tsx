import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from 'shared-ui/schemas/api-keys';
import { renderInRemote } from 'shared-ui/testing';
import { ApiKeysPage } from '../components/ApiKeysPage';

const api = { get: jest.fn(), put: jest.fn(), post: jest.fn(), delete: jest.fn() };
jest.mock('shared-ui/api-client', () => ({
  ...jest.requireActual('shared-ui/api-client'),
  createApiClient: () => api,
}));

const key: ApiKey = {
  tokenId: 7,
  label: 'Eksport',
  expires: '2126-01-02T10:00:00.000Z',
  token: 'fk_sekret123',
};

function renderPage() {
  const show = jest.fn(() => 'alert');
  renderInRemote('mfe-auth', <ApiKeysPage />, {
    path: '/profile/api-keys',
    shell: { alerts: { show, dismiss: jest.fn() } },
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

  it('creates a key valid for 100 years from the name and OK', async () => {
    api.post.mockResolvedValue({ data: { ...key, tokenId: 8, label: 'CI' } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('To pole jest wymagane')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Nazwa nowego klucza'), 'CI');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    const [url, body] = api.post.mock.calls[0] as [string, { label: string; expires: string }];
    expect(url).toBe('/employees/v1/tokens');
    expect(body.label).toBe('CI');
    expect(new Date(body.expires).getFullYear()).toBe(new Date().getFullYear() + 100);
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
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
