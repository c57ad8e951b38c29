import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { MembersPage } from '../components/MembersPage';
import { apiFailure } from 'shared-ui/testing';
import { aMember, api, renderAs, type Viewer } from './members-fixtures';

const patient = aMember({
  id: 5,
  surname: 'Wiśniewska',
  activated: false,
  currentTermsAccepted: false,
  acceptedTerms: [
    {
      terms: {
        id: 2,
        name: 'Regulamin 2025',
        link: '/org-media/files/terms/3/r.pdf',
        activeSince: '2025-01-01T00:00:00.000Z',
        removedAt: null,
      },
      revokedAt: null,
    },
  ],
});
const editor = aMember({
  id: 4,
  firstName: 'Jan',
  surname: 'Kowalski',
  mail: 'lekarz@demo.local',
  phone: null,
  authorities: 'ROLE_EDITOR',
});

const sortBy = 'user.authorities,-createdAt';

const termsInForce = [
  {
    id: 2,
    name: 'Regulamin 2025',
    link: '/org-media/files/terms/3/r.pdf',
    activeSince: '2025-01-01T00:00:00.000Z',
    removedAt: null,
    used: true,
  },
];

/** The list pages, the active forms of each person (none unless given) and the organization's terms. */
function answer(
  content = [editor, patient],
  totalElements = content.length,
  activeForms: Record<number, { id: number; name: string }[]> = {},
  organizationTerms: unknown[] = termsInForce,
) {
  api.get.mockImplementation(async (url: string, config?: { params: { page: number; pageSize: number } }) => {
    const forms = /^\/api\/persons\/(\d+)\/active_forms$/.exec(url);
    if (forms) return { data: activeForms[Number(forms[1])] ?? [] };
    if (url === '/api/organizations/terms') return { data: organizationTerms };
    return {
      data: { content, totalElements, page: config!.params.page, pageSize: config!.params.pageSize },
    };
  });
}

function renderPage(viewer: Viewer = 'owner') {
  return renderAs(viewer, <MembersPage />, '/persons');
}

const listCalls = () =>
  api.get.mock.calls.filter(([url]) => String(url).startsWith('/api/v2/persons')) as [
    string,
    { params: Record<string, unknown> },
  ][];
const lastListCall = () => listCalls().at(-1)!;

/** Expands a member's panel; its details and buttons, to query within. */
async function openPanel(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(name) }));
  return within(await screen.findByRole('region', { name: `Szczegóły: ${name}` }));
}

beforeEach(() => {
  jest.clearAllMocks();
  Cookies.remove('members-paging-1');
  answer();
});

describe('MembersPage', () => {
  it('owners get the list with terms, labels, the terms indicator and the role filter', async () => {
    renderPage('owner');
    expect(await screen.findByText('Maria Wiśniewska')).toBeInTheDocument();
    expect(lastListCall()).toEqual([
      '/api/v2/persons/with_terms',
      { params: { page: 0, pageSize: 5, sortBy } },
    ]);
    expect(
      screen.getByRole('button', { name: /^Jan Kowalski Lekarz lekarz@demo\.local$/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: /^Maria Wiśniewska Pacjent \+48600100200 Nieaktywny Regulamin niezaakceptowany$/,
      }),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Rola'), 'ROLE_EDITOR');
    await waitFor(() =>
      expect(lastListCall()[1].params).toEqual({ page: 0, pageSize: 5, sortBy, filterRole: 'ROLE_EDITOR' }),
    );
  });

  it('shows no terms badge in an organization without terms in force', async () => {
    answer([patient], 1, {}, [{ ...termsInForce[0], removedAt: '2025-06-01T00:00:00.000Z' }]);
    renderPage('owner');
    expect(await screen.findByText('Maria Wiśniewska')).toBeInTheDocument();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/organizations/terms'));
    expect(
      screen.getByRole('button', { name: /^Maria Wiśniewska Pacjent \+48600100200 Nieaktywny$/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Regulamin (nie)?zaakceptowany$/)).not.toBeInTheDocument();
  });

  it('names a patient without a name by their login once', async () => {
    const nameless = aMember({
      id: 6,
      firstName: null,
      surname: null,
      mail: 'anonim@demo.local',
      phone: null,
    });
    answer([nameless]);
    renderPage('owner');
    expect(
      await screen.findByRole('button', { name: /^anonim@demo\.local Pacjent Regulamin zaakceptowany$/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('anonim@demo.local')).toHaveLength(1);
  });

  it("shows owners a patient's accepted terms and the password and welcome actions", async () => {
    renderPage('owner');
    const panel = await openPanel('Maria Wiśniewska');
    expect(panel.getByRole('link', { name: 'Regulamin 2025' })).toHaveAttribute(
      'href',
      '/org-media/files/terms/3/r.pdf',
    );
    expect(panel.getByRole('button', { name: 'Resetuj hasło' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Wyślij ponownie wiadomość powitalną' })).toBeInTheDocument();
  });

  it("editors get the plain list, no role filter and none of the owner's patient actions", async () => {
    renderPage('managing editor');
    const panel = await openPanel('Maria Wiśniewska');
    expect(lastListCall()[0]).toBe('/api/v2/persons');
    expect(screen.queryByLabelText('Rola')).not.toBeInTheDocument();
    expect(screen.queryByText('Regulamin niezaakceptowany')).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Resetuj hasło' })).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Edytuj' })).toBeInTheDocument();
  });

  it('filters by name 1.5 s after the typing stops, from the first page', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderPage();
      await screen.findByText('Maria Wiśniewska');
      await user.type(screen.getByLabelText('Szukaj'), 'kow');
      act(() => void jest.advanceTimersByTime(1499));
      expect(listCalls().some(([, config]) => config.params.filterProperty)).toBe(false);
      act(() => void jest.advanceTimersByTime(1));
      await waitFor(() =>
        expect(lastListCall()[1].params).toEqual({ page: 0, pageSize: 5, sortBy, filterProperty: 'kow' }),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('remembers the page size and page per user in a cookie', async () => {
    answer([editor, patient], 23);
    const first = renderPage();
    await screen.findByText('Maria Wiśniewska');
    await userEvent.selectOptions(screen.getByLabelText('Wierszy na stronie'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Następna strona' }));
    await waitFor(() => expect(lastListCall()[1].params).toEqual({ page: 1, pageSize: 10, sortBy }));
    expect(JSON.parse(Cookies.get('members-paging-1') ?? '')).toEqual({ page: 1, pageSize: 10 });
    first.unmount();

    api.get.mockClear();
    renderPage();
    await screen.findByText('Maria Wiśniewska');
    expect(lastListCall()[1].params).toEqual({ page: 1, pageSize: 10, sortBy });
    expect(screen.getByRole('status')).toHaveTextContent('11–20 z 23');
  });

  it('activates an inactive member only after confirmation', async () => {
    api.put.mockResolvedValue({ data: '' });
    const { show } = renderPage();
    const panel = await openPanel('Maria Wiśniewska');
    await userEvent.click(panel.getByRole('button', { name: 'Aktywuj' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Użytkownik Maria Wiśniewska będzie mógł się zalogować.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(api.put).not.toHaveBeenCalled();

    await userEvent.click(panel.getByRole('button', { name: 'Aktywuj' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aktywuj' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/v1/users/5/activate'));
    expect(show).toHaveBeenCalledWith({ text: 'Użytkownik został aktywowany' });
  });

  it('removes a member after confirmation', async () => {
    api.delete.mockResolvedValue({ data: '' });
    const { show } = renderPage();
    const panel = await openPanel('Jan Kowalski');
    await userEvent.click(panel.getByRole('button', { name: 'Usuń' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/v1/users/4'));
    expect(show).toHaveBeenCalledWith({ text: 'Użytkownik został usunięty' });
  });

  it('warns before removing a patient who belongs to active forms', async () => {
    answer([editor, patient], 2, {
      5: [
        { id: 8, name: 'Ankieta zdrowia' },
        { id: 9, name: 'Dziennik' },
      ],
    });
    api.delete.mockResolvedValue({ data: '' });
    renderPage();
    const panel = await openPanel('Maria Wiśniewska');
    await userEvent.click(panel.getByRole('button', { name: 'Usuń' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Pacjent należy do aktywnych formularzy: Ankieta zdrowia, Dziennik. Po usunięciu nie będzie mógł ich wypełniać.',
      ),
    ).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/persons/5/active_forms');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/v1/users/5'));
  });

  it('removing a doctor, or a patient in no active form, shows no such warning', async () => {
    renderPage();
    const doctor = await openPanel('Jan Kowalski');
    await userEvent.click(doctor.getByRole('button', { name: 'Usuń' }));
    await screen.findByRole('dialog');
    expect(api.get).not.toHaveBeenCalledWith('/api/persons/4/active_forms');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const patientPanel = await openPanel('Maria Wiśniewska');
    await userEvent.click(patientPanel.getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/persons/5/active_forms'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).queryByText('Sprawdzanie aktywnych formularzy')).not.toBeInTheDocument(),
    );
    expect(within(dialog).queryByText(/Pacjent należy do aktywnych formularzy/)).not.toBeInTheDocument();
  });

  it("says whether a patient's password was reset", async () => {
    api.put.mockResolvedValueOnce({ status: 204, data: '' }).mockRejectedValueOnce(apiFailure(500, {}));
    const { show } = renderPage();
    const panel = await openPanel('Maria Wiśniewska');
    await userEvent.click(panel.getByRole('button', { name: 'Resetuj hasło' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Hasło zostało zresetowane' }));
    expect(api.put).toHaveBeenCalledWith('/api/persons/5/reset_password');
    await userEvent.click(panel.getByRole('button', { name: 'Resetuj hasło' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Błąd resetu hasła', isError: true }));
  });

  it("leads to adding a member and to a member's filled forms", async () => {
    const { shell } = renderPage();
    const navigate = jest.spyOn(shell, 'navigate');
    const panel = await openPanel('Maria Wiśniewska');
    await userEvent.click(panel.getByRole('button', { name: 'Wypełnione formularze' }));
    expect(navigate).toHaveBeenCalledWith('/filled-forms/all/user/5');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj użytkownika' }));
    expect(window.location.pathname).toBe('/person/add');
  });

  it("leads the owner, and only the owner, to the organization's access log", async () => {
    renderPage('managing editor');
    await screen.findByRole('button', { name: /Maria Wiśniewska/ });
    expect(screen.queryByRole('button', { name: 'Dziennik dostępu' })).not.toBeInTheDocument();
    cleanup();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Dziennik dostępu' }));
    expect(window.location.pathname).toBe('/access-log');
  });
});
