import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAVED_CHANGES_MESSAGE } from 'shared-ui/components';
import type { MyProfile } from '@formularze/domain/schemas/profile';
import { aFakeApiClient, renderInRemote } from 'shared-ui/testing';
import { anOrganizationProfile } from '../../../shared/__tests__/organization-profile-fixture';
import { ProfilePage } from '../components/ProfilePage';

/** The API as the page sees it: one fake client, answers set per test. */
const api = aFakeApiClient();

const apiFailure = (statusCode: number, code: string) =>
  Object.assign(new Error(code), {
    isAxiosError: true,
    response: { data: { statusCode, error: 'Conflict', message: code, code } },
  });

const address = { name: null, street: null, city: null, zipCode: null, post: null, phone: null };
const patientProfile: MyProfile = {
  id: 1,
  username: 'pacjent@org.test',
  firstName: 'Maria',
  surname: 'Wiśniewska',
  mail: 'pacjent@org.test',
  phone: '+48600100200',
  title: null,
  description: null,
  gender: 'Female',
  yearOfBirth: 1980,
  address,
  hospitalIdentifier: null,
  enableProfileDataEdition: true,
  avatarPath: null,
  preferredChannel: 'mail',
  enableReminders: true,
  isPatient: true,
};
const organization = anOrganizationProfile();

function answer(profile: MyProfile = patientProfile) {
  api.get.mockImplementation(async (url: string) => ({
    data: url === '/api/organizations/my' ? organization : profile,
  }));
}

function renderPage({ permissions = [] as string[], reload = jest.fn() } = {}) {
  const show = jest.fn(() => 'alert');
  const result = renderInRemote('mfe-auth', <ProfilePage reload={reload} />, {
    path: '/profile',
    shell: {
      permissions: { has: (key) => permissions.includes(key) },
      alerts: { show, dismiss: jest.fn() },
    },
    api,
  });
  return { ...result, show, reload };
}

beforeEach(() => {
  jest.clearAllMocks();
  answer();
});

describe('ProfilePage', () => {
  it('formats the zip code while typing and saves the profile', async () => {
    const saved = { ...patientProfile, address: { ...address, zipCode: '30-001' } };
    api.put.mockResolvedValue({ data: saved });
    const { show } = renderPage();
    const zip = await screen.findByLabelText('Kod pocztowy');
    await userEvent.type(zip, '30001');
    expect(zip).toHaveValue('30-001');
    expect(screen.getByText('Przykład: Jasna 1A/3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Zaktualizowano profil' }));
    expect(api.put).toHaveBeenCalledWith(
      '/api/persons/my',
      expect.objectContaining({
        address: expect.objectContaining({ zipCode: '30-001' }),
        phone: '+48600100200',
      }),
    );
  });

  it('shows the validation messages of the specification', async () => {
    renderPage();
    await userEvent.type(await screen.findByLabelText('Kod pocztowy'), '300');
    const year = screen.getByLabelText('Rok urodzenia');
    await userEvent.clear(year);
    await userEvent.type(year, '1850');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nieprawidłowy format.')).toBeInTheDocument();
    expect(screen.getByText('Błędny rok urodzenia')).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('maps a duplicate phone to the Polish message', async () => {
    api.put.mockRejectedValue(apiFailure(409, 'Phone is not unique'));
    const { show } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        text: 'Nie udało się dokonać edycji. Podany numer telefonu istnieje już w systemie.',
        isError: true,
      }),
    );
  });

  it('any other failure is "Błąd aktualizacji profilu"', async () => {
    api.put.mockRejectedValue(new Error('network'));
    const { show } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Błąd aktualizacji profilu', isError: true }),
    );
  });

  it('switches the preferred channel to phone when the email is emptied, with a hint', async () => {
    renderPage();
    await userEvent.clear(await screen.findByLabelText('Adres email'));
    expect(screen.getByRole('radio', { name: 'Telefon' })).toBeChecked();
    expect(screen.getByText(/preferowany kanał zmieniono na telefon/)).toBeInTheDocument();
  });

  it('reloads the page 4 s after a patient changed their login', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      api.put.mockResolvedValue({ data: { ...patientProfile, mail: 'nowy@org.test' } });
      const { reload } = renderPage();
      const mail = await screen.findByLabelText('Adres email');
      await user.clear(mail);
      await user.type(mail, 'nowy@org.test');
      await user.click(screen.getByRole('button', { name: 'Zapisz' }));
      await waitFor(() => expect(api.put).toHaveBeenCalled());
      await act(async () => jest.advanceTimersByTime(3900));
      expect(reload).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTime(200));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('staff see their email read-only and no reminders', async () => {
    answer({ ...patientProfile, isPatient: false, mail: 'lekarz@org.test', username: 'lekarz@org.test' });
    renderPage();
    expect(await screen.findByLabelText('Adres email')).toBeDisabled();
    expect(screen.getByLabelText('Nazwa użytkownika')).toHaveAttribute('readonly');
    expect(screen.queryByRole('switch', { name: /Przypomnienia/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Identyfikator w systemie')).not.toBeInTheDocument();
  });

  it('shows a patient their id in the system, read-only', async () => {
    answer({ ...patientProfile, id: 4321 });
    renderPage();
    const systemId = await screen.findByLabelText('Identyfikator w systemie');
    expect(systemId).toHaveValue('4321');
    expect(systemId).toHaveAttribute('readonly');
  });

  it('shows the organization tab only with orgDetails:change', async () => {
    const { unmount } = renderPage();
    expect(await screen.findByRole('tab', { name: 'Profil użytkownika' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Profil organizacji' })).not.toBeInTheDocument();
    unmount();

    renderPage({ permissions: ['orgDetails:change'] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Profil organizacji' }));
    expect(await screen.findByLabelText(/Nazwa organizacji/)).toHaveValue('Przychodnia');
    expect(screen.queryByLabelText(/Webhook/)).not.toBeInTheDocument();
  });

  it('shows a patient who at the organization read their data, and staff no such tab', async () => {
    const view = {
      occurredAt: '2026-12-05T10:15:00.000Z',
      viewer: { id: 3, role: 'ROLE_EDITOR', name: 'Jan Kowalski' },
      operation: 'filled-data.read',
    };
    api.get.mockImplementation(async (url: string) => ({
      data:
        url === '/api/persons/my/data_views'
          ? { content: [view], totalElements: 1, page: 0, pageSize: 20 }
          : patientProfile,
    }));
    const { unmount } = renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Kto przeglądał moje dane' }));
    const table = await screen.findByRole('table', { name: 'Kto przeglądał moje dane' });
    expect(table).toHaveTextContent('Jan Kowalski');
    expect(table).toHaveTextContent('Lekarz');
    expect(table).toHaveTextContent('Wypełniony formularz');
    expect(api.get).toHaveBeenCalledWith('/api/persons/my/data_views', { params: { page: 0, pageSize: 20 } });
    unmount();

    answer({ ...patientProfile, isPatient: false });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Profil użytkownika' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Imię/)).toBeInTheDocument());
    expect(screen.queryByRole('tab', { name: 'Kto przeglądał moje dane' })).not.toBeInTheDocument();
  });

  it('shows the webhook signing key read-only and never sends it back', async () => {
    const secret = 'a1'.repeat(32);
    api.get.mockImplementation(async (url: string) => ({
      data:
        url === '/api/organizations/my'
          ? { ...organization, formDataCreatedWebhookSecret: secret }
          : patientProfile,
    }));
    api.put.mockResolvedValue({ data: organization });
    renderPage({ permissions: ['orgDetails:change', 'webhooks'] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Profil organizacji' }));
    const key = await screen.findByLabelText('Klucz podpisu webhooka');
    expect(key).toHaveValue(secret);
    expect(key).toHaveAttribute('readonly');
    const saveButtons = screen.getAllByRole('button', { name: 'Zapisz' });
    await userEvent.click(saveButtons[saveButtons.length - 1]!);
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(api.put.mock.calls[0]![1]).not.toHaveProperty('formDataCreatedWebhookSecret');
  });

  it('couples the registration switches and checks the code length', async () => {
    api.put.mockResolvedValue({ data: organization });
    const { show } = renderPage({ permissions: ['orgDetails:change', 'webhooks'] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Profil organizacji' }));
    await userEvent.click(await screen.findByRole('switch', { name: 'Rejestracja z kodem organizacji' }));
    await userEvent.type(screen.getByLabelText(/Kod organizacji/), 'KRÓTKI');
    const saveButtons = screen.getAllByRole('button', { name: 'Zapisz' });
    await userEvent.click(saveButtons[saveButtons.length - 1]!);
    expect(await screen.findByText('Kod musi zawierać co najmniej 8 znaków.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Samodzielna rejestracja użytkowników' }));
    expect(screen.getByRole('switch', { name: 'Rejestracja z kodem organizacji' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Aktywacja użytkowników przez organizację' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Aktywacja użytkowników przez organizację' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText(/Kod organizacji/));
    await userEvent.click(saveButtons[saveButtons.length - 1]!);
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Zaktualizowano dane organizacji' }));
    expect(api.put).toHaveBeenCalledWith(
      '/api/organizations',
      expect.objectContaining({
        enableSelfRegistration: false,
        enableUserActivation: true,
        enableCodeRegistration: false,
      }),
    );
  });

  it('asks before leaving with unsaved changes, and leaves for / when told to', async () => {
    renderPage();
    await userEvent.type(await screen.findByLabelText('Imię'), 'na');
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(await screen.findByText(UNSAVED_CHANGES_MESSAGE)).toBeInTheDocument();
    // Fluent may still mark the dialog hidden from an earlier test's closing transition: the
    // navigation logic is what is tested here, so hidden buttons count too.
    await userEvent.click(
      await screen.findByRole('button', { name: 'Zostań na stronie', hidden: true }, { timeout: 3000 }),
    );
    expect(window.location.pathname).toBe('/profile');
    // The dialog's exit transition must end before it can open again.
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).not.toBeInTheDocument());

    // A navigation of the shell (single-spa's routing event) is held while the dialog asks.
    const cancelNavigation = jest.fn();
    fireEvent(
      window,
      new CustomEvent('single-spa:before-routing-event', {
        detail: { oldUrl: 'http://localhost/profile', newUrl: 'http://localhost/persons', cancelNavigation },
      }),
    );
    expect(cancelNavigation).toHaveBeenCalledWith(expect.any(Promise));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Opuść stronę', hidden: true }, { timeout: 3000 }),
    );
    await expect(cancelNavigation.mock.calls[0][0]).resolves.toBe(false);
  });

  it('leaves for / from Cancel once the user confirms', async () => {
    renderPage();
    await userEvent.type(await screen.findByLabelText('Imię'), 'na');
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Opuść stronę', hidden: true }, { timeout: 3000 }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('leaves at once when nothing changed', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('avatar', () => {
  it('previews a chosen image and sends it with the save, multipart', async () => {
    const objectUrl = jest.fn(() => 'blob:preview');
    Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: jest.fn() });
    api.put.mockResolvedValue({ data: { ...patientProfile, avatarPath: '/org-media/files/avatars/a.png' } });
    renderPage();
    const file = new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByLabelText('Plik zdjęcia profilowego'), file);
    expect(screen.getByRole('img', { name: 'Podgląd zdjęcia profilowego' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/persons/ext', expect.any(FormData)));
    const form = api.put.mock.calls[0][1] as FormData;
    expect(form.get('avatarImage')).toBe(file);
    expect(JSON.parse(form.get('properties') as string)).toMatchObject({
      removeAvatar: false,
      firstName: 'Maria',
    });
  });

  it('marks the avatar for removal until the save', async () => {
    answer({ ...patientProfile, avatarPath: '/org-media/files/avatars/a.png' });
    api.put.mockResolvedValue({ data: patientProfile });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń zdjęcie' }));
    expect(screen.queryByRole('img', { name: 'Podgląd zdjęcia profilowego' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    const form = api.put.mock.calls[0][1] as FormData;
    expect(form.get('avatarImage')).toBeNull();
    expect(JSON.parse(form.get('properties') as string).removeAvatar).toBe(true);
  });
});
