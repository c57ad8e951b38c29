import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { Project } from '@formularze/domain/schemas/projects';
import { ProjectsPage } from '../components/ProjectsPage';
import { aCardiologyProject, aProject, aProjectUser, api, apiFailure, renderAs } from './projects-fixtures';

const cardiology = aCardiologyProject({ welcomeEmailMessage: 'Dzień dobry, zapraszamy' });
const neurology = aProject({ id: 5, name: 'Neurologia' });

const members = [
  aProjectUser({
    userId: 11,
    firstName: 'Maria',
    surname: 'Wiśniewska',
    phone: '+48600100200',
    selected: true,
  }),
  aProjectUser({ userId: 12, firstName: 'Jan', surname: 'Kowalski', mail: 'jan@example.test' }),
  aProjectUser({ userId: 13, firstName: 'Ewa', surname: 'Lekarska', roles: ['ROLE_EDITOR'] }),
];

/** The list pages and the users of each project. */
function answer(content: Project[] = [cardiology, neurology]) {
  api.get.mockImplementation(async (url: string, config?: { params: { page: number; pageSize: number } }) => {
    if (/^\/api\/form_group\/\d+\/allowed_users$/.test(url)) return { data: members };
    return {
      data: {
        content,
        totalElements: content.length,
        page: config!.params.page,
        pageSize: config!.params.pageSize,
      },
    };
  });
}

const listCalls = () => api.get.mock.calls.filter(([url]) => url === '/api/v2/form_group');
const lastListParams = () => (listCalls().at(-1) as [string, { params: object }])[1].params;

function renderPage(authorities = 'ROLE_OWNER') {
  return renderAs(authorities, <ProjectsPage />, '/groups');
}

async function openOptions(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Opcje projektu ${name}` }));
  return screen.findByRole('menu');
}

async function choose(project: string, option: string) {
  const menu = await openOptions(project);
  await userEvent.click(within(menu).getByRole('menuitem', { name: option }));
}

beforeEach(() => {
  jest.clearAllMocks();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  answer();
  api.put.mockResolvedValue({ data: '' });
  api.delete.mockResolvedValue({ data: '' });
});

describe('ProjectsPage', () => {
  it('lists projects with their description, welcome messages and phone, 100 a page sorted by name', async () => {
    renderPage();
    const row = (await screen.findByText('Kardiologia')).closest('tr')!;
    expect(within(row).getByText('Pacjenci po zawale')).toBeInTheDocument();
    expect(within(row).getByText('Witamy w programie')).toBeInTheDocument();
    expect(within(row).getByText('+48500100200')).toBeInTheDocument();
    expect(within(row).getByText('Dzień dobry, zapraszamy')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Opcje projektu' })).toBeInTheDocument();
    expect(document.title).toBe('Projekty');
    expect(api.get).toHaveBeenCalledWith('/api/v2/form_group', {
      params: { page: 0, pageSize: 100, sortBy: 'name' },
    });
  });

  it('sorts by a column, and turns the order around on a second click', async () => {
    renderPage();
    await screen.findByText('Kardiologia');
    await userEvent.click(screen.getByRole('button', { name: 'Opis' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sortBy: 'description' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opis' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sortBy: '-description' }));
    await userEvent.click(screen.getByRole('button', { name: 'Numer telefonu' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sortBy: 'smsPhone' }));
  });

  it("remembers the chosen page size in the person's cookie", async () => {
    const { unmount } = renderPage();
    await screen.findByText('Kardiologia');
    await userEvent.selectOptions(screen.getByLabelText('Wierszy na stronie'), '300');
    await waitFor(() => expect(lastListParams()).toMatchObject({ page: 0, pageSize: 300 }));
    unmount();
    renderPage();
    await screen.findByText('Kardiologia');
    expect(lastListParams()).toMatchObject({ pageSize: 300 });
    expect(JSON.parse(Cookies.get('projects-paging-7')!)).toMatchObject({ pageSize: 300 });
  });

  it('says so when there are no projects', async () => {
    answer([]);
    renderPage();
    expect(await screen.findByText('Brak projektów')).toBeInTheDocument();
  });

  it('opens the new project page', async () => {
    const { shell } = renderPage();
    const navigate = jest.spyOn(shell, 'navigate');
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj Nowy projekt' }));
    expect(navigate).toHaveBeenCalledWith('/form_group/add');
  });

  it('opens the edit page of a project', async () => {
    const { shell } = renderPage();
    const navigate = jest.spyOn(shell, 'navigate');
    await choose('Neurologia', 'Edytuj');
    expect(navigate).toHaveBeenCalledWith('/form_group/edit/5');
  });

  it("opens a project's adherence grid", async () => {
    const { shell } = renderPage();
    const navigate = jest.spyOn(shell, 'navigate');
    await choose('Neurologia', 'Terminowość wypełnień');
    expect(navigate).toHaveBeenCalledWith('/groups/5/adherence');
  });

  it("opens a project's score trends", async () => {
    const { shell } = renderPage();
    const navigate = jest.spyOn(shell, 'navigate');
    await choose('Neurologia', 'Trendy wyników');
    expect(navigate).toHaveBeenCalledWith('/groups/5/score-trends');
  });

  it('offers an editor new projects, their users, adherence and score trends, but not duplicate, edit or remove', async () => {
    renderPage('ROLE_EDITOR');
    expect(await screen.findByRole('button', { name: 'Dodaj Nowy projekt' })).toBeInTheDocument();
    const menu = await openOptions('Kardiologia');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Użytkownicy projektu', 'Terminowość wypełnień', 'Trendy wyników']);
  });

  it('deletes a project only after confirmation, then refreshes the list', async () => {
    const { show } = renderPage();
    await choose('Kardiologia', 'Usuń');
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć projekt?' });
    expect(within(dialog).getByText('Czy na pewno usunąć projekt Kardiologia?')).toBeInTheDocument();
    expect(api.delete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/form_group/4'));
    expect(show).toHaveBeenCalledWith({ text: 'Usunięto projekt Kardiologia' });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('keeps a project when the removal is cancelled', async () => {
    renderPage();
    await choose('Kardiologia', 'Usuń');
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć projekt?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(api.delete).not.toHaveBeenCalled();
  });

  it("shows the API's refusal to remove a project", async () => {
    api.delete.mockRejectedValue(
      apiFailure(409, { message: 'Nie można usunąć projektu, w którym są aktywne formularze' }),
    );
    const { show } = renderPage();
    await choose('Kardiologia', 'Usuń');
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć projekt?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Nie można usunąć projektu, w którym są aktywne formularze',
        isError: true,
      }),
    );
  });

  it.each([
    ['Duplikuj z użytkownikami', true],
    ['Duplikuj bez użytkowników', false],
  ])('duplicates a project: %s', async (button, withUsers) => {
    api.put.mockResolvedValue({ data: aProject({ id: 9, name: 'Kardiologia (kopia)' }) });
    const { show } = renderPage();
    await choose('Kardiologia', 'Duplikuj');
    const dialog = await screen.findByRole('dialog', { name: 'Duplikować projekt?' });
    expect(within(dialog).getByText(/Powstanie projekt Kardiologia \(kopia\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/form_group/4/duplicate', { withUsers }));
    expect(show).toHaveBeenCalledWith({ text: 'Utworzono kopię projektu Kardiologia' });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  // The menu item that opened a dialog is gone once it closes: the focus goes back to the row's options.
  it.each([
    ['Duplikuj', 'Duplikować projekt?'],
    ['Użytkownicy projektu', 'Użytkownicy projektu Kardiologia'],
    ['Usuń', 'Usunąć projekt?'],
  ])('returns the focus to the row\'s options when the dialog of "%s" closes', async (option, title) => {
    renderPage();
    await choose('Kardiologia', option);
    const dialog = await screen.findByRole('dialog', { name: title });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Opcje projektu Kardiologia' })).toHaveFocus(),
    );
  });

  describe('users of a project', () => {
    async function openUsers() {
      await choose('Kardiologia', 'Użytkownicy projektu');
      return within(await screen.findByRole('dialog', { name: 'Użytkownicy projektu Kardiologia' }));
    }

    it('lists the people the server offers, members checked, with their contact and role', async () => {
      renderPage();
      const dialog = await openUsers();
      expect(api.get).toHaveBeenCalledWith('/api/form_group/4/allowed_users');
      expect(
        await dialog.findByRole('checkbox', { name: 'Maria Wiśniewska (+48600100200) — Pacjent' }),
      ).toBeChecked();
      expect(
        dialog.getByRole('checkbox', { name: 'Jan Kowalski (jan@example.test) — Pacjent' }),
      ).not.toBeChecked();
      expect(dialog.getByRole('checkbox', { name: 'Ewa Lekarska — Lekarz' })).not.toBeChecked();
    });

    it('filters by name, phone or e-mail', async () => {
      renderPage();
      const dialog = await openUsers();
      await dialog.findByRole('checkbox', { name: /Maria/ });
      await userEvent.type(dialog.getByRole('searchbox', { name: 'Szukaj użytkownika' }), 'KOWAL');
      expect(dialog.getAllByRole('checkbox')).toHaveLength(1);
      expect(dialog.getByRole('checkbox', { name: /Jan Kowalski/ })).toBeInTheDocument();
      await userEvent.clear(dialog.getByRole('searchbox', { name: 'Szukaj użytkownika' }));
      await userEvent.type(dialog.getByRole('searchbox', { name: 'Szukaj użytkownika' }), '600100');
      expect(dialog.getAllByRole('checkbox')).toHaveLength(1);
      expect(dialog.getByRole('checkbox', { name: /Maria Wiśniewska/ })).toBeInTheDocument();
      await userEvent.type(dialog.getByRole('searchbox', { name: 'Szukaj użytkownika' }), 'xyz');
      expect(dialog.getByText('Brak użytkowników')).toBeInTheDocument();
    });

    it('saves only the people whose membership changed', async () => {
      const { show } = renderPage();
      const dialog = await openUsers();
      const save = dialog.getByRole('button', { name: 'Zapisz' });
      await userEvent.click(await dialog.findByRole('checkbox', { name: /Maria/ }));
      await userEvent.click(dialog.getByRole('checkbox', { name: /Jan Kowalski/ }));
      // Checked and unchecked again: no change to send for this one.
      await userEvent.click(dialog.getByRole('checkbox', { name: /Ewa Lekarska/ }));
      await userEvent.click(dialog.getByRole('checkbox', { name: /Ewa Lekarska/ }));
      expect(save).toBeEnabled();
      await userEvent.click(save);
      await waitFor(() =>
        expect(api.put).toHaveBeenCalledWith('/api/form_group/4/allowed_users', [
          { userId: 11, selected: false },
          { userId: 12, selected: true },
        ]),
      );
      expect(show).toHaveBeenCalledWith({ text: 'Zapisano użytkowników projektu Kardiologia' });
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Użytkownicy projektu Kardiologia' }),
        ).not.toBeInTheDocument(),
      );
    });

    it('has nothing to save until a membership changes', async () => {
      renderPage();
      const dialog = await openUsers();
      await dialog.findByRole('checkbox', { name: /Maria/ });
      expect(dialog.getByRole('button', { name: 'Zapisz' })).toBeDisabled();
    });

    it("shows the API's refusal and keeps the dialog open", async () => {
      api.put.mockRejectedValue(apiFailure(403, { message: 'Brak uprawnień' }));
      const { show } = renderPage();
      const dialog = await openUsers();
      await userEvent.click(await dialog.findByRole('checkbox', { name: /Jan Kowalski/ }));
      await userEvent.click(dialog.getByRole('button', { name: 'Zapisz' }));
      await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Brak uprawnień', isError: true }));
      expect(screen.getByRole('dialog', { name: 'Użytkownicy projektu Kardiologia' })).toBeInTheDocument();
    });
  });
});
