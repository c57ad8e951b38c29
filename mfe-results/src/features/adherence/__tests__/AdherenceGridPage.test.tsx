import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { RESULTS_ROUTES } from '@formularze/domain/schemas';
import type {
  AdherenceSlot,
  PatientAdherence,
  ProjectAdherencePage,
} from '@formularze/domain/schemas/adherence';
import { Route, Routes } from 'shared-ui/routing';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { api, apiFailure } from '../../../test/results-fixtures';
import { AdherenceGridPage } from '../components/AdherenceGridPage';

const slot = (
  id: number,
  status: AdherenceSlot['status'],
  day: number,
  fill: Partial<AdherenceSlot> = {},
) => ({
  id,
  formId: 31,
  bagId: 30,
  startsAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  endsAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  status,
  filledFormId: null,
  filledAt: null,
  score: null,
  ...fill,
});

const anna: PatientAdherence = {
  person: { id: 11, name: 'Anna Adamska' },
  dueSlots: 3,
  onTimeSlots: 1,
  adherence: 33,
  missedStreak: 2,
  remindedAt: null,
  slots: [
    slot(1, 'ON_TIME', 4, { filledFormId: 501, filledAt: '2026-11-04T11:00:00.000Z', score: 7 }),
    slot(2, 'MISSED', 11),
    slot(3, 'MISSED', 18),
    slot(4, 'UPCOMING', 25),
  ],
};
const bartek: PatientAdherence = {
  person: { id: 12, name: 'Bartek Bednarz' },
  dueSlots: 0,
  onTimeSlots: 0,
  adherence: null,
  missedStreak: 0,
  remindedAt: '2026-11-05T09:30:00.000Z',
  slots: [slot(5, 'OPEN', 5)],
};

function answer(content = [anna, bartek]) {
  api.get.mockImplementation(
    async (_url: string, config: { params: { page: number; pageSize: number } }) => ({
      data: {
        content,
        totalElements: content.length,
        page: config.params.page,
        pageSize: config.params.pageSize,
        forms: [{ bagId: 30, formId: 31, name: 'Dzienniczek bólu' }],
      } satisfies ProjectAdherencePage,
    }),
  );
}

const lastCall = () => api.get.mock.calls.at(-1) as [string, { params: Record<string, unknown> }];

function renderAt(path: string) {
  return renderInRemote(
    'mfe-results',
    <Routes>
      <Route path={RESULTS_ROUTES.projectAdherence.path} element={<AdherenceGridPage />} />
      <Route path={RESULTS_ROUTES.formAdherence.path} element={<AdherenceGridPage />} />
    </Routes>,
    { path, person: aPerson('ROLE_OWNER', { id: 7 }), api },
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  answer();
});

describe('AdherenceGridPage', () => {
  it("shows each patient's on-time share, misses in a row and every slot as a named cell", async () => {
    renderAt('/groups/4/adherence');
    const cells = await screen.findByRole('group', { name: 'Terminy: Anna Adamska' });
    const row = cells.closest('tr')!;
    expect(within(row).getByText('33% (1/3)')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(
      within(cells)
        .getAllByRole('button')
        .map((cell) => cell.getAttribute('aria-label')),
    ).toEqual([
      expect.stringMatching(
        /^Wypełniony w terminie, termin .+ – .+, wypełniono .+, 7\.00 pkt, Dzienniczek bólu$/,
      ),
      expect.stringMatching(/^Pominięty, termin .+, Dzienniczek bólu$/),
      expect.stringMatching(/^Pominięty, /),
      expect.stringMatching(/^Nadchodzący, /),
    ]);
    const waiting = screen.getByRole('group', { name: 'Terminy: Bartek Bednarz' }).closest('tr')!;
    expect(within(waiting).getByText('—')).toBeInTheDocument();
    expect(within(waiting).getByText('Przypomniano: 2026-11-05 10:30')).toBeInTheDocument();
    expect(lastCall()).toEqual([
      '/api/form_data/project_adherence/4',
      { params: { period: '90', sortBy: 'adherence', page: 0, pageSize: 100 } },
    ]);
    expect(screen.getByText('Formularze projektu: Dzienniczek bólu')).toBeInTheDocument();
  });

  it('draws the cells of every row, those below the first screen once it is painted', async () => {
    const patients = Array.from({ length: 25 }, (_, index) => ({
      ...anna,
      person: { id: 100 + index, name: `Pacjent ${index + 1}` },
    }));
    answer(patients);
    renderAt('/groups/4/adherence');
    const last = await screen.findByRole('group', { name: 'Terminy: Pacjent 25' });
    await waitFor(() => expect(within(last).getAllByRole('button')).toHaveLength(4));
    expect(last).toHaveAttribute('aria-busy', 'false');
    for (const { person } of patients) {
      expect(
        within(screen.getByRole('group', { name: `Terminy: ${person.name}` })).getAllByRole('button'),
      ).toHaveLength(4);
    }
  });

  it("is one Tab stop per patient's slots, moved through with the arrow keys, Home and End", async () => {
    renderAt('/groups/4/adherence');
    const cells = within(await screen.findByRole('group', { name: 'Terminy: Anna Adamska' })).getAllByRole(
      'button',
    );
    expect(cells.map((cell) => cell.tabIndex)).toEqual([0, -1, -1, -1]);
    cells[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(cells[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(cells[3]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(cells[3]).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(cells[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    // Leaving and coming back with Tab returns to the cell last used.
    expect(cells.map((cell) => cell.tabIndex)).toEqual([-1, -1, 0, -1]);
    await userEvent.keyboard('{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Termin wypełnienia: Anna Adamska' }),
    ).toBeInTheDocument();
  });

  it("opens a slot's details with the way to its filled form", async () => {
    renderAt('/groups/4/adherence');
    const cells = await screen.findByRole('group', { name: 'Terminy: Anna Adamska' });
    await userEvent.click(within(cells).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Termin wypełnienia: Anna Adamska' });
    expect(within(dialog).getByText('Wypełniony w terminie')).toBeInTheDocument();
    expect(within(dialog).getByText('7.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Otwórz wypełniony formularz' })).toHaveAttribute(
      'href',
      '/formdata/501',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(cells).getAllByRole('button')[1]!);
    const missed = await screen.findByRole('dialog');
    expect(within(missed).getByText('Pominięty')).toBeInTheDocument();
    expect(within(missed).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks for the patients with two misses in a row, for another period, and sorted by a column', async () => {
    renderAt('/groups/4/adherence');
    await screen.findByText('Anna Adamska');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Pominięte z rzędu' }),
      '≥ 2 pominięte z rzędu',
    );
    await waitFor(() => expect(lastCall()[1].params).toMatchObject({ minMissedStreak: 2, page: 0 }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Okres' }), 'Ostatnie 365 dni');
    await waitFor(() => expect(lastCall()[1].params).toMatchObject({ period: '365', minMissedStreak: 2 }));
    await userEvent.click(screen.getByRole('button', { name: /Pominięte z rzędu/ }));
    await waitFor(() => expect(lastCall()[1].params).toMatchObject({ sortBy: 'missedStreak' }));
  });

  it("reads one form's grid for a form's address, and says when nobody has that many misses", async () => {
    answer([]);
    renderAt('/results/31/adherence');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Pominięte z rzędu' }),
      '≥ 3 pominięte z rzędu',
    );
    expect(await screen.findByText('Brak pacjentów z tyloma pominięciami z rzędu')).toBeInTheDocument();
    expect(lastCall()[0]).toBe('/api/form_data/adherence/31');
  });

  it('offers a retry when the grid cannot be read', async () => {
    api.get.mockRejectedValue(apiFailure(500));
    renderAt('/groups/4/adherence');
    expect(await screen.findByText('Nie udało się pobrać terminowości wypełnień')).toBeInTheDocument();
  });

  it('reminds the chosen patients after asking, and says what became of each reminder', async () => {
    api.post.mockResolvedValue({
      data: {
        results: [
          { personId: 11, outcome: 'SENT', channel: 'mail' },
          { personId: 12, outcome: 'ALREADY_REMINDED', channel: null },
        ],
      },
    });
    const { shell } = renderAt('/groups/4/adherence');
    const show = jest.spyOn(shell.alerts, 'show');
    const send = screen.getByRole('button', { name: 'Wyślij przypomnienie' });
    expect(send).toBeDisabled();

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Wybierz: Anna Adamska' }));
    expect(screen.getByText('Zaznaczono: 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Zaznacz wszystkich na stronie' }));
    expect(screen.getByRole('checkbox', { name: 'Wybierz: Bartek Bednarz' })).toBeChecked();
    await userEvent.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Wysłać przypomnienie 2 pacjentom?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij' }));

    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Wysłano 1 przypomnienie. Pominięto 1 pacjenta: przypomnienie wysłane już dziś (1).',
      }),
    );
    expect(api.post).toHaveBeenCalledWith('/api/form_data/project_adherence/4/reminders', {
      personIds: [11, 12],
    });
    await waitFor(() => expect(screen.getByText('Zaznaczono: 0')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancelling the question sends nothing; a failed send says so', async () => {
    const { shell } = renderAt('/results/31/adherence');
    const show = jest.spyOn(shell.alerts, 'show');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Wybierz: Bartek Bednarz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij przypomnienie' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Wysłać przypomnienie 1 pacjentowi?' })).getByRole(
        'button',
        { name: 'Anuluj' },
      ),
    );
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockRejectedValue(apiFailure(500));
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij przypomnienie' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Wyślij' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Nie udało się wysłać przypomnień', isError: true }),
    );
    expect(api.post).toHaveBeenCalledWith('/api/form_data/adherence/31/reminders', { personIds: [12] });
    // Found once the closing dialog no longer hides the page.
    expect(await screen.findByRole('checkbox', { name: 'Wybierz: Bartek Bednarz' })).toBeChecked();
  });

  it('downloads the grid as CSV under the chosen filter and order', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAt('/groups/4/adherence');
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Pominięte z rzędu' }),
      '≥ 2 pominięte z rzędu',
    );
    api.get.mockResolvedValueOnce({ data: new Blob(['a;b']) });
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() => expect(saved).toEqual(['terminowosc.csv']));
    expect(api.get).toHaveBeenCalledWith('/api/form_data/project_adherence/4/csv', {
      params: { period: '90', minMissedStreak: 2, sortBy: 'adherence' },
      responseType: 'blob',
    });
    jest.restoreAllMocks();
  });
});
