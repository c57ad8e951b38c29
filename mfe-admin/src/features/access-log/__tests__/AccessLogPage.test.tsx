import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import { AccessLogPage } from '../components/AccessLogPage';

const api = aFakeApiClient();
const saveBlob = jest.fn();
jest.mock('shared-ui/components', () => ({
  ...jest.requireActual('shared-ui/components'),
  saveBlob: (...args: unknown[]) => saveBlob(...args),
}));

const ENTRY = {
  id: 7,
  occurredAt: '2026-12-05T10:15:00.000Z',
  actor: { id: 3, role: 'ROLE_OWNER', name: 'Anna Nowak' },
  operation: 'person.details',
  patientIds: [42],
  resourceType: 'user',
  resourceIds: ['42'],
  details: null,
  rowCount: 1,
  ip: '10.0.0.8',
  userAgent: 'Firefox',
  requestId: 'req-9',
};
const page = (content: unknown[], totalElements = content.length) => ({
  data: { content, totalElements, page: 0, pageSize: 20 },
});

function renderPage() {
  const setTitle = jest.fn();
  renderInRemote('mfe-admin', <AccessLogPage />, {
    path: '/access-log',
    person: aPerson('ROLE_OWNER'),
    shell: { page: { setTitle } },
    api,
  });
  return { setTitle };
}

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockImplementation((url: string) =>
    url === '/api/access_audit/csv'
      ? Promise.resolve({ data: new Blob(['Czas;Kto']) })
      : Promise.resolve(page([ENTRY])),
  );
});

describe('AccessLogPage', () => {
  it('lists who did what to whose data, when and from where', async () => {
    const { setTitle } = renderPage();
    const table = await screen.findByRole('table', { name: 'Dziennik dostępu' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Anna Nowak (ROLE_OWNER)');
    expect(row).toHaveTextContent('Dane osoby');
    expect(row).toHaveTextContent('42');
    expect(row).toHaveTextContent('10.0.0.8');
    expect(setTitle).toHaveBeenCalledWith('Dziennik dostępu');
    expect(api.get).toHaveBeenCalledWith('/api/access_audit', { params: { page: 0, pageSize: 20 } });
  });

  it('asks for the chosen patient, operation and days, and exports the same filter', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Dziennik dostępu' });
    await userEvent.type(screen.getByLabelText('Pacjent (identyfikator)'), '42');
    await userEvent.selectOptions(screen.getByLabelText('Operacja'), 'Dane osoby');
    await userEvent.type(screen.getByLabelText('Od dnia'), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Filtruj' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/api/access_audit', {
        params: {
          patientId: '42',
          operation: 'person.details',
          from: new Date('2026-12-01T00:00:00').toISOString(),
          page: 0,
          pageSize: 20,
        },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Eksportuj do CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'dziennik-dostepu.csv'));
    expect(api.get).toHaveBeenCalledWith('/api/access_audit/csv', {
      params: {
        patientId: '42',
        operation: 'person.details',
        from: new Date('2026-12-01T00:00:00').toISOString(),
      },
      responseType: 'blob',
    });
  });

  it('says when no entry matches', async () => {
    api.get.mockResolvedValue(page([]));
    renderPage();
    expect(await screen.findByText('Brak wpisów dla tych filtrów.')).toBeInTheDocument();
  });
});
