import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import { HelpPage } from '../components/HelpPage';

/** The API as the page sees it: one fake client, the installed help files set per test. */
const api = aFakeApiClient();

const EVERY_HELP_FILE = [
  'instructions/login.pdf',
  'manuals/administrator.pdf',
  'manuals/koordynator.pdf',
  'manuals/pacjent.pdf',
  'video/instrukcja.mp4',
];

function installed(files: string[]) {
  api.get.mockImplementation(async (url: string) => {
    if (url !== '/api/media') throw new Error(`unexpected GET ${url}`);
    return { data: { files } };
  });
}

afterEach(() => api.get.mockReset());

const manualLinks = async () => {
  const section = await screen.findByRole('region', { name: 'Instrukcje do pobrania' });
  return within(section)
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

describe('HelpPage', () => {
  it('tells a guest how to sign in, recover a password and fill a form', async () => {
    installed([]);
    renderInRemote('mfe-auth', <HelpPage />, { path: '/help', api });
    expect(screen.getByRole('heading', { name: 'Jak się zalogować' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logowanie' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Logowanie personelu' })).toHaveAttribute(
      'href',
      '/login-employee',
    );
    expect(screen.getByRole('heading', { name: 'Nie pamiętam hasła' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Odzyskiwanie hasła' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
    expect(screen.getByRole('heading', { name: 'Jak wypełnić formularz' })).toBeInTheDocument();
    expect(screen.getByText(/Zapisz i wyślij/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'O aplikacji' })).toHaveAttribute('href', '/about');
    // With no file installed there is nothing to download: the section is not shown at all.
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/media'));
    expect(screen.queryByRole('region', { name: 'Instrukcje do pobrania' })).not.toBeInTheDocument();
  });

  it('links every manual installed, and only those, for a guest', async () => {
    installed(['manuals/pacjent.pdf', 'manuals/administrator.pdf']);
    renderInRemote('mfe-auth', <HelpPage />, { path: '/help', api });
    expect(await manualLinks()).toEqual([
      ['Instrukcja dla pacjenta (PDF)', '/org-media/files/manuals/pacjent.pdf'],
      ['Instrukcja dla administratora (PDF)', '/org-media/files/manuals/administrator.pdf'],
    ]);
    expect(screen.queryByRole('button', { name: 'Film instruktażowy' })).not.toBeInTheDocument();
  });

  it("puts a coordinator's own manual first and offers them no patients' video", async () => {
    installed(EVERY_HELP_FILE);
    renderInRemote('mfe-auth', <HelpPage />, { path: '/help', person: aPerson('ROLE_EDITOR'), api });
    const links = await manualLinks();
    expect(links[0]).toEqual([
      'Instrukcja dla lekarza i koordynatora (PDF)',
      '/org-media/files/manuals/koordynator.pdf',
    ]);
    expect(links).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Film instruktażowy' })).not.toBeInTheDocument();
  });

  it('plays the video for a patient in a player with controls', async () => {
    installed(EVERY_HELP_FILE);
    renderInRemote('mfe-auth', <HelpPage />, { path: '/help', person: aPerson('ROLE_USER'), api });
    expect((await manualLinks())[0]).toEqual([
      'Instrukcja dla pacjenta (PDF)',
      '/org-media/files/manuals/pacjent.pdf',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Film instruktażowy' }));
    const player = await screen.findByRole('dialog', { name: 'Film instruktażowy' });
    const video = player.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/org-media/files/video/instrukcja.mp4');
    expect(video).toHaveAttribute('controls');
    await userEvent.click(within(player).getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
