import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddPersonPage, EditPersonPage } from '../components/PersonPages';
import { Route, Routes } from 'shared-ui/routing';
import { apiFailure } from 'shared-ui/testing';
import { aMember, api, renderAs, type Viewer } from './members-fixtures';

const patient = aMember({ id: 5, hospitalIdentifier: 'HX-1', mail: 'maria@demo.local' });

function renderAdd(viewer: Viewer = 'owner') {
  return renderAs(viewer, <AddPersonPage />, '/person/add');
}

function renderEdit(viewer: Viewer = 'owner') {
  return renderAs(
    viewer,
    <Routes>
      <Route path="/persons/:personId" element={<EditPersonPage />} />
      <Route path="/persons" element={null} />
      <Route path="/" element={<p>Start</p>} />
    </Routes>,
    '/persons/5',
  );
}

const roleOptions = () =>
  [...(screen.getByLabelText(/^Rola/) as HTMLSelectElement).options].map((option) => option.text);
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: patient });
  api.post.mockImplementation(async (url: string) =>
    url.endsWith('fetch_matching_users') ? { data: [] } : { data: { id: 9, message: 'Dodano użytkownika' } },
  );
});

describe('PersonForm', () => {
  it.each([
    ['owner', ['—', 'Administrator', 'Lekarz', 'Pacjent']],
    ['managing editor', ['—', 'Lekarz', 'Pacjent']],
    ['editor', ['—', 'Pacjent']],
  ] as const)('offers the roles the %s may give', (viewer, expected) => {
    renderAdd(viewer);
    expect(roleOptions()).toEqual(expected);
  });

  it('a new patient gives a phone or an email: while one is filled the other is disabled', async () => {
    renderAdd();
    await userEvent.selectOptions(field('Rola'), 'ROLE_USER');
    expect(field('Numer telefonu').value).toBe('+48');
    await userEvent.type(field('Adres email'), 'p@demo.local');
    expect(field('Numer telefonu')).toBeDisabled();
    await userEvent.clear(field('Adres email'));
    await userEvent.type(field('Numer telefonu'), '6a0-0');
    expect(field('Numer telefonu').value).toBe('+48600');
    expect(field('Adres email')).toBeDisabled();
  });

  it('adds a person: the dial code alone is not sent, then the alert and back to the list', async () => {
    const { show } = renderAdd();
    await userEvent.selectOptions(field('Rola'), 'ROLE_USER');
    await userEvent.type(field('Adres email'), 'P@Demo.local');
    await userEvent.type(field('Kod pocztowy'), '30001');
    expect(field('Kod pocztowy').value).toBe('30-001');
    expect(screen.getByText('Przykład: Jasna 1A/3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Dodano użytkownika' }));
    const [url, body] = api.post.mock.calls.find(([path]) => String(path).endsWith('add_user'))!;
    expect(url).toBe('/api/organizations/3/add_user');
    expect(body).toMatchObject({
      role: 'ROLE_USER',
      mail: 'p@demo.local',
      phone: null,
      address: expect.objectContaining({ zipCode: '30-001' }),
      enableProfileDataEdition: true,
    });
    expect(window.location.pathname).toBe('/persons');
  });

  it('staff need names and an email before anything is sent', async () => {
    renderAdd();
    await userEvent.selectOptions(field('Rola'), 'ROLE_EDITOR');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByText('To pole jest wymagane')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalledWith(expect.stringContaining('add_user'), expect.anything());
  });

  it("maps a 409 on add to the specification's message, marks the field and scrolls up", async () => {
    // jsdom lays nothing out and has no scrolling.
    const scrollIntoView = jest.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    api.post.mockImplementation(async (url: string) => {
      if (url.endsWith('fetch_matching_users')) return { data: [] };
      throw apiFailure(409, { code: 'phone-exists', duplicates: ['phone-exists', 'email-exists'] });
    });
    renderAdd();
    await userEvent.selectOptions(field('Rola'), 'ROLE_EDITOR');
    await userEvent.type(field('Imię'), 'Ewa');
    await userEvent.type(field('Nazwisko'), 'Lis');
    await userEvent.type(field('Adres email'), 'ewa@demo.local');
    await userEvent.type(field('Numer telefonu'), '600100200');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(
      await screen.findByText(
        'Numer telefonu jest już używany w systemie. Adres email jest już używany w systemie.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Zmień wprowadzone dane')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Dodaj' })).toBeDisabled();
    expect(scrollIntoView).toHaveBeenCalled();
    // Changing the field lifts its mark.
    await userEvent.type(field('Numer telefonu'), '1');
    expect(screen.getAllByText('Zmień wprowadzone dane')).toHaveLength(1);
  });

  it('any other failure on add names the error', async () => {
    api.post.mockImplementation(async (url: string) => {
      if (url.endsWith('fetch_matching_users')) return { data: [] };
      throw apiFailure(403, { code: 'role-forbidden', message: 'Nie możesz nadać tej roli.' });
    });
    renderAdd();
    await userEvent.selectOptions(field('Rola'), 'ROLE_USER');
    await userEvent.type(field('Numer telefonu'), '600100200');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(
      await screen.findByText('Błąd podczas dodwania użytkownika, (Nie możesz nadać tej roli.)'),
    ).toBeInTheDocument();
  });

  it('offers to edit the person a lookup finds on leaving the field', async () => {
    api.post.mockResolvedValue({ data: [patient] });
    renderAdd();
    await userEvent.selectOptions(field('Rola'), 'ROLE_USER');
    await userEvent.type(field('Identyfikator szpitalny'), 'HX-1');
    fireEvent.blur(field('Identyfikator szpitalny'));
    expect(
      await screen.findByText('Taki użytkownik już istnieje. Czy edytować jego dane?'),
    ).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/api/organizations/fetch_matching_users', {
      hospitalIdentifier: 'HX-1',
    });
    expect(screen.getByRole('button', { name: 'Dodaj' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Edytuj dane' }));
    expect(window.location.pathname).toBe('/persons/5');
  });

  it("edits a person: role fixed, the owner's switch, and the edit messages of §8", async () => {
    api.put
      .mockRejectedValueOnce(apiFailure(409, { code: 'phone-exists', duplicates: ['phone-exists'] }))
      .mockRejectedValueOnce(apiFailure(400, { code: 'hospital-identifier-empty' }))
      .mockResolvedValueOnce({ data: { message: 'Edycja użytkownika przebiegła pomyślnie.' } });
    const { show } = renderEdit();
    await waitFor(() => expect(field('Imię').value).toBe('Maria'));
    expect(field('Rola')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Użytkownik może edytować swoje dane osobowe' })).toBeChecked();
    // The person themselves is no duplicate.
    api.post.mockResolvedValue({ data: [patient] });
    fireEvent.blur(field('Identyfikator szpitalny'));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(screen.queryByText('Zmień wprowadzone dane')).not.toBeInTheDocument();
    // Another member's identifier is refused at once, with the edit page's message.
    api.post.mockResolvedValueOnce({ data: [aMember({ id: 6 })] });
    await userEvent.clear(field('Adres email'));
    await userEvent.type(field('Adres email'), 'inna@demo.local');
    fireEvent.blur(field('Adres email'));
    expect(
      await screen.findByText(
        'Nie udało się dokonać edycji użytkownika. Podany adres email istnieje już w systemie.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeDisabled();
    await userEvent.type(field('Adres email'), 'x');
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const warning = await screen.findByText(
      'Nie udało się dokonać edycji użytkownika. Podany numer telefonu istnieje już w systemie.',
    );
    expect(warning).toBeInTheDocument();
    await userEvent.type(field('Numer telefonu'), '1');
    await userEvent.clear(field('Identyfikator szpitalny'));
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Wprowadzony identyfikator jest pusty')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Edycja użytkownika przebiegła pomyślnie.' }),
    );
    expect(api.put).toHaveBeenLastCalledWith(
      '/api/persons/5/update',
      expect.objectContaining({ firstName: 'Maria', phone: '+486001002001', enableProfileDataEdition: true }),
    );
  });

  it('sends an editor without user management to the start page', async () => {
    renderEdit('editor');
    expect(await screen.findByText('Start')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(api.get).not.toHaveBeenCalled();
  });

  it('editors do not see the data-edition switch', async () => {
    renderAdd('managing editor');
    expect(within(document.body).queryByRole('switch')).not.toBeInTheDocument();
  });
});
