import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteHistory } from '@formularze/domain/schemas';
import type { FallbackEvent } from '@formularze/domain/schemas/admin';
import { renderInRemote } from 'shared-ui/testing';
import { RemoteConsole } from '../components/RemoteConsole';

const api = { get: jest.fn(), put: jest.fn(), post: jest.fn(), delete: jest.fn() };
jest.mock('shared-ui/api-client', () => ({
  ...jest.requireActual('shared-ui/api-client'),
  createApiClient: () => api,
}));

const OLD = '1.0.0+aaaaaaaa';
const CURRENT = '1.0.1+bbbbbbbb';
const NEWER = '1.0.2+cccccccc';

const deployment = (version: string, deployedAt: string, active = false) => ({
  name: 'mfe-results' as const,
  version,
  manifestUrl: `/deployments/mfe-results/${version}/mf-manifest.json`,
  deployedAt,
  deployedBy: 'npm run deploy (ci@host)',
  active,
});

const HISTORY: RemoteHistory = {
  deployments: [
    deployment(OLD, '2026-03-01T10:00:00.000Z'),
    deployment(CURRENT, '2026-03-02T10:00:00.000Z', true),
    deployment(NEWER, '2026-03-03T10:00:00.000Z'),
  ],
  activations: [
    {
      name: 'mfe-results',
      version: OLD,
      activatedAt: '2026-03-01T10:00:00.000Z',
      activatedBy: 'npm run deploy',
    },
    {
      name: 'mfe-results',
      version: CURRENT,
      activatedAt: '2026-03-02T10:00:00.000Z',
      activatedBy: 'admin@demo.local',
    },
  ],
};
const EVENTS: FallbackEvent[] = [
  {
    id: 1,
    remote: 'mfe-results',
    fromVersion: NEWER,
    toVersion: CURRENT,
    userAgent: 'Mozilla/5.0 Testowa',
    occurredAt: '2026-03-03T11:00:00.000Z',
  },
];

// Five remotes' tables: role queries over the whole page take seconds on a loaded 2-core machine.
const LARGE_PAGE = { timeout: 5000 };

const confirmation = (name?: string) => screen.findByRole('dialog', { name }, LARGE_PAGE);
const buttonIn = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });

function renderConsole() {
  const alerts = { show: jest.fn(() => 'id'), dismiss: jest.fn() };
  renderInRemote('mfe-admin', <RemoteConsole />, { path: '/admin-panel', shell: { alerts } });
  return { alerts };
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.setItem('ownerToken', 'token-panelu');
  api.get.mockImplementation((url: string) =>
    Promise.resolve({ data: url === '/api/remotes/history' ? HISTORY : EVENTS }),
  );
});

describe('RemoteConsole', () => {
  it("lists each remote's versions newest first with the active one and the reported fallbacks", async () => {
    renderConsole();
    const table = await screen.findByRole('table', { name: 'Wersje modułu mfe-results' }, LARGE_PAGE);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      NEWER,
      CURRENT,
      OLD,
    ]);
    expect(within(rows[1]!).getByText('aktywna')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/^1, ostatnio/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('npm run deploy (ci@host)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'mfe-results' }).parentElement).toHaveTextContent(
      /Aktywna wersja: 1\.0\.1\+bbbbbbbb, aktywowana .+ \(admin@demo\.local\)/,
    );
    expect(screen.getByRole('heading', { name: 'mfe-auth' }).parentElement).toHaveTextContent(
      'Aktywna wersja: brak',
    );

    const events = screen.getByRole('table', { name: 'Awaryjne przełączenia w przeglądarkach' });
    expect(within(events).getByText('Mozilla/5.0 Testowa')).toBeInTheDocument();
  });

  it('restores an older version after confirmation and reloads the history', async () => {
    api.post.mockResolvedValue({
      data: {
        name: 'mfe-results',
        version: OLD,
        manifestUrl: `/deployments/mfe-results/${OLD}/mf-manifest.json`,
        entryUrl: `/deployments/mfe-results/${OLD}/remoteEntry.js`,
        activatedAt: '2026-03-04T10:00:00.000Z',
        lastKnownGood: null,
      },
    });
    const { alerts } = renderConsole();
    await userEvent.click(
      await screen.findByRole('button', { name: `Przywróć wersję ${OLD} modułu mfe-results` }, LARGE_PAGE),
    );
    const dialog = await confirmation('Przywrócić wersję?');
    expect(dialog).toHaveTextContent(`Moduł mfe-results przejdzie na wersję ${OLD}.`);
    await userEvent.click(buttonIn(dialog, 'Przywróć'));

    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/remotes/mfe-results/activate', { version: OLD }),
    );
    await waitFor(() =>
      expect(alerts.show).toHaveBeenCalledWith({
        text: `Moduł mfe-results działa teraz w wersji ${OLD}. Otwarte strony zaproponują przeładowanie.`,
      }),
    );
    await waitFor(
      () => expect(api.get.mock.calls.filter(([url]) => url === '/api/remotes/history')).toHaveLength(2),
      LARGE_PAGE,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LARGE_PAGE);
  });

  it('offers a newer version as an activation, cancelled without a call', async () => {
    renderConsole();
    await userEvent.click(
      await screen.findByRole('button', { name: `Aktywuj wersję ${NEWER} modułu mfe-results` }, LARGE_PAGE),
    );
    const dialog = await confirmation('Aktywować wersję?');
    await userEvent.click(buttonIn(dialog, 'Anuluj'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LARGE_PAGE);
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows the server's reason when a version cannot be activated", async () => {
    api.post.mockRejectedValue({
      isAxiosError: true,
      response: {
        data: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'Manifest wersji nie jest dostępny',
          code: 'manifest-invalid',
        },
      },
    });
    const { alerts } = renderConsole();
    await userEvent.click(
      await screen.findByRole('button', { name: `Przywróć wersję ${OLD} modułu mfe-results` }, LARGE_PAGE),
    );
    await userEvent.click(buttonIn(await confirmation(), 'Przywróć'));
    await waitFor(() =>
      expect(alerts.show).toHaveBeenCalledWith({ text: 'Manifest wersji nie jest dostępny', isError: true }),
    );
  });
});
