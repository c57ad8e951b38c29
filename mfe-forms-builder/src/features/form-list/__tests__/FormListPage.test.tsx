import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { FormListItem } from '@formularze/domain/schemas/forms';
import { aFakeApiClient, aPerson, apiFailure, renderInRemote } from 'shared-ui/testing';
import { FormListPage } from '../components/FormListPage';

const api = aFakeApiClient();

function aForm(overrides: Partial<FormListItem> & { id: number; name: string }): FormListItem {
  return {
    description: null,
    status: 'DRAFT',
    edition: 1,
    formGroup: null,
    bag: { id: overrides.id },
    numberOfUsers: 0,
    numberOfUsersActiveNow: 0,
    filledFormCount: 0,
    defaultAssignmentDuration: 10,
    layoutId: overrides.id,
    allowDrafting: false,
    schedule: null,
    ...overrides,
  };
}

const survey = aForm({
  id: 1,
  name: 'Ankieta bólu',
  status: 'ACTIVE',
  formGroup: { id: 4, name: 'Kardiologia' },
  numberOfUsers: 12,
  filledFormCount: 30,
});
const draft = aForm({ id: 2, name: 'Wywiad wstępny' });

const page = (content: FormListItem[]) => ({
  data: { content, totalElements: content.length, page: 0, pageSize: 100 },
});

function renderList(authorities = 'ROLE_OWNER') {
  const show = jest.fn(() => 'alert');
  const person = aPerson(authorities, { id: 7 });
  const view = renderInRemote('mfe-forms-builder', <FormListPage />, {
    path: '/forms',
    person,
    shell: { alerts: { show, dismiss: jest.fn() } },
    api,
  });
  return { ...view, show };
}

type ListParams = { page: number; pageSize: number; sortBy: string };
/** The form list's calls: each fetch asks for the page and for its first half (§9). */
const listCalls = () =>
  (api.get.mock.calls as [string, { params: ListParams }][])
    .filter(([url]) => url === '/api/v2/forms')
    .map(([, config]) => config.params);
/** The whole page of the last fetch. */
const lastListParams = () =>
  listCalls()
    .slice(-2)
    .reduce((whole, params) => (params.pageSize > whole.pageSize ? params : whole));

/** The viewer's own open windows of scheduled forms. */
const slots = (...windows: { id: number; formId: number; readyToFill?: boolean }[]) => ({
  data: {
    content: windows.map(({ id, formId, readyToFill = true }) => ({
      id,
      form: { id: formId, name: 'Formularz' },
      startDate: '2026-11-28T00:00:00.000Z',
      endDate: '2026-11-28T23:59:00.000Z',
      editableUntil: null,
      readyToFill,
      filledBy: null,
    })),
    totalElements: windows.length,
    page: 0,
    pageSize: 500,
  },
});

/** Answers the list with `forms`, the projects with `projects`, the open windows with `windows`. */
function answer(forms: FormListItem[], { projects = [] as unknown[], windows = slots() } = {}) {
  api.get.mockImplementation(async (url: string) => {
    if (url === '/api/form_group') return { data: projects };
    if (url === '/api/v2/forms/scheduled') return windows;
    return page(forms);
  });
}

async function openOptions(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Opcje formularza ${name}` }));
  return screen.findByRole('menu');
}

beforeEach(() => {
  jest.clearAllMocks();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  answer([survey, draft]);
  api.put.mockResolvedValue({ data: '' });
  api.delete.mockResolvedValue({ data: '' });
});

describe('FormListPage', () => {
  it('lists forms with their project, Polish status and counts, 100 a page sorted by name', async () => {
    renderList();
    const row = (await screen.findByText('Ankieta bólu')).closest('tr')!;
    expect(within(row).getByText('Kardiologia')).toBeInTheDocument();
    expect(within(row).getByText('Aktywny')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('30')).toBeInTheDocument();
    expect(screen.getByText('Szkic')).toBeInTheDocument();
    expect(listCalls()).toEqual([
      { page: 0, pageSize: 100, sortBy: 'name' },
      // §9: a second call with half the page size, whose rows may show first.
      { page: 0, pageSize: 50, sortBy: 'name' },
    ]);
  });

  it('shows the first half of the page while the whole page is still loading', async () => {
    let answerWholePage: (value: unknown) => void = () => undefined;
    api.get.mockImplementation((url: string, { params }: { params: ListParams }) => {
      if (url === '/api/v2/forms' && params.pageSize === 100)
        return new Promise((resolve) => (answerWholePage = resolve));
      return Promise.resolve(url === '/api/v2/forms' ? page([survey]) : slots());
    });
    renderList();
    expect(await screen.findByText('Ankieta bólu')).toBeInTheDocument();
    expect(screen.queryByText('Wywiad wstępny')).not.toBeInTheDocument();
    answerWholePage(page([survey, draft]));
    expect(await screen.findByText('Wywiad wstępny')).toBeInTheDocument();
  });

  it('sorts by a column, and turns the order around on a second click', async () => {
    renderList();
    await screen.findByText('Ankieta bólu');
    await userEvent.click(screen.getByRole('button', { name: 'Odpowiedzi' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sortBy: 'answerCount' }));
    await userEvent.click(screen.getByRole('button', { name: 'Odpowiedzi' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sortBy: '-answerCount' }));
  });

  it("remembers the chosen page size in the person's cookie", async () => {
    const { unmount } = renderList();
    await screen.findByText('Ankieta bólu');
    await userEvent.selectOptions(screen.getByLabelText('Wierszy na stronie'), '50');
    await waitFor(() => expect(lastListParams()).toMatchObject({ pageSize: 50 }));
    unmount();
    renderList();
    await screen.findByText('Ankieta bólu');
    expect(lastListParams()).toMatchObject({ pageSize: 50 });
    expect(Cookies.get('forms-paging-7')).toBeDefined();
  });

  it('offers a new form to owners only', async () => {
    renderList('ROLE_OWNER');
    expect(await screen.findByRole('button', { name: 'Nowy formularz' })).toBeInTheDocument();
  });

  it('does not offer a new form to an editor', async () => {
    renderList('ROLE_EDITOR');
    await screen.findByText('Ankieta bólu');
    expect(screen.queryByRole('button', { name: 'Nowy formularz' })).not.toBeInTheDocument();
  });

  it('keeps an active form from being edited or deleted until it is paused', async () => {
    renderList();
    const menu = await openOptions('Ankieta bólu');
    expect(within(menu).getByRole('menuitem', { name: /Edytuj/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: /^Usuń(?! z projektu)/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Wstrzymaj' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/forms/1/deactivate'));
  });

  it("shows the API's refusal when activation fails", async () => {
    api.put.mockRejectedValue(
      apiFailure(400, {
        message: 'Błąd aktywacji formularza - formularz jest pusty',
        code: 'template-is-empty',
      }),
    );
    const { show } = renderList();
    const menu = await openOptions('Wywiad wstępny');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Aktywuj' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Błąd aktywacji formularza - formularz jest pusty',
        isError: true,
      }),
    );
  });

  it('deletes a form only after confirmation, then refreshes the list', async () => {
    const { show } = renderList();
    const menu = await openOptions('Wywiad wstępny');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Usuń' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć formularz?' });
    expect(api.delete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/forms/2'));
    expect(show).toHaveBeenCalledWith({ text: 'Usunięto formularz Wywiad wstępny' });
    await waitFor(() => expect(listCalls()).toHaveLength(4));
  });

  it('opens the editor of a paused or draft form', async () => {
    const { shell } = renderList();
    const navigate = jest.spyOn(shell, 'navigate');
    const menu = await openOptions('Wywiad wstępny');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edytuj' }));
    expect(navigate).toHaveBeenCalledWith('/forms/edit/2');
  });

  describe('fill links', () => {
    const scheduled = aForm({
      id: 5,
      name: 'Dzienniczek',
      status: 'ACTIVE',
      schedule: {
        one: true,
        multi: false,
        startDate: '2026-11-01',
        endDate: '2026-12-31',
        timePeriods: [
          { dayOfWeek: 'EVERYDAY', startTime: '08:00', endTime: '20:00', allowEditMinutesAfterSave: 0 },
        ],
      },
    });

    it("links an active scheduled form to the viewer's open window of it", async () => {
      answer([survey, scheduled], { windows: slots({ id: 7005, formId: 5 }) });
      const { shell } = renderList();
      const navigate = jest.spyOn(shell, 'navigate');
      const menu = await openOptions('Dzienniczek');
      await userEvent.click(await within(menu).findByRole('menuitem', { name: 'Wypełnij' }));
      expect(navigate).toHaveBeenCalledWith('/formdata/fill-scheduled-test/5/7005');
    });

    it('offers no fill link to a scheduled form without an open window ready to fill', async () => {
      answer([scheduled], { windows: slots({ id: 7005, formId: 5, readyToFill: false }) });
      renderList();
      const menu = await openOptions('Dzienniczek');
      expect(within(menu).queryByRole('menuitem', { name: 'Wypełnij' })).not.toBeInTheDocument();
    });

    it('links an active form without a schedule to its fill page', async () => {
      const { shell } = renderList();
      const navigate = jest.spyOn(shell, 'navigate');
      const menu = await openOptions('Ankieta bólu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Wypełnij' }));
      expect(navigate).toHaveBeenCalledWith('/formdata/add/1');
    });
  });

  describe('projects', () => {
    const projects = [
      { id: 4, name: 'Kardiologia' },
      { id: 5, name: 'Neurologia' },
    ].map((project) => ({
      ...project,
      internalDescription: null,
      smsPhone: null,
      welcomeSmsMessage: null,
      welcomeEmailMessage: null,
      enableAllFormAccess: false,
    }));
    const paused = aForm({
      id: 3,
      name: 'Skala bólu',
      status: 'PAUSED',
      formGroup: { id: 4, name: 'Kardiologia' },
    });

    beforeEach(() => {
      answer([survey, draft, paused], { projects });
      api.post.mockResolvedValue({ data: { id: 3, formGroup: { id: 5, name: 'Neurologia' } } });
    });

    // The menu item that opened a dialog is gone once it closes: the focus goes back to the row's options.
    it.each([
      ['Dostęp użytkowników', 'Dostęp do formularza Skala bólu'],
      ['Kopiuj do projektu', 'Kopiuj formularz do projektu'],
      ['Przenieś do projektu', 'Przenieś formularz do projektu'],
      ['Usuń z projektu', 'Usunąć formularz z projektu?'],
      ['Usuń', 'Usunąć formularz?'],
    ])('returns the focus to the row\'s options when the dialog of "%s" closes', async (item, title) => {
      renderList();
      const menu = await openOptions('Skala bólu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: item }));
      const dialog = await screen.findByRole('dialog', { name: title });
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Opcje formularza Skala bólu' })).toHaveFocus(),
      );
    });

    it('moves a form to another project: its current project cannot be chosen', async () => {
      const { show } = renderList();
      const menu = await openOptions('Skala bólu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Przenieś do projektu' }));
      const dialog = await screen.findByRole('dialog', { name: 'Przenieś formularz do projektu' });
      const picker = await within(dialog).findByRole('combobox', { name: /Projekt docelowy/ });
      const confirm = within(dialog).getByRole('button', { name: 'Przenieś' });
      expect(confirm).toBeDisabled();
      expect(within(picker).getByRole('option', { name: 'Kardiologia (obecny)' })).toBeDisabled();

      await userEvent.selectOptions(picker, 'Neurologia');
      expect(confirm).toBeEnabled();
      await userEvent.click(confirm);
      await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/form_group/move_form_to_group/3/5'));
      expect(show).toHaveBeenCalledWith({ text: 'Przeniesiono formularz Skala bólu do projektu Neurologia' });
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Przenieś formularz do projektu' }),
        ).not.toBeInTheDocument(),
      );
      // The list is fetched again.
      await waitFor(() => expect(listCalls()).toHaveLength(4));
    });

    it('copies a form, active ones too, to a project', async () => {
      api.post.mockResolvedValue({ data: { id: 9, formGroup: { id: 5, name: 'Neurologia' } } });
      const { show } = renderList();
      const menu = await openOptions('Ankieta bólu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Kopiuj do projektu' }));
      const dialog = await screen.findByRole('dialog', { name: 'Kopiuj formularz do projektu' });
      await userEvent.selectOptions(await within(dialog).findByRole('combobox'), 'Neurologia');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Kopiuj' }));
      await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/form_group/clone_form_to_group/1/5'));
      expect(show).toHaveBeenCalledWith({ text: 'Skopiowano formularz Ankieta bólu do projektu Neurologia' });
    });

    it('keeps an active form in its project until it is paused', async () => {
      renderList();
      const menu = await openOptions('Ankieta bólu');
      for (const name of [/^Przenieś do projektu/, /^Usuń z projektu/]) {
        const item = within(menu).getByRole('menuitem', { name });
        expect(item).toHaveAttribute('aria-disabled', 'true');
        expect(item).toHaveTextContent('najpierw wstrzymaj');
      }
    });

    it('offers removal from a project only to a form that has one, after confirmation', async () => {
      const { show } = renderList();
      const draftMenu = await openOptions('Wywiad wstępny');
      expect(within(draftMenu).queryByRole('menuitem', { name: /Usuń z projektu/ })).not.toBeInTheDocument();
      await userEvent.keyboard('{Escape}');

      const menu = await openOptions('Skala bólu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Usuń z projektu' }));
      const dialog = await screen.findByRole('dialog', { name: 'Usunąć formularz z projektu?' });
      expect(api.post).not.toHaveBeenCalled();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń z projektu' }));
      await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/form_group/detach_form_from_group/3'));
      expect(show).toHaveBeenCalledWith({ text: 'Usunięto formularz Skala bólu z projektu Kardiologia' });
    });

    it("shows the API's refusal of a move", async () => {
      api.post.mockRejectedValue(
        apiFailure(409, {
          message: 'Aktywnego formularza nie można edytować, usuwać ani przenosić - najpierw go wstrzymaj',
          code: 'form-is-active',
        }),
      );
      const { show } = renderList();
      const menu = await openOptions('Skala bólu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Przenieś do projektu' }));
      const dialog = await screen.findByRole('dialog', { name: 'Przenieś formularz do projektu' });
      await userEvent.selectOptions(await within(dialog).findByRole('combobox'), 'Neurologia');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Przenieś' }));
      await waitFor(() =>
        expect(show).toHaveBeenCalledWith({
          text: 'Aktywnego formularza nie można edytować, usuwać ani przenosić - najpierw go wstrzymaj',
          isError: true,
        }),
      );
      // The dialog stays open for another choice.
      expect(screen.getByRole('dialog', { name: 'Przenieś formularz do projektu' })).toBeInTheDocument();
    });

    it('says so when there is no other project', async () => {
      answer([paused], { projects: projects.slice(0, 1) });
      renderList();
      const menu = await openOptions('Skala bólu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Kopiuj do projektu' }));
      const dialog = await screen.findByRole('dialog', { name: 'Kopiuj formularz do projektu' });
      expect(await within(dialog).findByText('Brak innych projektów')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Kopiuj' })).toBeDisabled();
    });

    it('offers no project actions to an editor whose organization keeps forms to owners', async () => {
      renderList('ROLE_EDITOR');
      const menu = await openOptions('Skala bólu');
      expect(within(menu).queryByRole('menuitem', { name: /projektu/ })).not.toBeInTheDocument();
    });
  });
});
