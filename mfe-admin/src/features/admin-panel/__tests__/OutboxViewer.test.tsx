import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxMessage } from '@formularze/domain/schemas/admin';
import { renderInRemote } from 'shared-ui/testing';
import { OutboxViewer } from '../components/OutboxViewer';

const api = { get: jest.fn(), put: jest.fn(), post: jest.fn(), delete: jest.fn() };
jest.mock('shared-ui/api-client', () => ({
  ...jest.requireActual('shared-ui/api-client'),
  createApiClient: () => api,
}));

const message = (overrides: Partial<OutboxMessage>): OutboxMessage => ({
  id: 1,
  recipient: 'anna@klinika.test',
  channel: 'mail',
  subject: 'Zmiana hasła',
  createdAt: '2026-03-14T09:00:00.000Z',
  sentAt: null,
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  body: null,
  ...overrides,
});

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.setItem('ownerToken', 'token-panelu');
});

describe('OutboxViewer', () => {
  it('lists messages with their delivery state and filters waiting or sent ones', async () => {
    api.get.mockResolvedValue({
      data: {
        messages: [
          message({
            id: 2,
            recipient: '+48600100200',
            channel: 'sms',
            body: 'Formularze: link https://formularze.test/password-reset-link?token=abc',
          }),
          message({ id: 1, sentAt: '2026-03-14T09:01:00.000Z', attempts: 1 }),
          message({
            id: 3,
            recipient: 'jan@klinika.test',
            attempts: 2,
            lastError: 'ECONNREFUSED',
            nextAttemptAt: '2026-03-14T09:10:00.000Z',
          }),
        ],
        total: 3,
        page: 0,
        pageSize: 20,
      },
    });
    renderInRemote('mfe-admin', <OutboxViewer />, { path: '/admin-panel' });
    const table = await screen.findByRole('table', { name: 'Wiadomości do użytkowników' });
    const [sms, sent, retried] = within(table).getAllByRole('row').slice(1);
    expect(within(sms!).getByText('SMS')).toBeInTheDocument();
    expect(within(sms!).getByText('wstrzymana')).toBeInTheDocument();
    // A held message's text is there for the operator to pass on by hand.
    expect(within(sms!).getByText(/password-reset-link\?token=abc/)).toBeInTheDocument();
    expect(within(sent!).queryByText(/oczekuje|wstrzymana/)).not.toBeInTheDocument();
    expect(within(retried!).getByText(/^oczekuje \(próba/)).toBeInTheDocument();
    expect(within(retried!).getByText('ECONNREFUSED')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/admin/outbox', { params: { status: undefined, page: 0 } });

    await userEvent.click(screen.getByRole('radio', { name: 'Oczekujące' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/api/admin/outbox', {
        params: { status: 'waiting', page: 0 },
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Wysłane' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/api/admin/outbox', { params: { status: 'sent', page: 0 } }),
    );
  });

  it('pages through long lists', async () => {
    api.get.mockImplementation((_url: string, { params }: { params: { page: number } }) =>
      Promise.resolve({
        data: { messages: [message({ id: params.page + 1 })], total: 25, page: params.page, pageSize: 20 },
      }),
    );
    renderInRemote('mfe-admin', <OutboxViewer />, { path: '/admin-panel' });
    expect(await screen.findByText('Strona 1 z 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Poprzednia strona' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Następna strona' }));
    expect(await screen.findByText('Strona 2 z 2')).toBeInTheDocument();
    expect(api.get).toHaveBeenLastCalledWith('/api/admin/outbox', { params: { status: undefined, page: 1 } });
    expect(screen.getByRole('button', { name: 'Następna strona' })).toBeDisabled();
  });

  it('says when there is nothing to show', async () => {
    api.get.mockResolvedValue({ data: { messages: [], total: 0, page: 0, pageSize: 20 } });
    renderInRemote('mfe-admin', <OutboxViewer />, { path: '/admin-panel' });
    expect(await screen.findByText('Brak wiadomości.')).toBeInTheDocument();
  });
});
