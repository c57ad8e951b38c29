import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import { DevOverrideForm } from '../components/DevOverrideForm';

const api = { get: jest.fn(), put: jest.fn(), post: jest.fn(), delete: jest.fn() };
jest.mock('shared-ui/api-client', () => ({
  ...jest.requireActual('shared-ui/api-client'),
  createApiClient: () => api,
}));

const address = () => screen.getByRole('textbox', { name: /Adres pliku remoteEntry.js/ });
const enable = () => screen.getByRole('button', { name: 'Włącz wersję deweloperską' });

beforeEach(() => jest.clearAllMocks());

it("offers the chosen area's dev server on this machine", async () => {
  renderInRemote('mfe-admin', <DevOverrideForm />, { path: '/admin-panel' });
  expect(address()).toHaveValue('http://localhost:3004/remoteEntry.js');
  await userEvent.click(screen.getByRole('combobox', { name: /Moduł/ }));
  await userEvent.click(screen.getByRole('option', { name: 'mfe-filling' }));
  expect(address()).toHaveValue('http://localhost:3003/remoteEntry.js');
});

it('refuses an address that is not on this machine, and sends nothing', async () => {
  renderInRemote('mfe-admin', <DevOverrideForm />, { path: '/admin-panel' });
  await userEvent.clear(address());
  await userEvent.type(address(), 'https://cdn.evil.example/remoteEntry.js');
  await userEvent.click(enable());
  expect(
    await screen.findByText('Podaj adres na tym komputerze (localhost, 127.0.0.1 lub [::1])'),
  ).toBeInTheDocument();
  expect(api.post).not.toHaveBeenCalled();
});

it('asks the server for the override of this browser', async () => {
  api.post.mockRejectedValue(new Error('offline'));
  renderInRemote('mfe-admin', <DevOverrideForm />, { path: '/admin-panel' });
  await userEvent.click(enable());
  await waitFor(() =>
    expect(api.post).toHaveBeenCalledWith('/api/remotes/dev-overrides', {
      remote: 'mfe-results',
      entryUrl: 'http://localhost:3004/remoteEntry.js',
    }),
  );
});
