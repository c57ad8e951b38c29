import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aFakeApiClient, aPerson, apiFailure, renderInRemote } from 'shared-ui/testing';
import { SettingsPage } from '../components/SettingsPage';

const api = aFakeApiClient();

const LABEL = 'Link do regulaminu ochrony danych osobowych';
const LINK_MESSAGE = 'Podaj pełny adres strony zaczynający się od http:// lub https://';

function renderPage() {
  const show = jest.fn(() => 'alert');
  const setTitle = jest.fn();
  renderInRemote('mfe-admin', <SettingsPage />, {
    path: '/settings',
    person: aPerson('ROLE_ADMIN'),
    shell: { alerts: { show, dismiss: jest.fn() }, page: { setTitle } },
    api,
  });
  return { show, setTitle };
}

const saveButton = () => screen.getByRole('button', { name: 'Zapisz' });

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: { linkToResultsSharingTerms: 'https://example.pl/rodo' } });
});

describe('SettingsPage', () => {
  it('shows the saved data-protection terms link', async () => {
    const { setTitle } = renderPage();
    expect(screen.getByRole('heading', { name: 'Ustawienia' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: LABEL })).toHaveValue('https://example.pl/rodo');
    expect(api.get).toHaveBeenCalledWith('/api/config_global');
    expect(setTitle).toHaveBeenCalledWith('Ustawienia');
    expect(saveButton()).toBeEnabled();
  });

  it('cannot save while the link is empty', async () => {
    api.get.mockResolvedValue({ data: { linkToResultsSharingTerms: null } });
    renderPage();
    const field = await screen.findByRole('textbox', { name: LABEL });
    expect(field).toHaveValue('');
    expect(saveButton()).toBeDisabled();

    await userEvent.type(field, '   ');
    expect(saveButton()).toBeDisabled();
    await userEvent.type(field, 'https://example.pl');
    expect(saveButton()).toBeEnabled();
    await userEvent.clear(field);
    expect(saveButton()).toBeDisabled();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('refuses an address that is not a web page before sending it', async () => {
    renderPage();
    const field = await screen.findByRole('textbox', { name: LABEL });
    await userEvent.clear(field);
    await userEvent.type(field, 'example.pl/rodo');
    await userEvent.click(saveButton());
    expect(await screen.findByText(LINK_MESSAGE)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.put).not.toHaveBeenCalled();
  });

  it('saves the trimmed link and says so', async () => {
    api.put.mockResolvedValue({ data: { linkToResultsSharingTerms: 'https://example.pl/ochrona-danych' } });
    const { show } = renderPage();
    const field = await screen.findByRole('textbox', { name: LABEL });
    await userEvent.clear(field);
    await userEvent.type(field, ' https://example.pl/ochrona-danych ');
    await userEvent.click(saveButton());

    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Zapisano ustawienia.' }));
    expect(api.put).toHaveBeenCalledWith('/api/config_global/1', {
      linkToResultsSharingTerms: 'https://example.pl/ochrona-danych',
    });
    expect(field).toHaveValue('https://example.pl/ochrona-danych');
  });

  it.each([
    [
      apiFailure(403, { code: 'forbidden', message: 'Brak uprawnień.' }),
      'Błąd zapisu ustawień, (Brak uprawnień.)',
    ],
    [new Error('Network Error'), 'Błąd zapisu ustawień, (brak połączenia z serwerem)'],
  ])('says why a save failed', async (failure, text) => {
    api.put.mockRejectedValue(failure);
    const { show } = renderPage();
    await screen.findByRole('textbox', { name: LABEL });
    await userEvent.click(saveButton());
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text, isError: true }));
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ text: 'Zapisano ustawienia.' }));
  });

  it("shows the server's refusal of the link at the field", async () => {
    api.put.mockRejectedValue(
      apiFailure(400, {
        code: 'validation',
        message: 'Nieprawidłowe dane.',
        fields: { linkToResultsSharingTerms: LINK_MESSAGE },
      }),
    );
    const { show } = renderPage();
    await screen.findByRole('textbox', { name: LABEL });
    await userEvent.click(saveButton());
    expect(await screen.findByText(LINK_MESSAGE)).toBeInTheDocument();
    expect(show).not.toHaveBeenCalled();
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    // The area's query client tries a failed read once more, a second later.
    api.get
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockRejectedValueOnce(new Error('Network Error'));
    renderPage();
    expect(
      await screen.findByText('Nie udało się wczytać ustawień', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: LABEL })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('textbox', { name: LABEL })).toHaveValue('https://example.pl/rodo');
  });
});
