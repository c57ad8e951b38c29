import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import {
  DEMO_PROJECT,
  dictionaryField,
  layout,
  publishForDemoPatient,
  row,
  submitFilling,
} from '../src/forms.js';
import {
  closeFirstLoginDialog,
  closeFirstLoginDialogIfShown,
  DEMO,
  signIn,
  type DemoAccount,
} from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();

/** A staff member's API token, for checking what the browser saved. */
const tokenOf = (account: DemoAccount) => apiToken(product().url, account);

const api = <T>(token: string, method: string, path: string, body?: unknown) =>
  apiCall<T>(product().url, token, method, path, body);

interface SavedField {
  id: string;
  type: string;
  label?: string | null;
  [key: string]: unknown;
}
interface SavedForm {
  id: number;
  name: string;
  status: string;
  layoutElementObject: { type: 'FORM'; children: { type: 'ROW'; children: SavedField[] }[] };
  schedule: {
    one: boolean;
    multi: boolean;
    startDate?: string | null;
    endDate?: string | null;
    timePeriods: { dayOfWeek: string; startTime: string; endTime: string }[];
  } | null;
}

/** The saved template's rows, as `label (TYPE)` per field. */
const savedRows = (form: SavedForm) =>
  form.layoutElementObject.children.map((row) =>
    row.children.map((field) => `${field.label} (${field.type})`),
  );

/** A Fluent field's input by its label; a required field's label ends with an asterisk. */
const labelled = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label} ?\\*?$`));

/**
 * Moves the focus with Tab, or Shift+Tab when `target` comes before the focused element, until
 * `target` has it, as a keyboard user would; fails when `target` is not reached within `limit` presses.
 */
async function tabTo(page: Page, target: Locator, limit = 150) {
  await target.waitFor();
  for (let presses = 0; presses <= limit; presses += 1) {
    const where = await target.evaluate((element) => {
      const focused = document.activeElement;
      if (element === focused) return 'here';
      if (!focused || focused === document.body) return 'after';
      return focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
    });
    if (where === 'here') return;
    await page.keyboard.press(where === 'after' ? 'Tab' : 'Shift+Tab');
  }
  throw new Error(`${target} not reached with ${limit} presses of Tab`);
}

/**
 * dnd-kit's keyboard drag of the focused handle: space picks the field up, each arrow of `moves`
 * carries it over the place paired with it (as dnd-kit announces it), space drops it. Each key waits for
 * dnd-kit's announcement of the previous one, as a screen-reader user would.
 */
async function keyboardDrag(page: Page, area: Locator, field: string, moves: [string, string][]) {
  const said = (text: string | RegExp) =>
    area.getByText(text, { exact: true }).waitFor({ state: 'attached' });
  await page.keyboard.press('Space');
  // Picked up, and maybe already announced over the place it starts from.
  await said(new RegExp(`^(Podniesiono pole „${field}”|pole „${field}” nad: .*)\\.$`));
  // dnd-kit starts listening for the arrows from a timer it sets at pick-up; a task queued now runs
  // after it, so the first arrow is not pressed before anyone listens (a person is never that fast).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  for (const [key, place] of moves) {
    await page.keyboard.press(key);
    await said(`pole „${field}” nad: ${place}.`);
  }
  await page.keyboard.press('Space');
  await said(`Upuszczono pole „${field}”: ${moves.at(-1)![1]}.`);
}

/** `YYYY-MM-DD` of today plus `days`, and the editor's `dd/mm/rrrr` of it. */
function day(days: number): { iso: string; shown: string } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { iso, shown: iso.split('-').reverse().join('/') };
}

/** The rows of the canvas as the cards name their fields. */
async function canvasRows(area: Locator): Promise<string[]> {
  return area.locator('[data-canvas] [role="group"][aria-label^="Wiersz"]').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('[data-select-field]'))
        .map((card) => card.getAttribute('aria-label')?.split(', ')[0])
        .join(', '),
    ),
  );
}

/**
 * A mouse drag of a palette type onto the empty trailing row. The button is released once dnd-kit
 * announces the field over the row: until it has measured the canvas, a move may land nowhere, so
 * the pointer keeps nudging over the row until it does (bounded), as a person's hand would.
 */
async function dragToNewRow(page: Page, area: Locator, palette: string) {
  const source = area.getByRole('button', { name: `Dodaj pole ${palette}`, exact: true });
  const from = (await source.boundingBox())!;
  const to = (await area.getByRole('group', { name: 'Nowy wiersz' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  const over = area.getByText(`nowe pole ${palette} nad: nowy wiersz.`, { exact: true });
  for (let nudge = 1; ; nudge += 1) {
    const announced = await over.waitFor({ state: 'attached', timeout: 1000 }).then(
      () => true,
      () => false,
    );
    if (announced) break;
    if (nudge === 10) throw new Error(`nowe pole ${palette} never announced over the new row`);
    await page.mouse.move(to.x + to.width / 2 + (nudge % 2 ? 4 : -4), to.y + to.height / 2, { steps: 2 });
  }
  await page.mouse.up();
  await area
    .getByText(`Upuszczono nowe pole ${palette}: nowy wiersz.`, { exact: true })
    .waitFor({ state: 'attached' });
}

test('an owner builds a form with the palette, the keyboard and the mouse, and saves it', async () => {
  const page = await browser().newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await signIn(page, product().url, DEMO.owner);
  await closeFirstLoginDialog(page);
  await page.goto(`${product().url}/forms/add`);
  const area = page.locator('[data-remote="mfe-forms-builder"]');
  await area
    .getByRole('heading', { name: 'Nowy formularz' })
    .waitFor()
    .catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/form-editor-e2e.png', fullPage: true });
      throw error;
    });
  await area.getByLabel('Nazwa formularza').fill('Wywiad e2e');

  // The palette by keyboard: each new field goes after the selected one.
  await area.getByRole('button', { name: 'Dodaj pole Data' }).focus();
  await page.keyboard.press('Enter');
  await area.getByRole('button', { name: 'Dodaj pole Godzina' }).focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await canvasRows(area), ['Data, Godzina']);

  // The mouse: a palette type dropped on the empty row opens a new row.
  await dragToNewRow(page, area, 'Lokalizacja');
  await area.getByRole('group', { name: 'Wiersz 2' }).waitFor();
  assert.deepEqual(await canvasRows(area), ['Data, Godzina', 'Lokalizacja']);

  // The keyboard drag: pick up, right, drop; then down into the next row.
  await area.getByRole('button', { name: 'Przeciągnij pole „Data”' }).focus();
  await keyboardDrag(page, area, 'Data', [['ArrowRight', 'pole „Godzina”']]);
  await page.waitForFunction(
    () => document.querySelector('[data-canvas] [data-field-id]')?.getAttribute('data-field-id') === 'pole_2',
  );
  assert.deepEqual(await canvasRows(area), ['Godzina, Data', 'Lokalizacja']);
  await keyboardDrag(page, area, 'Data', [['ArrowDown', 'pole „Lokalizacja”']]);
  assert.deepEqual(await canvasRows(area), ['Godzina', 'Data, Lokalizacja']);

  // The move buttons.
  await area.getByRole('button', { name: 'Przesuń pole „Lokalizacja” w górę' }).click();
  assert.deepEqual(await canvasRows(area), ['Godzina, Lokalizacja', 'Data']);

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/forms') && response.request().method() === 'POST',
  );
  await area.getByRole('button', { name: 'Zapisz' }).click();
  const { id } = await (await created).json();
  await page.getByText('Zapisano formularz').waitFor();
  await page.waitForURL(`${product().url}/forms`);

  await page.goto(`${product().url}/forms/edit/${id}`);
  await area.getByRole('heading', { name: 'Edycja Wywiad e2e' }).waitFor();
  assert.deepEqual(await canvasRows(area), ['Godzina, Lokalizacja', 'Data']);
  await page.close();
});

/** Each palette type, dropped by mouse, with the label and the configuration the test gives it. */
const PALETTE = [
  { type: 'TEXT', palette: 'Tekst', label: 'Nazwisko' },
  { type: 'TEXTAREA', palette: 'Obszar tekstowy', label: 'Uwagi' },
  { type: 'NUMBER', palette: 'Liczba', label: 'Wzrost' },
  { type: 'DATE', palette: 'Data', label: 'Data badania' },
  { type: 'FILE', palette: 'Plik', label: 'Wyniki badań' },
  { type: 'LOCATION', palette: 'Lokalizacja', label: 'Miejsce' },
  { type: 'TIME', palette: 'Godzina', label: 'Godzina pomiaru' },
  { type: 'DICTIONARY', palette: 'Słownik', label: 'Samopoczucie' },
  { type: 'LABEL', palette: 'Etykieta', label: 'Wstęp' },
] as const;

const MOUSE_FORM = 'Ankieta samopoczucia e2e';

test('an owner builds a form of every palette type with the mouse, schedules it, assigns the patient and activates it', async () => {
  // Tall enough for the palette and every row at once: the mouse drags between what it sees.
  const page = await browser().newPage({ viewport: { width: 1400, height: 2400 } });
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await signIn(page, product().url, DEMO.owner);
  await page.goto(`${product().url}/forms/add`);
  const area = page.locator('[data-remote="mfe-forms-builder"]');
  await area.getByRole('heading', { name: 'Nowy formularz' }).waitFor();
  await area.getByLabel('Nazwa formularza').click();
  await area.getByLabel('Nazwa formularza').fill(MOUSE_FORM);

  // Every palette type dragged onto the empty trailing row: each opens a row of its own.
  for (const [index, { palette }] of PALETTE.entries()) {
    await dragToNewRow(page, area, palette);
    await area.getByRole('group', { name: `Wiersz ${index + 1}`, exact: true }).waitFor();
  }
  assert.deepEqual(
    await canvasRows(area),
    PALETTE.map(({ palette }) => palette),
  );

  // Each field's properties: a label and what its type needs before the form can be saved.
  const properties = area.getByRole('complementary', { name: 'Właściwości pola' });
  const select = async (name: string) => {
    await area.getByRole('button', { name: new RegExp(`^${name}, `) }).click();
    await properties.getByText(`Pole „${name}”`, { exact: false }).waitFor();
  };
  for (const { palette, label } of PALETTE) {
    await select(palette);
    await properties.getByLabel('Etykieta', { exact: true }).fill(label);
    await properties.getByText(`Pole „${label}”`, { exact: false }).waitFor();
  }
  assert.deepEqual(
    await canvasRows(area),
    PALETTE.map(({ label }) => label),
  );

  await select('Nazwisko');
  await labelled(properties, 'Liczba znaków').fill('100');
  await select('Uwagi');
  await labelled(properties, 'Liczba znaków').fill('1000');
  await select('Wzrost');
  await properties.getByRole('button', { name: 'Liczba całkowita' }).click();
  await properties.getByText('Typ liczby: całkowita').waitFor();
  await labelled(properties, 'Wartość minimalna').fill('50');
  await labelled(properties, 'Wartość maksymalna').fill('250');
  await select('Wyniki badań');
  await labelled(properties, 'Maksymalna liczba plików').fill('2');
  await select('Wstęp');
  await properties.getByRole('radio', { name: 'Tekst' }).click();
  await properties.getByText('Rodzaj etykiety: tekst').waitFor();
  await properties.getByLabel('Treść etykiety').fill('Proszę odpowiedzieć na wszystkie pytania.');

  // The dictionary: three values with weights, then a BETWEEN rule on them.
  await select('Samopoczucie');
  const dictionary = properties.getByRole('region', { name: 'Słownik' });
  for (const [weight, value] of ['Źle', 'Średnio', 'Dobrze'].entries()) {
    const entry = dictionary.getByRole('group', {
      name: weight === 0 ? 'Podaj pierwszą wartość słownika' : 'Nowa wartość słownika',
    });
    await labelled(entry, 'Wartość').fill(value);
    await labelled(entry, 'Waga').fill(String(weight));
    await entry.getByRole('button', { name: 'Dodaj wartość' }).click();
    await dictionary
      .getByRole('list', { name: 'Wartości słownika' })
      .getByText(value, { exact: true })
      .waitFor();
  }
  const values = dictionary.getByRole('list', { name: 'Wartości słownika' }).getByRole('listitem');
  assert.deepEqual(
    (await values.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()),
    ['Źle waga: 0', 'Średnio waga: 1', 'Dobrze waga: 2'],
  );
  await properties.getByRole('button', { name: 'Dodaj regułę' }).click();
  const rule = properties.getByRole('group', { name: 'Reguła 1' });
  await rule.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Pomiędzy' }).click();
  await labelled(rule, 'Od').fill('1');
  await labelled(rule, 'Do').fill('2,5');
  await labelled(rule, 'Tekst').fill('Samopoczucie co najmniej średnie');
  await labelled(rule, 'Waga').fill('3');

  // A weekly schedule: Monday, Wednesday and Friday for four weeks, Monday in the morning only.
  await area.getByRole('switch', { name: 'Ustawienia zaawansowane' }).click();
  const schedule = area.getByRole('region', { name: 'Harmonogram' });
  await schedule.getByRole('radio', { name: /^Wielokrotnie/ }).click();
  const start = day(1);
  const end = day(28);
  await labelled(schedule, 'Data początkowa').fill(start.shown);
  await labelled(schedule, 'Data końcowa').fill(end.shown);
  // Choosing a weekday drops 'Codziennie' for the days chosen.
  await schedule.getByRole('checkbox', { name: 'Codziennie' }).click();
  for (const weekday of ['Poniedziałek', 'Środa', 'Piątek']) {
    await schedule.getByRole('checkbox', { name: weekday }).click();
  }
  const monday = schedule
    .getByRole('group', { name: 'Poniedziałek' })
    .getByRole('group', { name: 'Okres 1' });
  await labelled(monday, 'Początek').fill('08:00');
  await labelled(monday, 'Koniec').fill('12:00');
  await labelled(monday, 'Koniec').blur();

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/forms') && response.request().method() === 'POST',
  );
  await area.getByRole('button', { name: 'Zapisz', exact: true }).click();
  const answer = await created;
  assert.equal(answer.status(), 201, await answer.text());
  const { id } = (await answer.json()) as { id: number };
  await page.getByText('Zapisano formularz').waitFor();
  await page.waitForURL(`${product().url}/forms`);

  // What the server stored.
  const token = await tokenOf(DEMO.owner);
  const saved = await api<SavedForm>(token, 'GET', `/api/forms/${id}`);
  assert.deepEqual(
    savedRows(saved),
    PALETTE.map(({ label, type }) => [`${label} (${type})`]),
  );
  const fields = Object.fromEntries(
    saved.layoutElementObject.children.flatMap((row) => row.children).map((field) => [field.type, field]),
  );
  assert.equal(fields.TEXT!.size, 100);
  assert.equal(fields.TEXTAREA!.size, 1000);
  assert.equal(fields.NUMBER!.numberType, 'INTEGER');
  assert.deepEqual([fields.NUMBER!.minValue, fields.NUMBER!.maxValue], [50, 250]);
  assert.equal(fields.FILE!.maxNumberOfFiles, 2);
  assert.equal(fields.LABEL!.labelType, 'text');
  assert.deepEqual(
    (
      fields.DICTIONARY!.dictionary as { dictionaryValues: { stringValue: string; weight: number }[] }
    ).dictionaryValues.map(({ stringValue, weight }) => [stringValue, weight]),
    [
      ['Źle', 0],
      ['Średnio', 1],
      ['Dobrze', 2],
    ],
  );
  assert.deepEqual(
    (fields.DICTIONARY!.fieldRules as Record<string, unknown>[]).map(
      ({ operator, arg1, arg2, text, weight }) => ({
        operator,
        arg1,
        arg2,
        text,
        weight,
      }),
    ),
    [{ operator: 'BETWEEN', arg1: 1, arg2: 2.5, text: 'Samopoczucie co najmniej średnie', weight: 3 }],
  );
  assert.equal(saved.schedule?.multi, true);
  assert.equal(saved.schedule?.startDate, start.iso);
  assert.equal(saved.schedule?.endDate, end.iso);
  assert.deepEqual(
    saved.schedule?.timePeriods.map(
      ({ dayOfWeek, startTime, endTime }) => `${dayOfWeek} ${startTime}-${endTime}`,
    ),
    ['MONDAY 08:00-12:00', 'WEDNESDAY 00:00-23:59', 'FRIDAY 00:00-23:59'],
  );

  // The list: the patient gets access through 'Dostęp użytkowników'.
  const list = area.getByRole('table', { name: 'Formularze' });
  const row = list.getByRole('row').filter({ hasText: MOUSE_FORM });
  await row.getByRole('cell', { name: 'Szkic' }).waitFor();
  await row.getByRole('button', { name: `Opcje formularza ${MOUSE_FORM}` }).click();
  await page.getByRole('menuitem', { name: 'Dostęp użytkowników' }).click();
  const access = page.getByRole('dialog', { name: `Dostęp do formularza ${MOUSE_FORM}` });
  const patients = access.getByRole('region', { name: 'Pacjenci' });
  await patients.getByRole('checkbox', { name: new RegExp(DEMO.patient.name) }).click();
  await access.getByLabel(`Dostęp od, ${DEMO.patient.name}`).waitFor();
  // Access starts today (§ "Form access panel"); the end follows the form's default duration.
  assert.match(
    await access.getByLabel(`Dostęp od, ${DEMO.patient.name}`).inputValue(),
    /^\d{2}\/\d{2}\/\d{4}$/,
  );
  const assigned = page.waitForResponse(
    (response) => response.url().includes(`/allowed_users`) && response.request().method() === 'PUT',
  );
  await access.getByRole('button', { name: 'Zapisz' }).click();
  assert.equal((await assigned).status(), 200);
  await access.waitFor({ state: 'detached' });
  await row.getByRole('cell', { name: '1', exact: true }).waitFor();

  // Activation needs a project: the form goes into the seeded demo one with the list's action.
  await row.getByRole('button', { name: `Opcje formularza ${MOUSE_FORM}` }).click();
  await page.getByRole('menuitem', { name: 'Przenieś do projektu' }).click();
  const move = page.getByRole('dialog', { name: 'Przenieś formularz do projektu' });
  await move.getByLabel('Projekt docelowy').selectOption({ label: DEMO_PROJECT });
  await move.getByRole('button', { name: 'Przenieś', exact: true }).click();
  await page.getByText(`Przeniesiono formularz ${MOUSE_FORM} do projektu ${DEMO_PROJECT}`).waitFor();
  await move.waitFor({ state: 'detached' });
  await row.getByRole('cell', { name: DEMO_PROJECT }).waitFor();

  await row.getByRole('button', { name: `Opcje formularza ${MOUSE_FORM}` }).click();
  await page.getByRole('menuitem', { name: 'Aktywuj' }).click();
  await page.getByText(`Aktywowano formularz ${MOUSE_FORM}`).waitFor();
  await row.getByRole('cell', { name: 'Aktywny' }).waitFor();
  assert.equal((await api<SavedForm>(token, 'GET', `/api/forms/${id}`)).status, 'ACTIVE');
  await page.close();
});

const KEYBOARD_FORM = 'Wywiad klawiaturą e2e';

test('an owner builds and saves a form with the keyboard only', async () => {
  const page = await browser().newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await signIn(page, product().url, DEMO.owner);
  await page.goto(`${product().url}/forms/add`);
  const area = page.locator('[data-remote="mfe-forms-builder"]');
  await area.getByRole('heading', { name: 'Nowy formularz' }).waitFor();

  await tabTo(page, area.getByLabel('Nazwa formularza'));
  await page.keyboard.type(KEYBOARD_FORM);

  // The palette: Enter adds a field after the selected one.
  for (const palette of ['Tekst', 'Liczba', 'Data']) {
    await tabTo(page, area.getByRole('button', { name: `Dodaj pole ${palette}`, exact: true }));
    await page.keyboard.press('Enter');
  }
  await area.getByRole('button', { name: /^Data, / }).waitFor();
  assert.deepEqual(await canvasRows(area), ['Tekst, Liczba, Data']);

  // The properties of each field, reached from its card with Tab.
  const properties = area.getByRole('complementary', { name: 'Właściwości pola' });
  const configure = async (name: string, label: string) => {
    await tabTo(page, area.getByRole('button', { name: new RegExp(`^${name}, `) }));
    await page.keyboard.press('Enter');
    await properties.getByText(`Pole „${name}”`, { exact: false }).waitFor();
    await tabTo(page, properties.getByLabel('Etykieta', { exact: true }));
    await page.keyboard.type(label);
    await properties.getByText(`Pole „${label}”`, { exact: false }).waitFor();
  };
  await configure('Tekst', 'Imię');
  await tabTo(page, labelled(properties, 'Liczba znaków'));
  await page.keyboard.type('50');
  await configure('Liczba', 'Wiek');
  await tabTo(page, properties.getByRole('button', { name: 'Liczba całkowita' }));
  await page.keyboard.press('Space');
  await properties.getByText('Typ liczby: całkowita').waitFor();
  await configure('Data', 'Data wizyty');
  assert.deepEqual(await canvasRows(area), ['Imię, Wiek, Data wizyty']);

  // dnd-kit's keyboard drag: pick up, down into the new row, drop.
  await tabTo(page, area.getByRole('button', { name: 'Przeciągnij pole „Data wizyty”' }));
  await keyboardDrag(page, area, 'Data wizyty', [['ArrowDown', 'nowy wiersz']]);
  await area.getByRole('group', { name: 'Wiersz 2', exact: true }).waitFor();
  assert.deepEqual(await canvasRows(area), ['Imię, Wiek', 'Data wizyty']);

  // A move button, pressed with Enter.
  await tabTo(page, area.getByRole('button', { name: 'Przesuń pole „Wiek” w lewo' }));
  await page.keyboard.press('Enter');
  await area
    .getByText(/Pole „Wiek” przesunięto w lewo: wiersz 1, pozycja 1 z 2/)
    .waitFor({ state: 'attached' });
  assert.deepEqual(await canvasRows(area), ['Wiek, Imię', 'Data wizyty']);

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/forms') && response.request().method() === 'POST',
  );
  await tabTo(page, area.getByRole('button', { name: 'Zapisz', exact: true }));
  await page.keyboard.press('Enter');
  const answer = await created;
  assert.equal(answer.status(), 201, await answer.text());
  const { id } = (await answer.json()) as { id: number };
  await page.getByText('Zapisano formularz').waitFor();
  await page.waitForURL(`${product().url}/forms`);

  const saved = await api<SavedForm>(await tokenOf(DEMO.owner), 'GET', `/api/forms/${id}`);
  assert.equal(saved.name, KEYBOARD_FORM);
  assert.deepEqual(savedRows(saved), [['Wiek (NUMBER)', 'Imię (TEXT)'], ['Data wizyty (DATE)']]);
  await page.close();
});

test('an editor without editorsCanManageForms cannot open the editor nor sees Edytuj', async () => {
  const token = await tokenOf(DEMO.owner);
  const { id } = await api<{ id: number }>(token, 'POST', '/api/forms', {
    name: 'Formularz dla lekarza e2e',
    layoutElementObject: layout(row({ id: 'pole_1', type: 'DATE', label: 'Data' })),
  });

  const page = await browser().newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await signIn(page, product().url, DEMO.editor);
  await closeFirstLoginDialog(page);
  const area = page.locator('[data-remote="mfe-forms-builder"]');

  // The shell's route guard sends a signed-in person without the route's permission to the start page.
  for (const path of [`/forms/edit/${id}`, '/forms/add']) {
    await page.goto(`${product().url}${path}`);
    await page.waitForURL(`${product().url}/`);
    assert.equal(await area.getByRole('heading', { name: /^(Edycja|Nowy formularz)/ }).count(), 0);
  }

  await page.goto(`${product().url}/forms`);
  const listed = area
    .getByRole('table', { name: 'Formularze' })
    .getByRole('row')
    .filter({ hasText: 'Formularz dla lekarza e2e' });
  await listed.getByRole('button', { name: 'Opcje formularza Formularz dla lekarza e2e' }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: 'Podgląd' }).waitFor();
  assert.equal(await menu.getByRole('menuitem', { name: 'Edytuj' }).count(), 0);
  assert.equal(await area.getByRole('button', { name: 'Nowy formularz' }).count(), 0);
  await page.close();
});

test('an owner lowers a form rule’s threshold in the editor and sees what it would have done to past answers', async () => {
  const owner = await tokenOf(DEMO.owner);
  const name = 'Ankieta samopoczucia — próg e2e';
  const formId = await publishForDemoPatient(product().url, owner, {
    name,
    layoutElementObject: layout(
      row(dictionaryField('nastroj', 'Nastrój', { Źle: 5, Średnio: 3, Dobrze: 0 }, { required: true })),
    ),
    formRules: [
      {
        operator: 'GREATER_THAN',
        arg1: 4,
        text: 'Pilny kontakt',
        smsMessage: 'Pacjent zgłasza złe samopoczucie',
        smsPhone: '+48600999888',
      },
    ],
  });
  // Źle (5 points) is over the threshold of 4; Średnio (3) is not, but would be over 2.
  const patient = await tokenOf(DEMO.patient);
  await submitFilling(product().url, patient, formId, { nastroj: 'Źle' });
  await submitFilling(product().url, patient, formId, { nastroj: 'Średnio' });
  await api(owner, 'PUT', `/api/forms/${formId}/deactivate`);

  const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  try {
    await signIn(page, product().url, DEMO.owner);
    await closeFirstLoginDialogIfShown(page);
    await page.goto(`${product().url}/forms/edit/${formId}`);
    const area = page.locator('[data-remote="mfe-forms-builder"]');
    const backtest = area.getByRole('region', { name: 'Reguły na wcześniejszych odpowiedziach' });
    const run = backtest.getByRole('button', { name: 'Sprawdź reguły na wcześniejszych odpowiedziach' });

    // Unchanged rules change nothing.
    await run.click();
    await backtest
      .getByText('Bez zmian w liczbie alertów SMS w ostatnich 90 dniach (teraz 1, po zmianie 1).')
      .waitFor();

    await area.getByRole('switch', { name: 'Ustawienia zaawansowane' }).click();
    const rule = area
      .getByRole('region', { name: 'Reguły punktowe formularza' })
      .getByRole('group', { name: 'Reguła 1' });
    await labelled(rule, 'Wartość').fill('2');
    await run.click();
    await backtest.getByText('+1 alert SMS w ostatnich 90 dniach (teraz 1, po zmianie 2).').waitFor();
    const changed = backtest.getByRole('table', { name: 'Wypełnienia ze zmienionym wynikiem' });
    const rows = changed.locator('tbody tr');
    assert.equal(await rows.count(), 1);
    const row = await rows.first().innerText();
    assert.ok(row.includes(DEMO.patient.name) && row.includes('Pilny kontakt'), row);
  } finally {
    await context.close();
  }
});
