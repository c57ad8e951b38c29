import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, type ReactNode } from 'react';
import {
  MAX_BELOW_MIN_MESSAGE,
  MAX_FILES_MISSING_MESSAGE,
  MAX_ROWS_INTEGER_MESSAGE,
  NUMBER_TYPE_MISSING_MESSAGE,
  TEXT_SIZE_INTEGER_MESSAGE,
  TEXT_SIZE_MISSING_MESSAGE,
  TEXT_SIZE_POSITIVE_MESSAGE,
} from '@formularze/domain/schemas/form-template';
import {
  FORM_SAVED_MESSAGE,
  FORM_UPDATED_MESSAGE,
  SCHEDULE_INCOMPLETE_MESSAGE,
  type FormDetails,
} from '@formularze/domain/schemas/forms';
import { apiFailure } from 'shared-ui/testing';
import { FieldCard, type FieldCardProps } from '../components/FieldCard';
import { aFormDetails, api, layoutOfRows, renderEditorAt } from './editor-fixtures';

const layout = layoutOfRows(
  [
    { id: 'pole_1', type: 'DATE', label: 'Data badania' },
    { id: 'pole_2', type: 'TEXT', label: 'Objawy', size: 200, maxRows: 3 },
  ],
  [{ id: 'pole_3', type: 'LOCATION', label: 'Miejsce' }],
);

const aForm = (overrides: Partial<FormDetails> = {}) => aFormDetails(layout, overrides);

const commits: { phase: string; actualDuration: number }[] = [];

const renderEditor = (path: string) =>
  renderEditorAt(path, (routes) => (
    <Profiler id="editor" onRender={(_id, phase, actualDuration) => commits.push({ phase, actualDuration })}>
      {routes}
    </Profiler>
  ));

const saveButton = () => screen.getByRole('button', { name: 'Zapisz' });
const canvas = () => screen.getByRole('region', { name: 'Pola formularza' });
const row = (name: string) => within(canvas()).getByRole('group', { name });
/** The fields of a row as the cards name them, in order (a card's name starts with the field's). */
const cardNames = (rowName: string) =>
  within(row(rowName))
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('data-select-field'))
    .map((button) => button.getAttribute('aria-label')?.split(', ')[0]);
const panel = () => screen.getByRole('complementary', { name: 'Właściwości pola' });
const status = () => screen.getByRole('status', { name: 'Zmiany w formularzu' });

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockImplementation(async (url: string) => {
    if (url === '/api/forms/5') return { data: aForm() };
    if (url === '/api/forms/6') return { data: aForm({ id: 6, status: 'ACTIVE', name: 'Aktywny' }) };
    if (url === '/api/form_layouts/saved_fields') return { data: [] };
    throw new Error(`unexpected GET ${url}`);
  });
  api.post.mockResolvedValue({ data: { id: 9, edition: 1, bag: { id: 9 } } });
  api.put.mockResolvedValue({ data: { id: 5, edition: 1, bag: { id: 5 } } });
});

describe('FormEditorPage: a new form', () => {
  it("is titled 'Nowy formularz' with a trail from the form list", async () => {
    const { setTitle, breadcrumbs } = renderEditor('/forms/add');
    expect(await screen.findByRole('heading', { name: 'Nowy formularz' })).toBeInTheDocument();
    expect(setTitle).toHaveBeenCalledWith('Nowy formularz');
    expect(breadcrumbs).toHaveBeenCalledWith([
      { label: 'Formularze', path: '/forms' },
      { label: 'Nowy formularz', path: '/forms/add' },
    ]);
  });

  it('offers every palette type, and adds fields with the keyboard where the selection is', async () => {
    const user = userEvent.setup();
    renderEditor('/forms/add');
    const palette = await screen.findByRole('region', { name: 'Paleta pól' });
    expect(
      within(palette)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Tekst',
      'Obszar tekstowy',
      'Liczba',
      'Data',
      'Plik',
      'Lokalizacja',
      'Godzina',
      'Słownik',
      'Etykieta',
    ]);

    within(palette).getByRole('button', { name: 'Dodaj pole Data' }).focus();
    await user.keyboard('{Enter}');
    expect(status()).toHaveTextContent('Dodano pole „Data”: wiersz 1, pozycja 1.');
    // The new field is selected: the next one goes after it, in the same row.
    await user.click(within(palette).getByRole('button', { name: 'Dodaj pole Lokalizacja' }));
    expect(cardNames('Wiersz 1')).toEqual(['Data', 'Lokalizacja']);
    // A chosen row takes the next field at its end; the trailing empty row opens a new row.
    await user.click(within(canvas()).getByRole('button', { name: 'Dodawaj pola do nowego wiersza' }));
    await user.click(within(palette).getByRole('button', { name: 'Dodaj pole Godzina' }));
    expect(cardNames('Wiersz 1')).toEqual(['Data', 'Lokalizacja']);
    expect(cardNames('Wiersz 2')).toEqual(['Godzina']);
    expect(within(canvas()).getByRole('group', { name: 'Nowy wiersz' })).toBeInTheDocument();
  });

  it('moves fields with their buttons, keeps the focus on the button and announces the new place', async () => {
    const user = userEvent.setup();
    renderEditor('/forms/edit/5');
    await screen.findByRole('heading', { name: 'Edycja Ankieta bólu' });
    expect(cardNames('Wiersz 1')).toEqual(['Data badania', 'Objawy']);

    const right = screen.getByRole('button', { name: 'Przesuń pole „Data badania” w prawo' });
    await user.click(right);
    expect(cardNames('Wiersz 1')).toEqual(['Objawy', 'Data badania']);
    expect(status()).toHaveTextContent('Pole „Data badania” przesunięto w prawo: wiersz 1, pozycja 2 z 2.');
    // At the end of its row it cannot go further right: the focus stays on its card.
    expect(screen.getByRole('button', { name: 'Przesuń pole „Data badania” w prawo' })).toBeDisabled();
    expect(document.activeElement).toHaveAttribute('data-select-field', 'pole_1');

    await user.click(screen.getByRole('button', { name: 'Przesuń pole „Data badania” w dół' }));
    expect(cardNames('Wiersz 1')).toEqual(['Objawy']);
    expect(cardNames('Wiersz 2')).toEqual(['Miejsce', 'Data badania']);
    expect(status()).toHaveTextContent('przesunięto w dół: wiersz 2, pozycja 2 z 2.');

    // Moving the lone field of row 1 down empties it: the row goes away.
    await user.click(screen.getByRole('button', { name: 'Przesuń pole „Objawy” w dół' }));
    expect(cardNames('Wiersz 1')).toEqual(['Objawy', 'Miejsce', 'Data badania']);
    expect(within(canvas()).queryByRole('group', { name: 'Wiersz 2' })).not.toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName('Przesuń pole „Objawy” w dół');

    await user.click(screen.getByRole('button', { name: 'Przesuń pole „Objawy” w górę' }));
    expect(cardNames('Wiersz 1')).toEqual(['Objawy']);
    expect(cardNames('Wiersz 2')).toEqual(['Miejsce', 'Data badania']);
    expect(screen.getByRole('button', { name: 'Przesuń pole „Objawy” w górę' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Przesuń pole „Miejsce” w lewo' })).toBeDisabled();
  });

  it('shows the §5 messages of a text field and keeps Save disabled until they are fixed', async () => {
    const user = userEvent.setup();
    renderEditor('/forms/add');
    await user.type(await screen.findByRole('textbox', { name: /Nazwa formularza/ }), 'Wywiad');
    await user.click(screen.getByRole('button', { name: 'Dodaj pole Tekst' }));

    const size = within(panel()).getByRole('textbox', { name: /Liczba znaków/ });
    expect(within(panel()).getByText(TEXT_SIZE_MISSING_MESSAGE)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Tekst, Tekst, Uzupełnij ustawienia pola' }),
    ).toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');

    await user.type(size, '0');
    expect(within(panel()).getByText(TEXT_SIZE_POSITIVE_MESSAGE)).toBeInTheDocument();
    await user.clear(size);
    await user.type(size, '2,5');
    expect(within(panel()).getByText(TEXT_SIZE_INTEGER_MESSAGE)).toBeInTheDocument();
    await user.clear(size);
    await user.type(size, '120');
    expect(within(panel()).queryByText(TEXT_SIZE_INTEGER_MESSAGE)).not.toBeInTheDocument();

    const rows = within(panel()).getByRole('textbox', { name: /Liczba wierszy/ });
    await user.clear(rows);
    await user.type(rows, '1.5');
    expect(within(panel()).getByText(MAX_ROWS_INTEGER_MESSAGE)).toBeInTheDocument();
    await user.clear(rows);
    await user.type(rows, '2');

    await user.type(within(panel()).getByRole('textbox', { name: 'Etykieta' }), 'Uwagi');
    expect(screen.getByRole('button', { name: 'Uwagi, Tekst' })).toBeInTheDocument();
    expect(saveButton()).not.toHaveAttribute('aria-disabled');
  });

  it('asks for the number type first, checks min and max, and resets them with Cofnij', async () => {
    const user = userEvent.setup();
    renderEditor('/forms/add');
    await user.click(await screen.findByRole('button', { name: 'Dodaj pole Liczba' }));
    expect(within(panel()).getByText(NUMBER_TYPE_MISSING_MESSAGE)).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Liczba dziesiętna' }));
    expect(within(panel()).queryByText(NUMBER_TYPE_MISSING_MESSAGE)).not.toBeInTheDocument();

    await user.type(within(panel()).getByRole('textbox', { name: 'Wartość minimalna' }), '10');
    const max = within(panel()).getByRole('textbox', { name: 'Wartość maksymalna' });
    await user.type(max, '2,5');
    expect(within(panel()).getByText(MAX_BELOW_MIN_MESSAGE)).toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'Cofnij' }));
    expect(within(panel()).getByText(NUMBER_TYPE_MISSING_MESSAGE)).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Liczba całkowita' }));
    expect(within(panel()).getByRole('textbox', { name: 'Wartość minimalna' })).toHaveValue('');
    expect(within(panel()).getByRole('textbox', { name: 'Wartość maksymalna' })).toHaveValue('');
    expect(
      within(panel()).queryByRole('textbox', { name: 'Liczba miejsc po przecinku' }),
    ).not.toBeInTheDocument();
  });

  it('asks for the number of files of a file field, digits only', async () => {
    const user = userEvent.setup();
    renderEditor('/forms/add');
    await user.click(await screen.findByRole('button', { name: 'Dodaj pole Plik' }));
    expect(within(panel()).getByText(MAX_FILES_MISSING_MESSAGE)).toBeInTheDocument();
    const count = within(panel()).getByRole('textbox', { name: /Maksymalna liczba plików/ });
    await user.type(count, '-3a');
    expect(count).toHaveValue('3');
    expect(within(panel()).queryByText(MAX_FILES_MISSING_MESSAGE)).not.toBeInTheDocument();
  });

  it('sends the new form and says it was saved', async () => {
    const user = userEvent.setup();
    const { show, navigate } = renderEditor('/forms/add');
    await user.type(await screen.findByRole('textbox', { name: /Nazwa formularza/ }), '  Wywiad  ');
    await user.type(screen.getByRole('textbox', { name: 'Opis formularza' }), 'Przed wizytą');
    await user.click(screen.getByRole('button', { name: 'Dodaj pole Data' }));
    await user.click(screen.getByRole('button', { name: 'Dodaj pole Godzina' }));
    await user.click(saveButton());

    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith(
      '/api/forms',
      expect.objectContaining({
        name: 'Wywiad',
        description: 'Przed wizytą',
        layoutElementObject: {
          type: 'FORM',
          children: [
            {
              type: 'ROW',
              children: [
                expect.objectContaining({ id: 'pole_1', type: 'DATE', required: false }),
                expect.objectContaining({ id: 'pole_2', type: 'TIME' }),
              ],
            },
          ],
        },
        allowDrafting: false,
        defaultAssignmentDuration: 10,
        formRules: [],
        schedule: null,
      }),
    );
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: FORM_SAVED_MESSAGE }));
    expect(navigate).toHaveBeenCalledWith('/forms');
  });

  it('keeps the page and names the reason when the API refuses', async () => {
    const user = userEvent.setup();
    api.post.mockRejectedValue(apiFailure(400, { message: 'Nazwa jest zajęta' }));
    const { show, navigate } = renderEditor('/forms/add');
    await user.type(await screen.findByRole('textbox', { name: /Nazwa formularza/ }), 'Wywiad');
    await user.click(saveButton());
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: 'Nazwa jest zajęta', isError: true }));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Nazwa formularza/ })).toHaveValue('Wywiad');
  });

  it('requires a name before saving', async () => {
    const user = userEvent.setup();
    renderEditor('/forms/add');
    const name = await screen.findByRole('textbox', { name: /Nazwa formularza/ });
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('To pole jest wymagane')).toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    expect(api.post).not.toHaveBeenCalled();
  });
});

describe('FormEditorPage: advanced settings', () => {
  it("keeps Save disabled with 'Uzupełnij harmonogram' while the schedule is incomplete", async () => {
    const user = userEvent.setup();
    renderEditor('/forms/edit/5');
    await screen.findByRole('heading', { name: 'Edycja Ankieta bólu' });
    expect(saveButton()).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('switch', { name: 'Ustawienia zaawansowane' }));
    const schedule = screen.getByRole('region', { name: 'Harmonogram' });
    await user.click(within(schedule).getByRole('radio', { name: /^Jednokrotnie/ }));
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    expect(saveButton()).toHaveAccessibleDescription(SCHEDULE_INCOMPLETE_MESSAGE);
    await user.click(within(schedule).getByRole('radio', { name: /^Bez harmonogramu/ }));
    expect(saveButton()).not.toHaveAttribute('aria-disabled');
  });
});

describe('FormEditorPage: leaving', () => {
  it('asks before leaving unsaved edits, and stays on Anuluj', async () => {
    const user = userEvent.setup();
    const { navigate } = renderEditor('/forms/add');
    await user.click(await screen.findByRole('button', { name: 'Dodaj pole Data' }));
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Czy na pewno chcesz opuścić edycję formularza?');
    await user.click(within(dialog).getByRole('button', { name: 'Zostań na stronie' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(navigate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Opuść stronę' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/forms'));
  });

  it('leaves at once when nothing was changed', async () => {
    const user = userEvent.setup();
    const { navigate } = renderEditor('/forms/edit/5');
    await screen.findByRole('heading', { name: 'Edycja Ankieta bólu' });
    // Selecting a field changes nothing.
    await user.click(screen.getByRole('button', { name: /^Miejsce, / }));
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/forms');
  });
});

describe('FormEditorPage: an existing form', () => {
  it('updates the form with what was loaded and changed', async () => {
    const user = userEvent.setup();
    const { show } = renderEditor('/forms/edit/5');
    await screen.findByRole('heading', { name: 'Edycja Ankieta bólu' });
    expect(screen.getByRole('textbox', { name: /Nazwa formularza/ })).toHaveValue('Ankieta bólu');
    await user.click(screen.getByRole('button', { name: 'Usuń pole „Miejsce”' }));
    expect(status()).toHaveTextContent('Usunięto pole „Miejsce”.');
    await user.click(saveButton());

    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    const [url, body] = api.put.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/api/forms/5');
    expect(body).toMatchObject({
      name: 'Ankieta bólu',
      description: 'Co tydzień',
      allowDrafting: true,
      defaultAssignmentDuration: 14,
      layoutElementObject: { type: 'FORM', children: [layout.children[0]] },
    });
    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: FORM_UPDATED_MESSAGE }));
  });

  it('shows a form read-only in display mode, with Powrót and without the palette', async () => {
    const user = userEvent.setup();
    const { navigate, setTitle } = renderEditor('/forms/display/5');
    expect(
      await screen.findByRole('heading', { name: 'Tryb podglądu formularza: Ankieta bólu' }),
    ).toBeInTheDocument();
    expect(setTitle).toHaveBeenCalledWith('Tryb podglądu formularza: Ankieta bólu');
    expect(screen.queryByRole('region', { name: 'Paleta pól' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Przesuń pole/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Przeciągnij pole/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nazwa formularza/ })).toBeDisabled();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');

    // The configuration of a field can be looked at, not changed.
    await user.click(screen.getByRole('button', { name: /^Objawy, / }));
    expect(within(panel()).getByRole('textbox', { name: /Liczba znaków/ })).toHaveValue('200');
    expect(within(panel()).getByRole('textbox', { name: /Liczba znaków/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Powrót' }));
    expect(navigate).toHaveBeenCalledWith('/forms');
  });

  it('opens a previous edition read-only, with a link to the current edition', async () => {
    api.get.mockImplementation(async (url: string) => {
      if (url === '/api/forms/7') return { data: aForm({ id: 7, status: 'PREVIOUS_VERSION', edition: 1 }) };
      if (url === '/api/forms/7/old_versions')
        return {
          data: [
            {
              id: 8,
              name: 'Ankieta bólu',
              edition: 2,
              status: 'DRAFT',
              createdAt: '2026-02-01T00:00:00.000Z',
            },
            {
              id: 7,
              name: 'Ankieta bólu',
              edition: 1,
              status: 'PREVIOUS_VERSION',
              createdAt: '2026-01-01T00:00:00.000Z',
            },
          ],
        };
      throw new Error(`unexpected GET ${url}`);
    });
    renderEditor('/forms/edit/7');
    expect(
      await screen.findByText(
        /To jest poprzednia wersja formularza \(wersja 1\) i można ją tylko przeglądać/,
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Przejdź do bieżącej wersji (wersja 2)' }),
    ).toHaveAttribute('href', '/forms/edit/8');
    expect(screen.getByRole('textbox', { name: /Nazwa formularza/ })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Paleta pól' })).not.toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Powrót' })).toBeInTheDocument();
  });

  it('opens an ACTIVE form read-only, saying why', async () => {
    renderEditor('/forms/edit/6');
    expect(await screen.findByText(/Formularz jest aktywny i nie można go edytować/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Paleta pól' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Powrót' })).toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('says so when the form cannot be loaded', async () => {
    api.get.mockRejectedValue(new Error('HTTP 404'));
    renderEditor('/forms/edit/77');
    expect(
      await screen.findByText('Nie udało się wczytać formularza', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('FormEditorPage: many fields', () => {
  const many = layoutOfRows(
    ...Array.from({ length: 100 }, (_row, rowIndex) =>
      Array.from({ length: 3 }, (_field, fieldIndex) => ({
        id: `pole_${rowIndex * 3 + fieldIndex + 1}`,
        type: 'LOCATION' as const,
        label: `Pole ${rowIndex * 3 + fieldIndex + 1}`,
      })),
    ),
  );

  it('moves one of 300 fields without re-rendering the rest of the canvas', async () => {
    api.get.mockResolvedValue({ data: aForm({ layoutElementObject: many }) });
    // Counts the renders of the cards (a memo component: React calls its inner function).
    const card = FieldCard as unknown as { type: (props: FieldCardProps) => ReactNode };
    const render = card.type;
    let cardRenders = 0;
    card.type = (props) => {
      cardRenders += 1;
      return render(props);
    };
    try {
      renderEditor('/forms/edit/5');
      await screen.findByRole('heading', { name: 'Edycja Ankieta bólu' });
      // (Queries by CSS here: role queries over 2000 buttons are what would be slow in jsdom.)
      const moveButton = (fieldId: string, direction: string) =>
        document.querySelector<HTMLButtonElement>(`[data-field-id="${fieldId}"] [data-move="${direction}"]`)!;
      expect(document.querySelectorAll('[data-move="up"]')).toHaveLength(300);
      // Rendering the whole canvas, the yardstick (machine load changes times, not their ratio).
      const wholeCanvas = Math.max(...commits.map((commit) => commit.actualDuration));

      const cardsBefore = new Set(document.querySelectorAll('[data-field-id]'));
      commits.length = 0;
      cardRenders = 0;
      await act(async () => {
        moveButton('pole_150', 'left').click();
      });
      expect(cardNames('Wiersz 50')).toEqual(['Pole 148', 'Pole 150', 'Pole 149']);
      // Only the cards of the row re-rendered, and no card element was remounted.
      expect(cardRenders).toBeLessThanOrEqual(3);
      const cardsAfter = Array.from(document.querySelectorAll('[data-field-id]'));
      expect(cardsAfter.filter((element) => !cardsBefore.has(element))).toHaveLength(0);
      const move = commits.reduce((sum, commit) => sum + commit.actualDuration, 0);
      expect(move).toBeLessThan(wholeCanvas / 10);

      // Into the next row: the two rows' cards (the moved one remounts in its new row).
      cardRenders = 0;
      await act(async () => {
        moveButton('pole_150', 'down').click();
      });
      expect(cardNames('Wiersz 51')).toEqual(['Pole 151', 'Pole 150', 'Pole 152', 'Pole 153']);
      expect(cardRenders).toBeLessThan(20);
    } finally {
      card.type = render;
    }
    // Mounting 300 cards in jsdom on a busy 2-core machine takes long; the browser numbers are in the report.
  }, 90_000);
});
