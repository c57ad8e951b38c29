import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVALID_PESEL_MESSAGE } from '@formularze/domain/schemas/filled-data';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import {
  FILE_TYPE_NOT_ALLOWED_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  WRONG_FILE_TYPE_MESSAGE,
} from '@formularze/domain/schemas/uploads';
import {
  aFilledForm,
  api,
  apiFailure,
  arrival,
  aTemplate,
  EDITOR,
  renderFillPage,
  savedPayload,
  serve,
} from './render-fill-page';
import { ROWS_PER_SLICE } from '../components/FillRows';
import { aMoodField, aSymptomsField } from './template-fields';

/** Renders a form of `fields` (one per row) for an editor and waits for it. */
async function renderFields(...fields: TemplateField[]) {
  serve({ template: aTemplate(fields.map((field) => [field])) });
  const view = renderFillPage('/formdata/add/5', EDITOR);
  await screen.findByRole('heading', { name: 'Ankieta bólu' });
  return view;
}

/** Saves a draft and answers the payload sent. */
async function saveDraft() {
  await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
  await arrival();
  return savedPayload()!.body;
}

beforeEach(() => jest.clearAllMocks());

describe('text', () => {
  it('is limited to its size and shows the characters left', async () => {
    await renderFields({ id: 't', type: 'TEXT', label: 'Uwagi', text: 'Krótko', size: 5, maxRows: 1 });
    const input = screen.getByLabelText('Uwagi');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Krótko'));
    expect(screen.getByText('Pozostało znaków: 5')).toBeInTheDocument();
    await userEvent.type(input, 'abcdefgh');
    expect(input).toHaveValue('abcde');
    expect(screen.getByText('Pozostało znaków: 0')).toBeInTheDocument();
  });

  it('above one row is multiline, showing 2 to 4 rows', async () => {
    await renderFields(
      { id: 'a', type: 'TEXT', label: 'Dwa', size: 100, maxRows: 2 },
      { id: 'b', type: 'TEXT', label: 'Dziesięć', size: 100, maxRows: 10 },
      { id: 'c', type: 'TEXTAREA', label: 'Opis', size: 1000 },
    );
    expect(screen.getByLabelText('Dwa')).toHaveAttribute('rows', '2');
    expect(screen.getByLabelText('Dziesięć')).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText('Opis').tagName).toBe('TEXTAREA');
  });
});

describe('number', () => {
  it('a decimal takes a comma or a dot, its digits, and a 0 before a leading separator', async () => {
    await renderFields({
      id: 'w',
      type: 'NUMBER',
      label: 'Waga',
      numberType: 'DECIMAL',
      decimalDigitNumber: 1,
      minValue: 1,
      maxValue: 300,
    });
    const input = screen.getByLabelText('Waga');
    expect(input).toHaveAccessibleDescription('Od 1 do 300');
    await userEvent.type(input, 'x72,55');
    expect(input).toHaveValue('72,5');
    await userEvent.clear(input);
    await userEvent.type(input, ',5');
    expect(input).toHaveValue('0,5');
    await userEvent.tab();
    expect(await screen.findByText('Nieprawidłowa wartość')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '72.5');
    expect((await saveDraft()).data).toEqual({ w: '72.5' });
  });

  it('an integer takes digits only', async () => {
    await renderFields({ id: 'n', type: 'NUMBER', label: 'Kroki', numberType: 'INTEGER' });
    const input = screen.getByLabelText('Kroki');
    await userEvent.type(input, '1,5e3');
    expect(input).toHaveValue('153');
  });
});

describe('PESEL', () => {
  it('takes 11 digits; a wrong checksum is marked with its message', async () => {
    await renderFields({ id: 'p', type: 'PESEL', label: 'PESEL' });
    const input = screen.getByLabelText('PESEL');
    await userEvent.type(input, '4405-1401358 9');
    expect(input).toHaveValue('44051401358');
    await userEvent.tab();
    expect(await screen.findByText(INVALID_PESEL_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, '44051401359');
    await waitFor(() => expect(screen.queryByText(INVALID_PESEL_MESSAGE)).not.toBeInTheDocument());
  });
});

describe('dates and times', () => {
  it('a date is typed dd/MM/yyyy and sent YYYY/MM/DD; an unreadable one is sent blank', async () => {
    await renderFields(
      { id: 'd', type: 'DATE', label: 'Data badania' },
      { id: 'bad', type: 'DATE', label: 'Inna data' },
      { id: 't', type: 'TIME', label: 'Godzina' },
    );
    await userEvent.type(screen.getByLabelText('Data badania'), '05/03/2026');
    await userEvent.type(screen.getByLabelText('Inna data'), '31/02/2026');
    await userEvent.tab();
    expect(await screen.findByText('Nieprawidłowy format')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Godzina'), '08:30');
    expect((await saveDraft()).data).toEqual({ d: '2026/03/05', t: '08:30' });
  });

  it('a date out of range is refused', async () => {
    await renderFields({ id: 'd', type: 'DATE', label: 'Data' });
    await userEvent.type(screen.getByLabelText('Data'), '01/01/1800');
    await userEvent.tab();
    expect(await screen.findByText('Data wykracza poza zakres')).toBeInTheDocument();
  });

  it("dates and times are the product's text boxes (dd/mm/rrrr, 24-hour gg:mm), never the browser's", async () => {
    await renderFields({ id: 'd', type: 'DATE', label: 'Data' }, { id: 't', type: 'TIME', label: 'Godzina' });
    expect(document.querySelectorAll('input[type="date"], input[type="time"]')).toHaveLength(0);
    expect(screen.getByLabelText('Data')).toHaveAttribute('placeholder', 'dd/mm/rrrr');
    const time = screen.getByLabelText('Godzina');
    expect(time).toHaveAttribute('placeholder', 'gg:mm');
    await userEvent.type(time, '8.05');
    await userEvent.tab();
    expect(time).toHaveValue('08:05');
  });

  it('date and time go together', async () => {
    await renderFields({ id: 'dt', type: 'DATETIME', label: 'Początek' });
    const group = screen.getByRole('group', { name: 'Początek' });
    expect(within(group).getByLabelText('Data: Początek')).toHaveAttribute('placeholder', 'dd/mm/rrrr');
    await userEvent.type(within(group).getByLabelText('Data: Początek'), '01/02/2026');
    await userEvent.type(screen.getByLabelText('Godzina: Początek'), '07:15');
    expect((await saveDraft()).data).toEqual({ dt: '2026/02/01 07:15' });
  });
});

describe('choices', () => {
  const symptoms = aSymptomsField('s', { label: 'Objawy' });
  const mood = aMoodField('m', { allowAlternativeAnswer: true, alternativeAnswerLabel: 'Inny nastrój' });

  it('yes/no is a radio group; several answers are check boxes sent as a list', async () => {
    await renderFields({ id: 'b', type: 'BOOL', label: 'Pali?', required: true }, symptoms);
    const yesNo = screen.getByRole('radiogroup', { name: 'Pali?' });
    expect(yesNo).toHaveAttribute('aria-required', 'true');
    await userEvent.click(within(yesNo).getByRole('radio', { name: 'Nie' }));
    const choices = screen.getByRole('group', { name: 'Objawy' });
    await userEvent.click(within(choices).getByRole('checkbox', { name: '3' }));
    await userEvent.click(within(choices).getByRole('checkbox', { name: '1' }));
    const body = await saveDraft();
    expect(body.data).toEqual({ b: false });
    expect(body.arrayData).toEqual({ s: [1, 3] });
  });

  it('the alternative answer has its label and answers a required dictionary', async () => {
    await renderFields(mood);
    await userEvent.type(screen.getByLabelText('Inny nastrój'), 'zmienny');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz i wyślij' }));
    await arrival();
    expect(savedPayload()!.body.fieldAlternativeAnswer).toEqual({ m: 'zmienny' });
  });

  it('radio buttons are chosen with the arrow keys', async () => {
    await renderFields(mood);
    screen.getByRole('radio', { name: 'dobry' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'zły' })).toBeChecked();
  });
});

describe('labels and groups', () => {
  it('shows label text, a file label as a link, and a group with its title', async () => {
    await renderFields(
      { id: 'l', type: 'LABEL', text: 'Proszę odpowiadać szczerze' },
      { id: 'f', type: 'LABEL', labelType: 'file', label: 'Instrukcja', text: 'https://example.test/i.pdf' },
      {
        id: 'g',
        type: 'GROUP',
        label: 'Kontakt',
        children: [
          { type: 'ROW', children: [{ id: 'ph', type: 'TEXT', label: 'Telefon', size: 20, maxRows: 1 }] },
        ],
      },
    );
    expect(screen.getByText('Proszę odpowiadać szczerze')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Instrukcja' })).toHaveAttribute(
      'href',
      'https://example.test/i.pdf',
    );
    const group = screen.getByRole('group', { name: 'Kontakt' });
    expect(within(group).getByLabelText('Telefon')).toBeInTheDocument();
  });

  it('a repeating group adds and removes rows; each member sends one answer per row', async () => {
    await renderFields({
      id: 'meds',
      type: 'REPEATING_GROUP',
      label: 'Leki',
      children: [
        {
          type: 'ROW',
          children: [
            { id: 'meds.name', type: 'TEXT', label: 'Nazwa', size: 50, maxRows: 1 },
            { id: 'meds.dose', type: 'NUMBER', label: 'Dawka', numberType: 'INTEGER' },
          ],
        },
      ],
    });
    await userEvent.type(screen.getByLabelText('Nazwa (wiersz 1)'), 'Apap');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj wiersz: Leki' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj wiersz: Leki' }));
    await userEvent.type(screen.getByLabelText('Nazwa (wiersz 2)'), 'Ibuprom');
    await userEvent.type(screen.getByLabelText('Dawka (wiersz 2)'), '2');
    await userEvent.type(screen.getByLabelText('Nazwa (wiersz 3)'), 'Witamina');
    await userEvent.click(screen.getByRole('button', { name: 'Usuń wiersz 1: Leki' }));
    const body = await saveDraft();
    expect(body.arrayData).toEqual({ 'meds.name': ['Ibuprom', 'Witamina'], 'meds.dose': ['2', null] });
  });
});

describe('a long form', () => {
  it('shows every row in order across its slices, and each answers', async () => {
    const count = 2 * ROWS_PER_SLICE + 3;
    await renderFields(
      ...Array.from({ length: count }, (_, index): TemplateField => ({
        id: `q${index + 1}`,
        type: 'TEXT',
        label: `Pytanie ${index + 1}`,
        size: 20,
        maxRows: 1,
      })),
    );
    const ids = screen.getAllByRole('textbox').map((input) => input.getAttribute('id'));
    expect(ids.map((id) => document.querySelector(`label[for="${id}"]`)?.textContent)).toEqual(
      Array.from({ length: count }, (_, index) => `Pytanie ${index + 1}`),
    );
    for (const position of [ROWS_PER_SLICE, ROWS_PER_SLICE + 1, count]) {
      await userEvent.type(screen.getByLabelText(`Pytanie ${position}`), `odp ${position}`);
    }
    expect((await saveDraft()).data).toEqual({
      [`q${ROWS_PER_SLICE}`]: `odp ${ROWS_PER_SLICE}`,
      [`q${ROWS_PER_SLICE + 1}`]: `odp ${ROWS_PER_SLICE + 1}`,
      [`q${count}`]: `odp ${count}`,
    });
  });
});

describe('files', () => {
  const photo: TemplateField = {
    id: 'photo',
    type: 'FILE',
    label: 'Zdjęcie',
    maxNumberOfFiles: 2,
    required: true,
  };

  it('uploads the chosen files before saving and sends their ids', async () => {
    await renderFields(photo);
    await userEvent.upload(
      await screen.findByLabelText('Zdjęcie'),
      new File(['x'], 'rana.png', { type: 'image/png' }),
    );
    const save = api.post.getMockImplementation()!;
    api.post.mockImplementation(async (url: string, body: unknown) =>
      url === '/api/form_data/upload_file'
        ? { data: { id: 'u-1', name: 'rana.png', mimeType: 'image/png', size: 1 } }
        : save(url, body),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz i wyślij' }));
    await arrival();
    const order = api.post.mock.calls.map(([url]) => url);
    expect(order).toEqual(['/api/form_data/upload_file', '/api/form_metadata/', '/api/form_data/']);
    expect(savedPayload()!.body.filesDataUUID).toEqual({ photo: ['u-1'] });
  });

  it('a failed upload stops the save with its message', async () => {
    const { navigate, show } = await renderFields(photo);
    await userEvent.upload(
      await screen.findByLabelText('Zdjęcie'),
      new File(['x'], 'rana.png', { type: 'image/png' }),
    );
    api.post.mockRejectedValue(apiFailure(500, 'Błąd'));
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz i wyślij' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ text: UPLOAD_FAILED_MESSAGE, isError: true }),
      ),
    );
    expect(api.post.mock.calls.map(([url]) => url)).toEqual(['/api/form_data/upload_file']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('files of the form being edited start uploaded; ones the server refuses are marked', async () => {
    const stored = { id: 'u-9', name: 'skan.exe', mimeType: 'application/octet-stream', size: 10 };
    serve({ template: aTemplate([[photo]]), filled: aFilledForm({ filesData: { photo: [stored] } }) });
    api.put.mockRejectedValue(apiFailure(400, 'file-type-not-allowed: u-9'));
    const { show } = renderFillPage('/formdata/edit/5/42', EDITOR);
    const list = await screen.findByRole('list', { name: 'Załączone pliki: Zdjęcie' });
    expect(within(list).getByText('skan.exe')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Zapisz i wyślij' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ text: FILE_TYPE_NOT_ALLOWED_MESSAGE, isError: true }),
      ),
    );
    expect(savedPayload()!.body.filesDataUUID).toEqual({ photo: ['u-9'] });
    expect(api.post.mock.calls.map(([url]) => url)).not.toContain('/api/form_data/upload_file');
    expect(await within(list).findByText(WRONG_FILE_TYPE_MESSAGE)).toBeInTheDocument();
  });
});
