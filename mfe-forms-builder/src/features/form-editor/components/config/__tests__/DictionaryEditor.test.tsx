import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DICTIONARY_VALUE_MESSAGE,
  WEIGHT_MESSAGE,
  type SavedField,
} from '@formularze/domain/schemas/form-template';
import { DictionaryEditor, type DictionarySettings } from '../DictionaryEditor';
import { DUPLICATE_DICTIONARY_VALUE_MESSAGE } from '../rule-validation';
import { renderControlled } from './harness';
import { aFakeApiClient } from 'shared-ui/testing';

const api = aFakeApiClient();

const empty: DictionarySettings = {
  dictionary: null,
  allowMultipleAnswers: false,
  allowAlternativeAnswer: false,
  alternativeAnswerLabel: null,
  saveDictionaryGlobally: false,
};

const threeValues: DictionarySettings = {
  ...empty,
  dictionary: {
    type: 'string',
    dictionaryValues: [
      { stringValue: 'Nigdy', weight: 0 },
      { stringValue: 'Czasem', weight: 1 },
      { stringValue: 'Często', weight: 2, color: '#ff0000' },
    ],
  },
};

const saved: SavedField[] = [
  {
    id: 4,
    label: 'Skala bólu',
    dictionary: { type: 'number', dictionaryValues: [{ intValue: 0 }, { intValue: 5 }, { intValue: 10 }] },
  },
];

function renderEditor(initial: DictionarySettings = empty, disabled = false) {
  return renderControlled(
    initial,
    ({ value, onChange }) => <DictionaryEditor value={value} onChange={onChange} disabled={disabled} />,
    { api },
  );
}

const shownValues = () =>
  within(screen.getByRole('list', { name: 'Wartości słownika' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => jest.useRealTimers());

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: saved });
});

describe('DictionaryEditor', () => {
  it('asks for the first value, then adds the next ones', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor();
    const first = screen.getByRole('group', { name: 'Podaj pierwszą wartość słownika' });
    await user.type(within(first).getByRole('textbox', { name: /Wartość/ }), 'Tak');
    await user.type(within(first).getByRole('textbox', { name: /Waga/ }), '1,5');
    await user.click(within(first).getByRole('button', { name: 'Dodaj wartość' }));
    expect(lastValue()?.dictionary).toEqual({
      type: 'string',
      dictionaryValues: [{ stringValue: 'Tak', intValue: null, weight: 1.5, color: null, text: null }],
    });

    const next = screen.getByRole('group', { name: 'Nowa wartość słownika' });
    await user.type(within(next).getByRole('textbox', { name: /Wartość/ }), 'Nie');
    await user.click(within(next).getByRole('button', { name: 'Dodaj wartość' }));
    expect(shownValues()).toEqual(['Takwaga: 1.5', 'Nie']);
    expect(within(next).getByRole('textbox', { name: /Wartość/ })).toHaveValue('');
  });

  it('refuses an empty, repeated or wrongly typed value and a negative weight', async () => {
    const user = userEvent.setup();
    const { onChange } = renderEditor(threeValues);
    const next = screen.getByRole('group', { name: 'Nowa wartość słownika' });
    const add = within(next).getByRole('button', { name: 'Dodaj wartość' });
    await user.click(add);
    expect(within(next).getByText('To pole jest wymagane')).toBeInTheDocument();

    await user.type(within(next).getByRole('textbox', { name: /Wartość/ }), 'Czasem');
    await user.type(within(next).getByRole('textbox', { name: /Waga/ }), '-1');
    await user.click(add);
    expect(within(next).getByText(DUPLICATE_DICTIONARY_VALUE_MESSAGE)).toBeInTheDocument();
    expect(within(next).getByText(WEIGHT_MESSAGE)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes numbers only in a number dictionary', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor();
    await user.click(screen.getByRole('radio', { name: 'Liczba' }));
    const first = screen.getByRole('group', { name: 'Podaj pierwszą wartość słownika' });
    const input = within(first).getByRole('textbox', { name: /Wartość/ });
    await user.type(input, 'dużo');
    await user.click(within(first).getByRole('button', { name: 'Dodaj wartość' }));
    expect(within(first).getByText(DICTIONARY_VALUE_MESSAGE)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '2,5');
    await user.click(within(first).getByRole('button', { name: 'Dodaj wartość' }));
    expect(lastValue()?.dictionary).toEqual({
      type: 'number',
      dictionaryValues: [{ stringValue: null, intValue: 2.5, weight: null, color: null, text: null }],
    });
    expect(screen.getByText('Typ wartości: Liczba')).toBeInTheDocument();
  });

  it('moves values up and down, keeping the focus on the moved value', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor(threeValues);
    expect(screen.getByRole('button', { name: 'Przesuń wartość „Nigdy” w górę' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Przesuń wartość „Często” w dół' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Przesuń wartość „Nigdy” w dół' }));
    expect(shownValues()).toEqual(['Czasemwaga: 1', 'Nigdywaga: 0', 'Częstowaga: 2']);
    expect(screen.getByRole('button', { name: 'Przesuń wartość „Nigdy” w dół' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(lastValue()?.dictionary?.dictionaryValues.map((entry) => entry.stringValue)).toEqual([
      'Czasem',
      'Często',
      'Nigdy',
    ]);
    // At the end of the list its 'down' button is disabled: the focus goes to 'up'.
    expect(screen.getByRole('button', { name: 'Przesuń wartość „Nigdy” w górę' })).toHaveFocus();
  });

  it('edits a value in place and removes one', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor(threeValues);
    await user.click(screen.getByRole('button', { name: 'Edytuj wartość „Czasem”' }));
    const edit = screen.getByRole('group', { name: 'Edycja wartości „Czasem”' });
    const input = within(edit).getByRole('textbox', { name: /Wartość/ });
    expect(input).toHaveValue('Czasem');
    await user.clear(input);
    await user.type(input, 'Rzadko');
    await user.type(within(edit).getByRole('textbox', { name: 'Tekst' }), 'Obserwować');
    await user.click(within(edit).getByRole('button', { name: 'Zapisz wartość' }));
    expect(lastValue()?.dictionary?.dictionaryValues[1]).toEqual({
      stringValue: 'Rzadko',
      intValue: null,
      weight: 1,
      color: null,
      text: 'Obserwować',
    });

    await user.click(screen.getByRole('button', { name: 'Usuń wartość „Nigdy”' }));
    expect(shownValues()).toEqual(['Rzadkowaga: 1, tekst: Obserwować', 'Częstowaga: 2']);
  });

  it('goes back to the first-value prompt when the last value is removed', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor({
      ...empty,
      dictionary: { type: 'string', dictionaryValues: [{ stringValue: 'Tak' }] },
    });
    await user.click(screen.getByRole('button', { name: 'Usuń wartość „Tak”' }));
    expect(lastValue()?.dictionary).toBeNull();
    expect(screen.getByRole('group', { name: 'Podaj pierwszą wartość słownika' })).toBeInTheDocument();
  });

  it('offers an alternative answer only without multiple answers', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor(threeValues);
    await user.click(screen.getByRole('checkbox', { name: 'Odpowiedź alternatywna' }));
    await user.type(screen.getByRole('textbox', { name: /Etykieta odpowiedzi alternatywnej/ }), 'Inne');
    expect(lastValue()).toMatchObject({ allowAlternativeAnswer: true, alternativeAnswerLabel: 'Inne' });

    await user.click(screen.getByRole('checkbox', { name: 'Wiele odpowiedzi' }));
    expect(lastValue()).toMatchObject({ allowMultipleAnswers: true, allowAlternativeAnswer: false });
    expect(screen.queryByRole('checkbox', { name: 'Odpowiedź alternatywna' })).not.toBeInTheDocument();
  });

  it('keeps the dictionary for other forms when switched on', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor(threeValues);
    await user.click(screen.getByRole('switch', { name: 'Zapisz słownik globalnie' }));
    expect(lastValue()?.saveDictionaryGlobally).toBe(true);
  });

  it('starts a new dictionary from one the organization saved', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor();
    await user.click(await screen.findByRole('combobox', { name: 'Użyj zapisanego słownika' }));
    await user.click(screen.getByRole('option', { name: 'Skala bólu (3 wartości)' }));
    expect(api.get).toHaveBeenCalledWith('/api/form_layouts/saved_fields');
    expect(lastValue()?.dictionary).toEqual(saved[0]!.dictionary);
    expect(shownValues()).toEqual(['0', '5', '10']);
    expect(screen.getByText('Typ wartości: Liczba')).toBeInTheDocument();
  });

  it('says when the saved dictionaries cannot be fetched', async () => {
    jest.useFakeTimers();
    api.get.mockRejectedValue(new Error('offline'));
    renderEditor();
    // The area's query client retries once, a second later.
    await act(() => jest.advanceTimersByTimeAsync(2000));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Nie udało się pobrać zapisanych słowników.');
    expect(api.get).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
    api.get.mockResolvedValue({ data: saved });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('combobox', { name: 'Użyj zapisanego słownika' })).toBeInTheDocument();
  });

  it('changes nothing and fetches nothing in display mode', async () => {
    renderEditor(threeValues, true);
    expect(screen.getByRole('button', { name: 'Usuń wartość „Nigdy”' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Zapisz słownik globalnie' })).toBeDisabled();
    expect(
      within(screen.getByRole('group', { name: 'Nowa wartość słownika' })).getByRole('button', {
        name: 'Dodaj wartość',
      }),
    ).toBeDisabled();
    await waitFor(() => expect(api.get).not.toHaveBeenCalled());
  });
});
