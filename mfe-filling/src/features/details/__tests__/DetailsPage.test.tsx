import { act, screen, waitFor, within } from '@testing-library/react';
import type { CurrentPerson } from '@formularze/domain/contract';
import { Route, Routes } from 'shared-ui/routing';
import type { FilledForm, FilledItem } from '@formularze/domain/schemas/filled-data';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import { aFilled } from '../../../shared/my-forms/__tests__/my-forms-fixtures';
import { savedArrivalState } from '../../../shared/filled-data/arrival-notice';
import { DetailsPage } from '../components/DetailsPage';
import { timeLimitedDetailsPath } from '../../../shared/filled-data/view-window';

const api = aFakeApiClient();

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
const NOW = new Date('2026-06-10T10:00:00Z');
const patient = aPerson('ROLE_USER', { id: 1 });

function anItem(overrides: Partial<FilledItem> & Pick<FilledItem, 'id' | 'label' | 'dataType'>): FilledItem {
  return {
    value: null,
    arrayValue: null,
    alternativeAnswer: null,
    note: null,
    files: [],
    color: null,
    text: null,
    weight: null,
    ...overrides,
  };
}

function aFilledForm(overrides: Partial<FilledForm> = {}): FilledForm {
  return {
    ...aFilled(12, { id: 5, name: 'Ankieta bólu' }),
    completedAt: '2026-06-10T09:15:00.000Z',
    formMetadataId: 3,
    data: {},
    arrayData: {},
    noteData: {},
    fieldAlternativeAnswer: {},
    filesData: {},
    items: [
      anItem({ id: 'when', label: 'Data badania', dataType: 'DATE', value: '2026/06/09' }),
      anItem({
        id: 'pain',
        label: 'Ból',
        dataType: 'DICTIONARY',
        value: 'Silny',
        weight: 3,
        color: '#ff0000',
        text: 'Pilny kontakt',
      }),
      anItem({ id: 'meds', label: 'Leki', dataType: 'DICTIONARY', arrayValue: ['Paracetamol', 'Ibuprofen'] }),
      anItem({ id: 'fever', label: 'Gorączka', dataType: 'BOOL', value: false, note: 'Mierzone rano' }),
      anItem({
        id: 'scan',
        label: 'Wyniki badań',
        dataType: 'FILE',
        files: [{ id: 'f-1', name: 'morfologia.pdf', mimeType: 'application/pdf', size: 1000 }],
      }),
    ],
    totalWeight: 3.456,
    color: '#ff0000',
    text: 'Skontaktuj się z lekarzem',
    ...overrides,
  };
}

function renderDetails(path: string, person: CurrentPerson = patient, state?: unknown) {
  const show = jest.fn(() => 'alert');
  const navigate = jest.fn();
  const view = renderInRemote(
    'mfe-filling',
    <Routes>
      <Route path="/formdata/:formDataId" element={<DetailsPage />} />
      <Route path="/formdata/z/:formDataId/:invalidateViewAt" element={<DetailsPage />} />
    </Routes>,
    { path, person, shell: { alerts: { show, dismiss: jest.fn() }, navigate }, api },
  );
  if (state !== undefined) {
    // Arriving from the fill page: a history entry carrying the router state.
    act(() => {
      window.history.pushState({ usr: state, key: 'arrival', idx: 1 }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
  }
  return { ...view, show, navigate };
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.useFakeTimers({ now: NOW });
  api.get.mockResolvedValue({ data: aFilledForm() });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('DetailsPage', () => {
  it('shows a patient the answers item by item, formatted, without points, colours or rule texts', async () => {
    renderDetails('/formdata/12');
    expect(await screen.findByRole('heading', { name: 'Ankieta bólu' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/form_data/12');
    expect(screen.getByText('Wysłany')).toBeInTheDocument();
    expect(screen.getByText('2026-06-10 11:15')).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: 'Odpowiedzi' });
    expect(within(answers).getByText('09/06/2026')).toBeInTheDocument();
    expect(within(answers).getByText('Silny')).toBeInTheDocument();
    expect(within(answers).getByText('Paracetamol, Ibuprofen')).toBeInTheDocument();
    expect(within(answers).getByText('Nie')).toBeInTheDocument();
    expect(within(answers).getByText('Uwaga: Mierzone rano')).toBeInTheDocument();
    expect(
      within(answers).getByRole('button', { name: 'Otwórz plik morfologia.pdf w nowej karcie' }),
    ).toBeVisible();
    expect(screen.queryByText(/Punkty/)).not.toBeInTheDocument();
    expect(screen.queryByText('Suma punktów')).not.toBeInTheDocument();
    expect(screen.queryByText('Pilny kontakt')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Kolor/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Formularze' })).toBeInTheDocument();
  });

  it('fetches an attached file with the session, and says when it cannot be opened', async () => {
    const { show } = renderDetails('/formdata/12');
    const file = await screen.findByRole('button', { name: 'Otwórz plik morfologia.pdf w nowej karcie' });
    const tab = { close: jest.fn(), location: { href: '' } };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    api.get.mockRejectedValueOnce(new Error('HTTP 404'));
    act(() => file.click());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Nie udało się otworzyć pliku', isError: true }),
    );
    expect(api.get).toHaveBeenCalledWith('/api/form_data/serve_file/f-1', { responseType: 'blob' });
    expect(tab.close).toHaveBeenCalled();
  });

  it('shows staff the points to 2 decimals, colours, rule texts and the filler, with the way to the results', async () => {
    const { navigate } = renderDetails('/formdata/12', aPerson('ROLE_EDITOR', { id: 9 }));
    await screen.findByRole('heading', { name: 'Ankieta bólu' });
    expect(screen.getByText('3.46')).toBeInTheDocument();
    expect(screen.getByText('Anna Nowak')).toBeInTheDocument();
    expect(screen.getByText('Skontaktuj się z lekarzem')).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: 'Odpowiedzi' });
    expect(within(answers).getByText('Punkty: 3.00')).toBeInTheDocument();
    expect(within(answers).getByText('Pilny kontakt')).toBeInTheDocument();
    expect(within(answers).getByRole('img', { name: 'Kolor reguły #ff0000' })).toBeInTheDocument();
    // Someone else's answers are not the reviewer's to edit.
    expect(screen.queryByRole('button', { name: 'Edytuj odpowiedzi' })).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Wyniki formularza' }).click());
    expect(navigate).toHaveBeenCalledWith('/results/5');
    act(() => screen.getByRole('button', { name: 'Wypełnione formularze' }).click());
    expect(navigate).toHaveBeenCalledWith('/filled-forms');
  });

  it('offers the filler to edit the answers while they are editable', async () => {
    api.get.mockResolvedValue({ data: aFilledForm({ editableUntil: '2026-06-10T10:30:00.000Z' }) });
    const { navigate } = renderDetails('/formdata/12');
    await screen.findByText('Odpowiedzi można zmieniać do 2026-06-10 12:30.');
    act(() => screen.getByRole('button', { name: 'Edytuj odpowiedzi' }).click());
    expect(navigate).toHaveBeenCalledWith('/formdata/edit/5/12');
  });

  it('does not offer editing once the time to edit has passed', async () => {
    api.get.mockResolvedValue({ data: aFilledForm({ editableUntil: '2026-06-10T09:59:00.000Z' }) });
    renderDetails('/formdata/12');
    await screen.findByRole('heading', { name: 'Ankieta bólu' });
    expect(screen.queryByRole('button', { name: 'Edytuj odpowiedzi' })).not.toBeInTheDocument();
  });

  it('offers to continue a draft', async () => {
    api.get.mockResolvedValue({ data: aFilledForm({ state: 'SAVED', completedAt: null }) });
    const { navigate } = renderDetails('/formdata/12');
    await screen.findByText('Wersja robocza');
    act(() => screen.getByRole('button', { name: 'Kontynuuj wypełnianie' }).click());
    expect(navigate).toHaveBeenCalledWith('/formdata/edit/5/12');
  });

  it('says the form was sent when the fill page brings the person here, once', async () => {
    const { show } = renderDetails('/formdata/12', patient, savedArrivalState(false));
    await screen.findByRole('heading', { name: 'Ankieta bólu' });
    expect(show).toHaveBeenCalledWith({ text: 'Formularz został wysłany' });
    expect(show).toHaveBeenCalledTimes(1);
    expect(window.history.state.usr).toBeNull();
  });

  it('says a draft was saved', async () => {
    const { show } = renderDetails('/formdata/12', patient, savedArrivalState(true));
    await screen.findByRole('heading', { name: 'Ankieta bólu' });
    expect(show).toHaveBeenCalledWith({ text: 'Zapisano wersję roboczą' });
  });

  it('goes to the forms when the filled form cannot be loaded', async () => {
    api.get.mockRejectedValue(
      Object.assign(new Error('HTTP 404'), { isAxiosError: true, response: { status: 404 } }),
    );
    const { navigate } = renderDetails('/formdata/12');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/forms', { replace: true }));
    expect(screen.queryByRole('heading', { name: 'Ankieta bólu' })).not.toBeInTheDocument();
  });

  describe('viewable until a time', () => {
    it('checks every 10 s and goes to the active forms once the time has passed', () => {
      const { navigate } = renderDetails(timeLimitedDetailsPath(12, NOW.getTime() - 10 * 60_000 + 25_000));
      // The time passes at 25 s; the check after it comes at 30 s.
      act(() => jest.advanceTimersByTime(29_999));
      expect(navigate).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(navigate).toHaveBeenCalledWith('/forms/active', { replace: true });
      expect(navigate).toHaveBeenCalledTimes(1);
    });

    it('goes to the active forms at once when the time has already passed', () => {
      const { navigate } = renderDetails(`/formdata/z/12/${NOW.getTime() - 1}`);
      expect(navigate).toHaveBeenCalledWith('/forms/active', { replace: true });
    });

    it('keeps showing the answers until then', async () => {
      const { navigate } = renderDetails(timeLimitedDetailsPath(12, NOW.getTime()));
      await screen.findByRole('heading', { name: 'Ankieta bólu' });
      act(() => jest.advanceTimersByTime(9 * 60_000));
      expect(navigate).not.toHaveBeenCalled();
      expect(screen.getByRole('heading', { name: 'Ankieta bólu' })).toBeInTheDocument();
    });
  });
});
