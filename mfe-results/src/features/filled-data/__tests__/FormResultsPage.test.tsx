import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { FormResultRow, FormResultsPage as FormResultsAnswer } from '@formularze/domain/schemas/results';
import { aFormResult, api, apiFailure } from '../../../test/results-fixtures';
import { columnNames, renderAtRoutes } from '../../../test/render-routes';
import { FormResultsPage } from '../components/FormResultsPage';

const completed = aFormResult({ formDataId: 21, data: { pain: 7, visit: '2026/03/01' } });
const missed = aFormResult({
  formDataId: 22,
  state: 'MISSED',
  totalWeight: null,
  color: null,
  text: null,
  completedAt: null,
  data: {},
});

const FIELDS: FormResultsAnswer['fields'] = [
  { id: 'pain', label: 'Ból', dataType: 'NUMBER' },
  { id: 'visit', label: 'Wizyta', dataType: 'DATE' },
];

function answer(
  content: FormResultRow[] = [completed, missed],
  editions = [{ id: 8, name: 'Ankieta bólu', edition: 1 }],
  fields = FIELDS,
) {
  api.post.mockImplementation(async (_url: string, body: { page: number; pageSize: number }) => {
    const answered: FormResultsAnswer = {
      form: {
        id: 8,
        name: 'Ankieta bólu',
        edition: 1,
        bag: { id: 8 },
        group: { id: 4, name: 'Kardiologia' },
      },
      fields,
      editions,
      content,
      totalElements: content.length,
      page: body.page,
      pageSize: body.pageSize,
    };
    return { data: answered };
  });
}

const renderPage = (path: string, authorities = 'ROLE_OWNER', personId = 7) =>
  renderAtRoutes(
    ['/formdata/all/:formId', '/formdata/all/:formId/:personId'],
    <FormResultsPage />,
    path,
    authorities,
    personId,
  );

const lastCall = () => api.post.mock.calls.at(-1) as [string, Record<string, unknown>, { params: object }];

beforeEach(() => {
  jest.clearAllMocks();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  answer();
});

describe('FormResultsPage', () => {
  it("shows staff every filling with points, answers and the links to details and the filler's forms", async () => {
    renderPage('/formdata/all/8');
    const row = within(await screen.findByRole('row', { name: /Ryzyko wysokie/ }));
    expect(lastCall()).toEqual([
      '/api/form_data/by_form_id_extended/8',
      { page: 0, pageSize: 100, sort: '-completedAt', q: [] },
      { params: { showMissedForms: false } },
    ]);
    expect(columnNames()).toEqual([
      'Data wypełnienia',
      'Wypełnił',
      'Punkty',
      'Komunikat',
      'Ból',
      'Wizyta',
      'Opcje',
    ]);
    expect(row.getByText('12.50')).toBeInTheDocument();
    expect(row.getByText('7')).toBeInTheDocument();
    expect(row.getByText('01/03/2026')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Wszystkie formularze: Maria Wiśniewska' })).toHaveAttribute(
      'href',
      '/filled-forms/all/user/5',
    );
    expect(row.getByRole('link', { name: /^Szczegóły/ })).toHaveAttribute('href', '/formdata/21');
    expect(screen.getByText('Projekt: Kardiologia')).toBeInTheDocument();
  });

  it('lists the files of a file field by name', async () => {
    const file = (id: string, name: string) => ({ id, name, mimeType: 'application/pdf', size: 1024 });
    answer(
      [
        aFormResult({
          formDataId: 23,
          data: {},
          filesData: { scan: [file('f1', 'skierowanie.pdf'), file('f2', 'wyniki.pdf')] },
        }),
      ],
      undefined,
      [...FIELDS, { id: 'scan', label: 'Skan', dataType: 'FILE' }],
    );
    renderPage('/formdata/all/8');
    const row = within(await screen.findByRole('row', { name: /Ryzyko wysokie/ }));
    expect(row.getByText('skierowanie.pdf, wyniki.pdf')).toBeInTheDocument();
  });

  it('marks missed fillings, which open nothing, and lists them only on request', async () => {
    renderPage('/formdata/all/8');
    const row = within(await screen.findByRole('row', { name: /Brak wypełnienia/ }));
    expect(row.queryByRole('link', { name: /Szczegóły|Edytuj/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Pokaż niewypełnione' }));
    await waitFor(() => expect(lastCall()[2]).toEqual({ params: { showMissedForms: true } }));
  });

  it('shows patients their own fillings without points or links to other people', async () => {
    answer([
      aFormResult({
        formDataId: 21,
        totalWeight: null,
        color: null,
        text: null,
        filledBy: { ...completed.filledBy, id: 5 },
      }),
    ]);
    renderPage('/formdata/all/8/5', 'ROLE_USER', 5);
    await screen.findByText('Osoba: Maria Wiśniewska');
    expect(columnNames()).toEqual(['Data wypełnienia', 'Ból', 'Wizyta', 'Opcje']);
    expect(screen.queryByRole('link', { name: /Wszystkie formularze/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Punkty')).not.toBeInTheDocument();
    expect(lastCall()[1]).toMatchObject({ personId: 5 });
  });

  it('offers the filler a correction while their answers are still editable', async () => {
    const editable = aFormResult({
      formDataId: 23,
      filledBy: { ...completed.filledBy, id: 5 },
      editableUntil: new Date(Date.now() + 60_000).toISOString(),
    });
    const final = aFormResult({
      formDataId: 24,
      filledBy: { ...completed.filledBy, id: 5 },
      completedAt: '2026-01-01T10:00:00.000Z',
    });
    answer([editable, final]);
    renderPage('/formdata/all/8/5', 'ROLE_USER', 5);
    expect(await screen.findByRole('link', { name: /^Edytuj wypełnienie/ })).toHaveAttribute(
      'href',
      '/formdata/edit/8/23',
    );
    expect(screen.getAllByRole('link', { name: /^Edytuj/ })).toHaveLength(1);
  });

  it('sends a patient not selected for the form back to /forms', async () => {
    api.post.mockRejectedValue(apiFailure(404, { message: 'Nie znaleziono formularza' }));
    const { shell } = renderPage('/formdata/all/8', 'ROLE_USER', 5);
    const navigate = jest.spyOn(shell, 'navigate');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/forms', { replace: true }));
  });

  it('switches between the editions of the form', async () => {
    answer(
      [completed],
      [
        { id: 9, name: 'Ankieta bólu', edition: 2 },
        { id: 8, name: 'Ankieta bólu', edition: 1 },
      ],
    );
    const { shell } = renderPage('/formdata/all/8/5');
    const navigate = jest.spyOn(shell, 'navigate');
    const selector = await screen.findByLabelText('Wersja formularza');
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Wersja 2', 'Wersja 1']);
    await userEvent.selectOptions(selector, '9');
    expect(navigate).toHaveBeenCalledWith('/formdata/all/9/5');
  });

  it('has no edition selector for a form with one edition', async () => {
    renderPage('/formdata/all/8');
    await screen.findByRole('row', { name: /Ryzyko wysokie/ });
    expect(screen.queryByLabelText('Wersja formularza')).not.toBeInTheDocument();
  });

  it('filters by an answer 700 ms after the typing stops', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderPage('/formdata/all/8');
      await screen.findByRole('row', { name: /Ryzyko wysokie/ });
      await user.type(screen.getByLabelText('Filtruj: Ból'), '7');
      await user.type(screen.getByLabelText('Filtruj: Data wypełnienia'), '02/03/2026');
      act(() => void jest.advanceTimersByTime(699));
      expect(api.post.mock.calls.some(([, body]) => body.q.length > 0)).toBe(false);
      act(() => void jest.advanceTimersByTime(1));
      await waitFor(() =>
        expect(lastCall()[1].q).toEqual([
          { field: 'data.pain', operator: 'contains', value: '7' },
          { field: 'completedAt', operator: 'is', value: '2026-03-02' },
        ]),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('pages by 50 to 500 rows, 100 unless the user chose, remembered in a cookie', async () => {
    renderPage('/formdata/all/8');
    await screen.findByRole('row', { name: /Ryzyko wysokie/ });
    const sizes = within(screen.getByLabelText('Wierszy na stronie')).getAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['50', '100', '200', '300', '500']);
    await userEvent.selectOptions(screen.getByLabelText('Wierszy na stronie'), '300');
    await waitFor(() => expect(lastCall()[1]).toMatchObject({ pageSize: 300 }));
    expect(JSON.parse(Cookies.get('form-results-paging-7') ?? '')).toEqual({ page: 0, pageSize: 300 });
  });

  it('sorts by points, highest first', async () => {
    renderPage('/formdata/all/8');
    await screen.findByRole('row', { name: /Ryzyko wysokie/ });
    await userEvent.click(screen.getByRole('button', { name: 'Punkty' }));
    await waitFor(() => expect(lastCall()[1]).toMatchObject({ sort: '-totalWeight' }));
  });
});

describe('CSV download', () => {
  const createObjectURL = jest.fn(() => 'blob:csv');
  let saved: { download: string; href: string } | null = null;
  beforeEach(() => {
    saved = null;
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { download: this.download, href: this.href };
    });
    api.get.mockResolvedValue({ data: new Blob(['a;b']) });
  });
  afterEach(() => jest.restoreAllMocks());

  it('fetches the CSV with the chosen options and saves it as data.csv', async () => {
    renderPage('/formdata/all/8/5');
    await screen.findByRole('row', { name: /Ryzyko wysokie/ });
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(
        '/api/form_data/csv/8?includePersonalData=false&includeMissingData=false&personId=5',
        { responseType: 'blob' },
      ),
    );
    await waitFor(() => expect(saved?.download).toBe('data.csv'));
    expect(saved?.href).toBe('blob:csv');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Z danymi osobowymi' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Z niewypełnionymi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith(
        '/api/form_data/csv/8?includePersonalData=true&includeMissingData=true&personId=5',
        { responseType: 'blob' },
      ),
    );
  });

  it('exports the whole form for staff, and says when the download failed', async () => {
    api.get.mockRejectedValue(apiFailure(500));
    const { shell } = renderPage('/formdata/all/8');
    const show = jest.spyOn(shell.alerts, 'show');
    await screen.findByRole('row', { name: /Ryzyko wysokie/ });
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Nie udało się pobrać pliku CSV', isError: true }),
    );
    expect(api.get).toHaveBeenCalledWith(
      '/api/form_data/csv/8?includePersonalData=false&includeMissingData=false',
      {
        responseType: 'blob',
      },
    );
  });
});
