import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { ResultRow } from '@formularze/domain/schemas/results';
import { aResult, api } from '../../../test/results-fixtures';
import { columnNames, renderAtRoutes } from '../../../test/render-routes';
import { ResultsPage } from '../components/ResultsPage';

const completed = aResult({ formDataId: 11 });
const missed = aResult({
  formDataId: 12,
  state: 'MISSED',
  totalWeight: null,
  color: null,
  text: null,
  completedAt: null,
  filledBy: { ...completed.filledBy, id: 6, name: 'Jan Kowalski' },
  filledFormsPerPersonCount: 0,
});

function answer(content: ResultRow[] = [completed, missed], totalElements = content.length) {
  api.post.mockImplementation(async (_url: string, body: { page: number; pageSize: number }) => ({
    data: { content, totalElements, page: body.page, pageSize: body.pageSize },
  }));
  api.get.mockResolvedValue({
    data: {
      id: 8,
      name: 'Ankieta bólu',
      formGroup: { id: 4, name: 'Kardiologia' },
    },
  });
}

const renderPage = (path = '/results', authorities = 'ROLE_OWNER') =>
  renderAtRoutes(['/results', '/results/:formId'], <ResultsPage />, path, authorities);

const lastRequest = () => api.post.mock.calls.at(-1)![1] as Record<string, unknown>;

beforeEach(() => {
  jest.clearAllMocks();
  Cookies.remove('results-paging-7', { path: '/' });
  answer();
});

describe('ResultsPage', () => {
  it('lists the latest results, highest points first, 10 a page', async () => {
    renderPage();
    expect(await screen.findByText('Ryzyko wysokie')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/api/form_data/latest_for_projects_and_users', {
      page: 0,
      pageSize: 10,
      sort: '-totalWeight',
      q: [],
    });
    expect(columnNames()).toEqual([
      'Projekt',
      'Formularz',
      'Komunikat',
      'Punkty',
      'ID szpitalne',
      'Data wypełnienia',
      'Wypełnił',
      'Odpowiedzi',
    ]);
    const row = within(screen.getByRole('row', { name: /Ryzyko wysokie/ }));
    expect(row.getByText('12.50')).toBeInTheDocument();
    expect(row.getByText('H-17')).toBeInTheDocument();
    // 09:05 UTC is 10:05 in Poland in March.
    expect(row.getByText('2026-03-02 10:05')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Odpowiedzi: 3, Maria Wiśniewska, Ankieta bólu' })).toHaveAttribute(
      'href',
      '/formdata/all/8/5',
    );
    expect(document.title).toBe('Formularze');
  });

  it('marks a missed filling in grey, without a link', async () => {
    renderPage();
    const row = within(await screen.findByRole('row', { name: /Jan Kowalski/ }));
    expect(row.getByText('Brak wypełnienia')).toBeInTheDocument();
    expect(row.queryByRole('link')).not.toBeInTheDocument();
  });

  it('narrows to one form, naming its project and form instead of a form column', async () => {
    renderPage('/results/8');
    expect(await screen.findByText('Projekt: Kardiologia')).toBeInTheDocument();
    expect(screen.getByText('Formularz: Ankieta bólu')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/forms/8');
    expect(lastRequest().q).toEqual([{ field: 'form.id', operator: 'is', value: 8 }]);
    expect(columnNames()).not.toContain('Formularz');
  });

  it('sorts by a column, turning the order around on a second click', async () => {
    renderPage();
    await screen.findByText('Ryzyko wysokie');
    await userEvent.click(screen.getByRole('button', { name: 'Data wypełnienia' }));
    await waitFor(() => expect(lastRequest().sort).toBe('completedAt'));
    await userEvent.click(screen.getByRole('button', { name: 'Data wypełnienia' }));
    await waitFor(() => expect(lastRequest().sort).toBe('-completedAt'));
    await userEvent.click(screen.getByRole('button', { name: 'Punkty' }));
    await waitFor(() => expect(lastRequest().sort).toBe('-totalWeight'));
  });

  it('filters 700 ms after the typing stops, from the first page', async () => {
    answer([completed, missed], 40);
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderPage();
      await screen.findByText('Ryzyko wysokie');
      await user.click(screen.getByRole('button', { name: 'Następna strona' }));
      await waitFor(() => expect(lastRequest().page).toBe(1));
      await user.type(screen.getByLabelText('Filtruj: Wypełnił'), 'mar');
      await user.type(screen.getByLabelText('Filtruj: Punkty'), '12,5');
      act(() => void jest.advanceTimersByTime(699));
      expect(api.post.mock.calls.some(([, body]) => body.q.length > 0)).toBe(false);
      act(() => void jest.advanceTimersByTime(1));
      await waitFor(() =>
        expect(lastRequest()).toEqual({
          page: 0,
          pageSize: 10,
          sort: '-totalWeight',
          q: [
            { field: 'filledBy', operator: 'contains', value: 'mar' },
            { field: 'totalWeight', operator: 'is', value: 12.5 },
          ],
        }),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers 10, 25, 50 and 100 rows a page', async () => {
    renderPage();
    await screen.findByText('Ryzyko wysokie');
    const sizes = within(screen.getByLabelText('Wierszy na stronie')).getAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);
    await userEvent.selectOptions(screen.getByLabelText('Wierszy na stronie'), '50');
    await waitFor(() => expect(lastRequest().pageSize).toBe(50));
  });

  it("shows the filler's contact data and leads to their page", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Dane kontaktowe: Maria Wiśniewska' }));
    const popover = within(await screen.findByRole('dialog', { name: 'Dane kontaktowe: Maria Wiśniewska' }));
    expect(popover.getByText('maria@example.test')).toBeInTheDocument();
    expect(popover.getByText('+48600100200')).toBeInTheDocument();
    expect(popover.getByText('Polna 1, 30-001 Kraków')).toBeInTheDocument();
    expect(popover.getByRole('link', { name: 'Więcej o osobie Maria Wiśniewska' })).toHaveAttribute(
      'href',
      '/persons/5',
    );
  });

  it("gives editors without the person pages the contact data but no 'Więcej'", async () => {
    renderPage('/results', 'ROLE_EDITOR');
    await userEvent.click(await screen.findByRole('button', { name: 'Dane kontaktowe: Maria Wiśniewska' }));
    const popover = within(await screen.findByRole('dialog'));
    expect(popover.getByText('maria@example.test')).toBeInTheDocument();
    expect(popover.queryByRole('link', { name: /Więcej/ })).not.toBeInTheDocument();
  });

  it('tells the colour of a message without text to screen readers', async () => {
    answer([aResult({ formDataId: 13, text: null, color: '#00ff00' })]);
    renderPage();
    expect(await screen.findByText('Kolor #00ff00')).toBeInTheDocument();
  });
});
