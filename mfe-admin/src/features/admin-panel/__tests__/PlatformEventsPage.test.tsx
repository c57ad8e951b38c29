import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from 'shared-ui/testing';
import type { PlatformEvent } from '@formularze/domain/schemas/access-audit';
import { PlatformEventsPage } from '../components/PlatformEventsPage';

const api = { get: jest.fn(), put: jest.fn(), post: jest.fn(), delete: jest.fn() };
jest.mock('shared-ui/api-client', () => ({
  ...jest.requireActual('shared-ui/api-client'),
  createApiClient: () => api,
}));

const EVENT: PlatformEvent = {
  id: 11,
  occurredAt: '2026-12-05T10:15:00.000Z',
  organization: { id: 4, name: 'Przychodnia Zdrowie' },
  actor: { id: 3, role: 'ROLE_EDITOR', name: 'Jan Lekarz' },
  operation: 'auth.login',
  resourceType: null,
  resourceIds: [],
  details: null,
  ip: '10.0.0.8',
  userAgent: 'Firefox',
  requestId: 'req-9',
};
const LOCKOUT: PlatformEvent = {
  ...EVENT,
  id: 10,
  organization: null,
  actor: null,
  operation: 'auth.lockout',
  ip: '10.0.0.9',
};
const page = (content: PlatformEvent[], totalElements = content.length) => ({
  data: { content, totalElements, page: 0, pageSize: 20 },
});

function answer(events = page([EVENT, LOCKOUT])) {
  api.get.mockImplementation((url: string) => {
    if (url === '/api/auth/check-owner') return Promise.resolve({ data: { email: 'admin@demo.local' } });
    if (url === '/api/admin/access_audit') return Promise.resolve(events);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

function renderPage() {
  const setTitle = jest.fn();
  renderInRemote('mfe-admin', <PlatformEventsPage />, {
    path: '/admin-panel/events',
    shell: { page: { setTitle } },
  });
  return { setTitle };
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.setItem('ownerToken', 'token-panelu');
  answer();
});

describe('PlatformEventsPage', () => {
  it('lists the platform events with their organization, who, what and from where', async () => {
    const { setTitle } = renderPage();
    const table = await screen.findByRole('table', { name: 'Zdarzenia platformy' });
    const [, login, lockout] = within(table).getAllByRole('row');
    expect(login).toHaveTextContent('Przychodnia Zdrowie (4)');
    expect(login).toHaveTextContent('Jan Lekarz (ROLE_EDITOR)');
    expect(login).toHaveTextContent('Logowanie');
    expect(login).toHaveTextContent('10.0.0.8');
    expect(lockout).toHaveTextContent('Platforma');
    expect(lockout).toHaveTextContent('Blokada konta');
    expect(setTitle).toHaveBeenCalledWith('Zdarzenia platformy');
    expect(api.get).toHaveBeenCalledWith('/api/admin/access_audit', { params: { page: 0, pageSize: 20 } });
    expect(screen.getByRole('link', { name: 'Wróć do panelu administracyjnego' })).toHaveAttribute(
      'href',
      '/admin-panel',
    );
  });

  it('offers only platform operations and asks for the chosen organization, operation and days', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Zdarzenia platformy' });
    const operation = screen.getByLabelText('Operacja');
    const offered = within(operation)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual([
      'Wszystkie',
      'Logowanie',
      'Wylogowanie',
      'Blokada konta',
      'Zmiana ról',
      'Utworzenie klucza API',
      'Usunięcie klucza API',
    ]);
    await userEvent.type(screen.getByLabelText('Organizacja (identyfikator)'), '4');
    await userEvent.selectOptions(operation, 'Logowanie');
    await userEvent.type(screen.getByLabelText('Od dnia'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('Do dnia'), '2026-12-05');
    await userEvent.click(screen.getByRole('button', { name: 'Filtruj' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/api/admin/access_audit', {
        params: {
          organizationId: '4',
          operation: 'auth.login',
          from: new Date('2026-12-01T00:00:00').toISOString(),
          to: new Date('2026-12-06T00:00:00').toISOString(),
          page: 0,
          pageSize: 20,
        },
      }),
    );
  });

  it('pages through the events', async () => {
    answer(page([EVENT], 45));
    renderPage();
    await screen.findByRole('table', { name: 'Zdarzenia platformy' });
    const pager = screen.getByRole('navigation', { name: 'Strony zdarzeń platformy' });
    await userEvent.click(within(pager).getByRole('button', { name: /następna/i }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/api/admin/access_audit', {
        params: { page: 1, pageSize: 20 },
      }),
    );
  });

  it('reaches every filter and the button with the keyboard', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Zdarzenia platformy' });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Wróć do panelu administracyjnego' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Organizacja (identyfikator)')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Operacja')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Od dnia')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText('Do dnia')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Filtruj' })).toHaveFocus();
  });

  it('says when no event matches', async () => {
    answer(page([]));
    renderPage();
    expect(await screen.findByText('Brak zdarzeń dla tych filtrów.')).toBeInTheDocument();
  });

  it('sends one without the panel sign-in to the panel login', async () => {
    window.sessionStorage.removeItem('ownerToken');
    renderPage();
    await waitFor(() =>
      expect(api.get).not.toHaveBeenCalledWith('/api/admin/access_audit', expect.anything()),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
