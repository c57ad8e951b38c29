import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentPerson } from '@formularze/domain/contract';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import {
  aFilled,
  aMyForm,
  answerMyLists,
  aSlot,
  type MyLists,
} from '../../../shared/my-forms/__tests__/my-forms-fixtures';
import { DashboardPage } from '../components/DashboardPage';

const api = aFakeApiClient();

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
const NOW = new Date('2026-06-10T10:00:00Z');
const patient = aPerson('ROLE_USER', { id: 7 });

function renderDashboard(lists: MyLists, person: CurrentPerson = patient) {
  api.get.mockImplementation(answerMyLists(lists));
  return renderInRemote('mfe-filling', <DashboardPage />, { path: '/', person, api });
}

const region = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  jest.clearAllMocks();
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => jest.useRealTimers());

describe('DashboardPage', () => {
  it('lists three forms to fill, then the rest after "Pokaż więcej", each with its fill link', async () => {
    const slots = [1, 2, 3, 4].map((id) => aSlot(id, 20 + id, `Dziennik ${id}`));
    renderDashboard({ openSlots: slots, active: [aMyForm(5, 'Ankieta bólu')] });
    const toFill = await region('Twoje formularze do wypełnienia');
    expect(within(toFill).getAllByRole('listitem')).toHaveLength(3);
    expect(within(toFill).getByRole('link', { name: 'WYPEŁNIJ Dziennik 1' })).toHaveAttribute(
      'href',
      '/formdata/fill-scheduled-test/21/1',
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(within(toFill).getByRole('button', { name: 'Pokaż więcej' }));
    expect(within(toFill).getAllByRole('listitem')).toHaveLength(5);
    expect(within(toFill).getByRole('link', { name: 'WYPEŁNIJ Ankieta bólu' })).toHaveAttribute(
      'href',
      '/formdata/add/5',
    );
    expect(within(toFill).getByRole('button', { name: 'Pokaż mniej' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('opens a scheduled form with the end of its window in the router state', async () => {
    const slots = [aSlot(1, 21, 'Dziennik snu'), aSlot(2, 22, 'Dziennik bólu')];
    renderDashboard({ openSlots: slots });
    const toFill = await region('Twoje formularze do wypełnienia');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(within(toFill).getByRole('link', { name: 'WYPEŁNIJ Dziennik snu' }));
    expect(window.location.pathname).toBe('/formdata/fill-scheduled-test/21/1');
    expect(window.history.state.usr).toEqual({ endDate: '2026-06-10T20:00:00.000Z' });
  });

  it('says when the time to fill a window has passed instead of offering the link', async () => {
    const expired = aSlot(1, 21, 'Dziennik snu', { endDate: '2026-06-10T09:00:00.000Z' });
    renderDashboard({ openSlots: [expired, aSlot(2, 22, 'Dziennik bólu')] });
    const toFill = await region('Twoje formularze do wypełnienia');
    const item = within(toFill).getByText('Dziennik snu').closest('li')!;
    expect(within(item).getByText('Czas na wypełnienie minął')).toBeInTheDocument();
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
    expect(within(toFill).getByRole('link', { name: 'WYPEŁNIJ Dziennik bólu' })).toBeInTheDocument();
  });

  it('does not list a window already filled', async () => {
    const filled = aSlot(1, 21, 'Dziennik snu', { filledBy: { id: 7 }, readyToFill: false });
    renderDashboard({ openSlots: [filled], completed: [aFilled(40, { id: 21, name: 'Dziennik snu' })] });
    await region('Twoje wypełnione formularze');
    expect(screen.queryByRole('region', { name: 'Twoje formularze do wypełnienia' })).not.toBeInTheDocument();
    expect(screen.getByText('Brak akcji')).toBeInTheDocument();
  });

  it('keeps offering a filled window whose schedule takes more fills', async () => {
    const filledOnce = aSlot(1, 21, 'Dziennik snu', { filledBy: { id: 7 }, readyToFill: true });
    renderDashboard({ openSlots: [filledOnce], completed: [aFilled(40, { id: 21, name: 'Dziennik snu' })] });
    const toFill = await region('Twoje formularze do wypełnienia');
    expect(within(toFill).getByRole('link', { name: 'WYPEŁNIJ Dziennik snu' })).toHaveAttribute(
      'href',
      '/formdata/fill-scheduled-test/21/1',
    );
  });

  it('lists drafts to edit and filled forms newest first, and says "Brak akcji" with nothing pending', async () => {
    const drafts = [aFilled(30, { id: 5, name: 'Ankieta bólu' }, { state: 'SAVED', completedAt: null })];
    const completed = [4, 3, 2, 1].map((id) => aFilled(id, { id: 10 + id, name: `Wywiad ${id}` }));
    const { unmount } = renderDashboard({ drafts, completed, active: [aMyForm(5, 'Ankieta bólu')] });
    const saved = await region('Twoje zapisane formularze');
    expect(within(saved).getByRole('link', { name: 'EDYTUJ Ankieta bólu' })).toHaveAttribute(
      'href',
      '/formdata/edit/5/30',
    );
    expect(screen.queryByText('Brak akcji')).not.toBeInTheDocument();
    const done = await region('Twoje wypełnione formularze');
    const links = within(done).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/formdata/4',
      '/formdata/3',
      '/formdata/2',
    ]);
    expect(links[0]).toHaveAccessibleName('Zobacz szczegóły wypełnienia Wywiad 4');
    expect(api.get).toHaveBeenCalledWith('/api/v2/form_data/all/my', {
      params: { state: 'COMPLETED', page: 0, pageSize: 100, sortBy: '-completedAt' },
    });
    unmount();

    renderDashboard({ completed });
    expect(await screen.findByText('Brak akcji')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Formularze' })).toBeInTheDocument();
  });

  it('shows at most three upcoming windows', async () => {
    renderDashboard({
      futureSlots: [aSlot(9, 29, 'Dziennik snu', { startDate: '2026-06-11T08:00:00.000Z' })],
    });
    const upcoming = await region('Nadchodzące formularze');
    expect(within(upcoming).getByText(/Dziennik snu: od 2026-06-11 10:00/)).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/v2/forms/scheduled-for-future', {
      params: { page: 0, pageSize: 3, sortBy: 'startDate' },
    });
  });

  describe("a patient's automatic redirect", () => {
    async function expectRedirectAfterOneSecond(path: string) {
      await screen.findByText('Za chwilę otworzy się Twój formularz…');
      act(() => jest.advanceTimersByTime(900));
      expect(window.location.pathname).toBe('/');
      act(() => jest.advanceTimersByTime(100));
      expect(window.location.pathname).toBe(path);
    }

    it('opens the one active form when no scheduled window is open', async () => {
      renderDashboard({ active: [aMyForm(5, 'Ankieta bólu')] });
      await expectRedirectAfterOneSecond('/formdata/add/5');
    });

    it('opens the one open window, with its end, when there is no active form', async () => {
      renderDashboard({ openSlots: [aSlot(3, 21, 'Dziennik snu')] });
      await expectRedirectAfterOneSecond('/formdata/fill-scheduled-test/21/3');
      expect(window.history.state.usr).toEqual({ endDate: '2026-06-10T20:00:00.000Z' });
    });

    it('with nothing else to do, opens the latest answers of the one filled form still active', async () => {
      const completed = [
        aFilled(41, { id: 5, name: 'Ankieta bólu' }),
        aFilled(40, { id: 5, name: 'Ankieta bólu' }),
      ];
      renderDashboard({
        archive: [aMyForm(5, 'Ankieta bólu'), aMyForm(6, 'Stary wywiad', { status: 'ARCHIVE' })],
        completed,
      });
      await expectRedirectAfterOneSecond('/formdata/41');
    });

    it('after the one active form was sent, opens its latest answers rather than a new filling', async () => {
      renderDashboard({
        active: [aMyForm(5, 'Ankieta bólu')],
        archive: [aMyForm(5, 'Ankieta bólu')],
        completed: [aFilled(41, { id: 5, name: 'Ankieta bólu' })],
      });
      await expectRedirectAfterOneSecond('/formdata/41');
    });

    it('stays when there is a choice to make', async () => {
      renderDashboard({ active: [aMyForm(5, 'Ankieta bólu')], openSlots: [aSlot(3, 21, 'Dziennik snu')] });
      await region('Twoje formularze do wypełnienia');
      act(() => jest.advanceTimersByTime(2000));
      expect(window.location.pathname).toBe('/');
    });

    it('stays when a draft waits to be finished', async () => {
      const draft = aFilled(30, { id: 5, name: 'Ankieta bólu' }, { state: 'SAVED', completedAt: null });
      renderDashboard({ active: [aMyForm(5, 'Ankieta bólu')], drafts: [draft] });
      await region('Twoje zapisane formularze');
      act(() => jest.advanceTimersByTime(2000));
      expect(window.location.pathname).toBe('/');
    });
  });

  it('gives staff shortcuts by permission and never redirects them', async () => {
    renderDashboard({ active: [aMyForm(5, 'Ankieta bólu')] }, aPerson('ROLE_OWNER'));
    const shortcuts = await screen.findByRole('navigation', { name: 'Skróty' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Formularze', 'Wyniki', 'Członkowie organizacji', 'Projekty']);
    expect(within(shortcuts).getByRole('link', { name: 'Wyniki' })).toHaveAttribute('href', '/results');
    await region('Twoje formularze do wypełnienia');
    act(() => jest.advanceTimersByTime(2000));
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('button', { name: 'Formularze' })).not.toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalledWith('/api/v2/forms/all-my-filled-unique-bags', expect.anything());
  });

  it('does not offer an editor the members list their organization keeps from them', async () => {
    renderDashboard({}, aPerson('ROLE_EDITOR'));
    const shortcuts = await screen.findByRole('navigation', { name: 'Skróty' });
    expect(within(shortcuts).queryByRole('link', { name: 'Członkowie organizacji' })).not.toBeInTheDocument();
  });

  it('asks nothing about forms of a patient who has yet to accept the terms', async () => {
    renderDashboard({ active: [aMyForm(5, 'Ankieta bólu')] }, aPerson('ROLE_USER_NO_ACCEPTED_TERMS'));
    expect(await screen.findByRole('heading', { name: 'Dzisiejsze akcje' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(api.get).not.toHaveBeenCalledWith('/api/v2/forms/active', expect.anything());
    expect(screen.queryByText('Brak akcji')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('warns of an unfilled profile and of terms coming into force', async () => {
    const lists = answerMyLists({});
    api.get.mockImplementation(async (url: string, config?: object) =>
      url === '/api/organizations/terms/future'
        ? {
            data: [
              {
                id: 4,
                name: 'Regulamin 2026',
                link: '/org-media/files/terms/4.pdf',
                activeSince: '2026-06-30T22:00:00.000Z',
                removedAt: null,
                accepted: false,
              },
            ],
          }
        : lists(url, config),
    );
    renderInRemote('mfe-filling', <DashboardPage />, {
      path: '/',
      person: aPerson('ROLE_USER', { firstName: null }),
      api,
    });
    expect(await screen.findByText(/Twój profil nie jest uzupełniony/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Uzupełnij profil' })).toHaveAttribute('href', '/profile');
    expect(
      await screen.findByText(/Od 01\/07\/2026 zacznie obowiązywać nowy regulamin „Regulamin 2026”/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Przeczytaj regulamin' })).toHaveAttribute(
      'href',
      '/org-media/files/terms/4.pdf',
    );
  });
});
