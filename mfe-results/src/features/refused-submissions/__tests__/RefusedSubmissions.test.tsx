import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/routing';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import type { RefusedSubmission } from '@formularze/domain/schemas/filled-data';
import { api } from '../../../test/results-fixtures';
import { RefusedSubmissions } from '../components/RefusedSubmissions';

const aRefusal = (overrides: Partial<RefusedSubmission> = {}): RefusedSubmission => ({
  id: 3,
  person: { id: 5, name: 'Anna Adamska' },
  form: { id: 7, edition: 1 },
  scheduledFormId: null,
  queuedAt: '2026-06-10T07:41:00.000Z',
  receivedAt: '2026-06-10T10:30:00.000Z',
  code: 'form-not-fillable',
  reason: 'Nie można wypełnić formularza',
  ...overrides,
});

function renderAt(path: string, authorities = 'ROLE_EDITOR') {
  return renderInRemote(
    'mfe-results',
    <Routes>
      <Route path="/formdata/all/:formId" element={<RefusedSubmissions />} />
      <Route path="/formdata/all/:formId/:personId" element={<RefusedSubmissions />} />
    </Routes>,
    { path, person: aPerson(authorities, { id: 9 }), api },
  );
}

beforeEach(() => jest.clearAllMocks());

describe('RefusedSubmissions', () => {
  it("lists a form's refused late submissions with both clocks, the person and the reason", async () => {
    api.get.mockResolvedValue({
      data: [aRefusal(), aRefusal({ id: 4, queuedAt: null, form: { id: 6, edition: 2 } })],
    });
    renderAt('/formdata/all/8');
    const table = await screen.findByRole('table', { name: 'Odrzucone odpowiedzi' });
    expect(api.get).toHaveBeenCalledWith('/api/form_data/refused_submissions/8', { params: undefined });
    expect(
      screen.getByRole('heading', { name: 'Odrzucone odpowiedzi wysłane po odzyskaniu połączenia' }),
    ).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['2026-06-10 12:30', '2026-06-10 09:41', 'Anna Adamska', 'Wersja 1', 'Nie można wypełnić formularza'],
      ['2026-06-10 12:30', '—', 'Anna Adamska', 'Wersja 2', 'Nie można wypełnić formularza'],
    ]);
    expect(within(table).getAllByRole('link', { name: 'Anna Adamska' })[0]).toHaveAttribute(
      'href',
      '/formdata/all/8/5',
    );
  });

  it("on a person's results asks for that person's only and leaves out the person column", async () => {
    api.get.mockResolvedValue({ data: [aRefusal()] });
    renderAt('/formdata/all/8/5');
    const table = await screen.findByRole('table', { name: 'Odrzucone odpowiedzi' });
    expect(api.get).toHaveBeenCalledWith('/api/form_data/refused_submissions/8', { params: { personId: 5 } });
    expect(within(table).queryByRole('columnheader', { name: 'Osoba' })).not.toBeInTheDocument();
  });

  it('shows nothing when none was refused, and never asks for a patient', async () => {
    let answered = (): void => undefined;
    const answeredNone = new Promise<void>((resolve) => (answered = resolve));
    api.get.mockImplementation(async () => {
      answered();
      return { data: [] };
    });
    renderAt('/formdata/all/8');
    await answeredNone;
    await act(() => Promise.resolve());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    jest.clearAllMocks();
    renderAt('/formdata/all/8', 'ROLE_USER');
    expect(api.get).not.toHaveBeenCalled();
  });
});
