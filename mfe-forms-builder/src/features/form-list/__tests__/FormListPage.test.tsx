import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { FormListItem } from 'shared-ui/schemas/forms';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { FormListPage } from '../components/FormListPage';

const api = { get: jest.fn(), put: jest.fn(), post: jest.fn(), delete: jest.fn() };
jest.mock('shared-ui/api-client', () => ({
  ...jest.requireActual('shared-ui/api-client'),
  createApiClient: () => api,
}));

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
const apiFailure = (message: string) =>
  Object.assign(new Error('HTTP 400'), {
    isAxiosError: true,
    response: {
      status: 400,
      data: { statusCode: 400, error: 'Bad Request', message, code: 'template-is-empty' },
    },
  });

function renderList(authorities = 'ROLE_OWNER') {
  const show = jest.fn(() => 'alert');
  const person = aPerson(authorities, { id: 7 });
  const view = renderInRemote('mfe-forms-builder', <FormListPage />, {
    path: '/forms',
    person,
    shell: { alerts: { show, dismiss: jest.fn() } },
  });
  return { ...view, show };
}

const lastListParams = () => (api.get.mock.calls.at(-1) as [string, { params: object }])[1].params;

async function openOptions(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Opcje formularza ${name}` }));
  return screen.findByRole('menu');
}

beforeEach(() => {
  jest.clearAllMocks();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  api.get.mockResolvedValue(page([survey, draft]));
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
    expect(api.get).toHaveBeenCalledWith('/api/v2/forms', {
      params: { page: 0, pageSize: 100, sortBy: 'name' },
    });
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
    expect(within(menu).getByRole('menuitem', { name: /Usuń/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Wstrzymaj' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/forms/1/deactivate'));
  });

  it("shows the API's refusal when activation fails", async () => {
    api.put.mockRejectedValue(apiFailure('Błąd aktywacji formularza - formularz jest pusty'));
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
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });

  it('opens the editor of a paused or draft form', async () => {
    const { shell } = renderList();
    const navigate = jest.spyOn(shell, 'navigate');
    const menu = await openOptions('Wywiad wstępny');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edytuj' }));
    expect(navigate).toHaveBeenCalledWith('/forms/edit/2');
  });
});
