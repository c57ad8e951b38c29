import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import {
  aFilled,
  aMyForm,
  answerMyLists,
  aSlot,
  paged,
  type MyLists,
} from '../../../shared/my-forms/__tests__/my-forms-fixtures';
import { ActiveFormsPage } from '../components/ActiveFormsPage';

const api = aFakeApiClient();

function renderPage(lists: MyLists = {}) {
  api.get.mockImplementation(answerMyLists(lists));
  const show = jest.fn(() => 'alert');
  const view = renderInRemote('mfe-filling', <ActiveFormsPage />, {
    path: '/forms/active',
    person: aPerson('ROLE_USER', { id: 7 }),
    shell: { alerts: { show, dismiss: jest.fn() } },
    api,
  });
  return { ...view, show };
}

const section = (name: string) => screen.findByRole('region', { name });
const paramsOf = (url: string) =>
  api.get.mock.calls.filter(([called]) => called === url).map(([, config]) => config.params);

const draft = aFilled(30, { id: 5, name: 'Ankieta bólu' }, { state: 'SAVED', completedAt: null });

/** Wednesday 10 June 2026, 12:00 in Warsaw: the clock alone is fixed, timers run as usual. */
const NOW = new Date('2026-06-10T10:00:00Z');

beforeEach(() => {
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
  jest.clearAllMocks();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
  api.delete.mockResolvedValue({ data: '' });
});

afterEach(() => jest.useRealTimers());

describe('ActiveFormsPage', () => {
  it('shows the five sections with their default sorts, 10 rows a page', async () => {
    renderPage({
      active: [aMyForm(5, 'Ankieta bólu', { validTo: '2026-06-20' })],
      openSlots: [aSlot(1, 21, 'Dziennik snu')],
      futureSlots: [aSlot(2, 21, 'Dziennik snu', { startDate: '2026-06-11T08:00:00.000Z' })],
      archive: [aMyForm(6, 'Stary wywiad', { status: 'ARCHIVE' })],
      drafts: [draft],
    });
    const active = await section('Aktywne formularze');
    const row = (await within(active).findByText('Ankieta bólu')).closest('tr')!;
    expect(within(row).getByText('20/06/2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Wypełnij Ankieta bólu' })).toHaveAttribute(
      'href',
      '/formdata/add/5',
    );

    const open = await section('Aktywne zaplanowane formularze');
    expect(await within(open).findByRole('link', { name: 'Wypełnij Dziennik snu' })).toHaveAttribute(
      'href',
      '/formdata/fill-scheduled-test/21/1',
    );
    const future = await section('Zaplanowane formularze');
    expect(await within(future).findByText('2026-06-11 10:00')).toBeInTheDocument();
    const archive = await section('Archiwalne formularze');
    expect(await within(archive).findByText('Zarchiwizowany')).toBeInTheDocument();
    const drafts = await section('Zapisane formularze - wersja robocza');
    expect(await within(drafts).findByRole('link', { name: 'Edytuj Ankieta bólu' })).toHaveAttribute(
      'href',
      '/formdata/edit/5/30',
    );

    expect(paramsOf('/api/v2/forms/active')).toEqual([{ page: 0, pageSize: 10, sortBy: 'name' }]);
    expect(paramsOf('/api/v2/forms/scheduled')).toEqual([{ page: 0, pageSize: 10, sortBy: 'startDate' }]);
    expect(paramsOf('/api/v2/forms/scheduled-for-future')).toEqual([
      { page: 0, pageSize: 10, sortBy: 'startDate' },
    ]);
    expect(paramsOf('/api/v2/forms/all-my-filled-unique-bags')).toEqual([
      { page: 0, pageSize: 10, sortBy: 'name' },
    ]);
    expect(paramsOf('/api/v2/form_data/all/my')).toEqual([
      { state: 'SAVED', page: 0, pageSize: 10, sortBy: '-createdAt' },
    ]);
  });

  it('says when the time to fill a window has passed, and marks a filled one', async () => {
    renderPage({
      openSlots: [
        aSlot(1, 21, 'Dziennik snu', { endDate: '2026-06-10T09:59:00.000Z' }),
        aSlot(2, 22, 'Dziennik bólu', { filledBy: { id: 7 }, readyToFill: false }),
      ],
    });
    const open = await section('Aktywne zaplanowane formularze');
    expect(await within(open).findByText('Czas na wypełnienie minął')).toBeInTheDocument();
    expect(within(open).getByText('Wypełniony')).toBeInTheDocument();
    expect(within(open).queryByRole('link')).not.toBeInTheDocument();
  });

  it('links a filled window again while its schedule takes more fills', async () => {
    renderPage({ openSlots: [aSlot(2, 22, 'Dziennik bólu', { filledBy: { id: 7 }, readyToFill: true })] });
    const open = await section('Aktywne zaplanowane formularze');
    expect(await within(open).findByRole('link', { name: 'Wypełnij Dziennik bólu' })).toHaveAttribute(
      'href',
      '/formdata/fill-scheduled-test/22/2',
    );
  });

  it('says a section is empty', async () => {
    renderPage();
    const archive = await section('Archiwalne formularze');
    expect(await within(archive).findByText('Brak archiwalnych formularzy')).toBeInTheDocument();
  });

  it('remembers the page size of each section separately, per person', async () => {
    const many = Array.from({ length: 10 }, (_, index) => aMyForm(index + 1, `Formularz ${index + 1}`));
    api.get.mockImplementation(async (url: string, config?: { params?: { state?: string } }) =>
      url === '/api/v2/forms/active' ? paged(many, 25) : answerMyLists({})(url, config),
    );
    const { unmount } = renderInRemote('mfe-filling', <ActiveFormsPage />, {
      path: '/forms/active',
      person: aPerson('ROLE_USER', { id: 7 }),
      api,
    });
    const active = await section('Aktywne formularze');
    await within(active).findByText('Formularz 1');
    await userEvent.selectOptions(within(active).getByLabelText('Wierszy na stronie'), '20');
    await waitFor(() => expect(paramsOf('/api/v2/forms/active').at(-1)).toMatchObject({ pageSize: 20 }));
    expect(Cookies.get('active-forms-active-paging-7')).toBeDefined();
    unmount();
    api.get.mockClear();

    renderInRemote('mfe-filling', <ActiveFormsPage />, {
      path: '/forms/active',
      person: aPerson('ROLE_USER', { id: 7 }),
      api,
    });
    await section('Aktywne formularze');
    await waitFor(() =>
      expect(paramsOf('/api/v2/forms/active')).toEqual([{ page: 0, pageSize: 20, sortBy: 'name' }]),
    );
    expect(paramsOf('/api/v2/forms/all-my-filled-unique-bags')).toEqual([
      { page: 0, pageSize: 10, sortBy: 'name' },
    ]);
  });

  it('deletes a draft after confirmation and refreshes the list', async () => {
    const { show } = renderPage({ drafts: [draft] });
    const drafts = await section('Zapisane formularze - wersja robocza');
    await userEvent.click(await within(drafts).findByRole('button', { name: 'Usuń Ankieta bólu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć wersję roboczą?' });
    api.get.mockImplementation(answerMyLists({}));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/api/form_data/30'));
    expect(show).toHaveBeenCalledWith({ text: 'Wersja robocza formularza została usunięta' });
    expect(await within(drafts).findByText('Brak zapisanych wersji roboczych')).toBeInTheDocument();
  });

  it('keeps the draft when the deletion is cancelled', async () => {
    renderPage({ drafts: [draft] });
    const drafts = await section('Zapisane formularze - wersja robocza');
    await userEvent.click(await within(drafts).findByRole('button', { name: 'Usuń Ankieta bólu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć wersję roboczą?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(api.delete).not.toHaveBeenCalled();
  });

  it('says when a draft cannot be deleted', async () => {
    api.delete.mockRejectedValue(Object.assign(new Error('HTTP 409'), { isAxiosError: true }));
    const { show } = renderPage({ drafts: [draft] });
    const drafts = await section('Zapisane formularze - wersja robocza');
    await userEvent.click(await within(drafts).findByRole('button', { name: 'Usuń Ankieta bólu' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Usuń' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Nie można usunąć danych formularza', isError: true }),
    );
    expect(within(drafts).getByText('Ankieta bólu')).toBeInTheDocument();
  });
});
