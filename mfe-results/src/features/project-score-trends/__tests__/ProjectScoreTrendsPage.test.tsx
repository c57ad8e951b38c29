import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { PatientScoreTrend, ProjectScoreTrends } from '@formularze/domain/schemas/score-trends';
import { api, apiFailure } from '../../../test/results-fixtures';
import { RESULTS_ROUTES } from '@formularze/domain/schemas';
import { Route, Routes } from 'shared-ui/routing';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { ProjectScoreTrendsPage } from '../components/ProjectScoreTrendsPage';

const point = (filledFormId: number, day: number, score: number) => ({
  filledFormId,
  completedAt: `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`,
  score,
});

const anna: PatientScoreTrend = {
  person: { id: 11, name: 'Anna Adamska' },
  latest: point(103, 20, 15),
  previous: 8,
  rise: 7,
  fillings: 3,
  points: [point(101, 1, 5), point(102, 10, 8), point(103, 20, 15)],
};
const bartek: PatientScoreTrend = {
  person: { id: 12, name: 'Bartek Bednarz' },
  latest: point(202, 18, 12),
  previous: 20,
  rise: -8,
  fillings: 2,
  points: [point(201, 8, 20), point(202, 18, 12)],
};

const FORMS = [
  { bagId: 30, formId: 31, name: 'Ankieta snu' },
  { bagId: 40, formId: 42, name: 'PHQ-9' },
];

function answer(content = [anna, bartek], overrides: Partial<ProjectScoreTrends> = {}) {
  api.get.mockImplementation(
    async (_url: string, config: { params: { page: number; pageSize: number; bagId?: number } }) => ({
      data: {
        content,
        totalElements: content.length,
        page: config.params.page,
        pageSize: config.params.pageSize,
        forms: FORMS,
        bagId: config.params.bagId ?? 40,
        distribution: [
          { from: 10, to: 12, patients: 0 },
          { from: 12, to: 14, patients: 1 },
          { from: 14, to: 16, patients: 1 },
        ],
        ...overrides,
      } satisfies ProjectScoreTrends,
    }),
  );
}

const lastParams = () =>
  (api.get.mock.calls.at(-1) as [string, { params: Record<string, unknown> }])[1].params;

function renderPage() {
  return renderInRemote(
    'mfe-results',
    <Routes>
      <Route path={RESULTS_ROUTES.projectScoreTrends.path} element={<ProjectScoreTrendsPage />} />
    </Routes>,
    { path: '/groups/4/score-trends', person: aPerson('ROLE_OWNER', { id: 7 }), api },
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  answer();
});

describe('ProjectScoreTrendsPage', () => {
  it("lists the project's patients with their latest and previous score, the change and a line of their scores", async () => {
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Anna Adamska' })).closest('tr')!;
    expect(within(row).getByText('15.00')).toBeInTheDocument();
    expect(within(row).getByText('8.00')).toBeInTheDocument();
    expect(within(row).getByText('+7.00')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Przebieg: 5.00 → 8.00 → 15.00 pkt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anna Adamska' })).toHaveAttribute('href', '/formdata/all/42/11');
    const fallen = screen.getByText('Bartek Bednarz').closest('tr')!;
    expect(within(fallen).getByText('−8.00')).toBeInTheDocument();

    expect(api.get).toHaveBeenCalledWith('/api/form_data/project_score_trends/4', {
      params: { sortBy: '-rise', page: 0, pageSize: 100 },
    });
    expect(screen.getByRole('combobox', { name: 'Formularz' })).toHaveValue('40');
  });

  it('shows the distribution of latest scores as a table', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Rozkład ostatnich wyników' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '10.00 – poniżej 12.000',
      '12.00 – poniżej 14.001',
      '14.00 – 16.001',
    ]);
  });

  it('asks for the patients whose score rose by more than the typed amount, and for another form', async () => {
    renderPage();
    await screen.findByText('Anna Adamska');
    await userEvent.type(screen.getByRole('textbox', { name: /Wzrost wyniku o więcej niż/ }), '5,5');
    await waitFor(() => expect(lastParams()).toMatchObject({ minRise: 5.5, page: 0 }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Formularz' }), 'Ankieta snu');
    await waitFor(() => expect(lastParams()).toMatchObject({ bagId: 30, minRise: 5.5 }));
  });

  it('says when the typed amount is not a number, and sorts by a column', async () => {
    renderPage();
    await screen.findByText('Anna Adamska');
    await userEvent.type(screen.getByRole('textbox', { name: /Wzrost wyniku o więcej niż/ }), 'abc');
    expect(await screen.findByText('Wpisz liczbę')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Ostatni wynik/ }));
    await waitFor(() => expect(lastParams()).toMatchObject({ sortBy: 'latest' }));
    expect(lastParams()).not.toHaveProperty('minRise', expect.anything());
  });

  it('says when no form of the project has scored fillings yet', async () => {
    answer([], { forms: [], bagId: null, distribution: [] });
    renderPage();
    expect(
      await screen.findByText('Żaden formularz projektu nie ma jeszcze wysłanych wypełnień z punktami.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the trends cannot be read', async () => {
    api.get.mockRejectedValue(apiFailure(500));
    renderPage();
    expect(await screen.findByText('Nie udało się pobrać trendów wyników')).toBeInTheDocument();
  });
});
