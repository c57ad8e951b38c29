import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import { AdminPanelPage } from '../components/AdminPanelPage';

const api = { get: jest.fn(), put: jest.fn(), post: jest.fn(), delete: jest.fn() };
jest.mock('shared-ui/api-client', () => ({
  ...jest.requireActual('shared-ui/api-client'),
  createApiClient: () => api,
}));

const LOGS = new Blob(['{"msg":"start"}\n']);
const logsAnswer = {
  data: LOGS,
  headers: { 'content-disposition': 'attachment; filename="formularze-logs-2026-03-14.log.gz"' },
};

function answer(url: string) {
  if (url === '/api/auth/check-owner') return Promise.resolve({ data: { email: 'admin@demo.local' } });
  if (url === '/api/admin/logs') return Promise.resolve(logsAnswer);
  if (url === '/api/remotes/history') return Promise.resolve({ data: { deployments: [], activations: [] } });
  if (url === '/api/remotes/fallback-events') return Promise.resolve({ data: [] });
  if (url === '/api/admin/outbox')
    return Promise.resolve({ data: { messages: [], total: 0, page: 0, pageSize: 20 } });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function renderPage() {
  const alerts = { show: jest.fn(() => 'id'), dismiss: jest.fn() };
  renderInRemote('mfe-admin', <AdminPanelPage />, { path: '/admin-panel', shell: { alerts } });
  return { alerts };
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.setItem('ownerToken', 'token-panelu');
  api.get.mockImplementation(answer);
  URL.createObjectURL = jest.fn(() => 'blob:logi');
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => jest.useRealTimers());

describe('AdminPanelPage', () => {
  it('has the heading, the logs and logout buttons and the registration form first', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Panel administracyjny' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pobierz logi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wyloguj się' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zdarzenia platformy' })).toHaveAttribute(
      'href',
      '/admin-panel/events',
    );
    expect(screen.getByRole('tab', { name: 'Rejestracja organizacji' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'Załóż organizację' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Rejestracja organizacji');
  });

  it('downloads the logs with the panel token and saves them under the server-given name', async () => {
    // Time runs as usual; the pending timers are run at once to reach the object URL's release, which
    // saveBlob holds back until the download has surely started.
    jest.useFakeTimers({ advanceTimers: true });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('formularze-logs-2026-03-14.log.gz');
      expect(this.href).toBe('blob:logi');
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pobierz logi' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.get).toHaveBeenCalledWith('/api/admin/logs', { responseType: 'blob' });
    expect(URL.createObjectURL).toHaveBeenCalledWith(LOGS);
    jest.runOnlyPendingTimers();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:logi'));
    click.mockRestore();
  });

  it('says when the server has no logs yet', async () => {
    api.get.mockImplementation((url: string) =>
      url === '/api/admin/logs'
        ? Promise.reject({ isAxiosError: true, response: { status: 404, data: new Blob() } })
        : answer(url),
    );
    const { alerts } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pobierz logi' }));
    await waitFor(() =>
      expect(alerts.show).toHaveBeenCalledWith({
        text: 'Serwer nie zapisał jeszcze żadnych logów.',
        isError: true,
      }),
    );
  });

  it('opens the remote console and the outbox from their tabs, with the keyboard too', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Wersje modułów' }));
    expect(await screen.findByRole('heading', { name: 'mfe-admin' })).toBeInTheDocument();
    // Arrow keys move between tabs through Fluent's focus manager, which needs a real layout.
    screen.getByRole('tab', { name: 'Wiadomości' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Wiadomości do użytkowników' })).toBeInTheDocument();
  });

  it('goes to the panel login when the owner check fails', async () => {
    api.get.mockRejectedValue({ isAxiosError: true, response: { status: 401 } });
    renderInRemote('mfe-admin', <AdminPanelPage />, { path: '/admin-panel' });
    await waitFor(() => expect(window.location.pathname).toBe('/admin-panel/login'));
  });
});
