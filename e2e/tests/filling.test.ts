import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Request } from 'playwright-core';
import { apiBytes, apiCall, apiToken } from '../src/api.js';
import { fileForSuite, PNG_BYTES } from '../src/files.js';
import {
  EVERY_FIELD_TYPE_LAYOUT as FULL_LAYOUT,
  layout,
  publishForDemoPatient,
  row,
  todayInScheduleZone,
  wholeDaySchedule,
} from '../src/forms.js';
import {
  answerEveryFieldTypeForm,
  answerOpeningQuestions,
  attachFile,
  field,
  signWithMouse,
  typeInto,
} from '../src/filling.js';
import { closeFirstLoginDialog, DEMO, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();

/** Files the patient attaches, written once for the whole file. */
const pngFile = fileForSuite('wysypka.png', PNG_BYTES);
const textFile = fileForSuite('notatka.txt', 'To nie jest zdjęcie.');

const call = <T>(token: string, method: string, url: string, body?: unknown) =>
  apiCall<T>(product().url, token, method, url, body);

interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
}
interface StoredItem {
  id: string;
  weight: number | null;
  text: string | null;
}
interface StoredFilling {
  id: number;
  state: string;
  data: Record<string, unknown>;
  arrayData: Record<string, unknown[]>;
  noteData: Record<string, string>;
  filesData: Record<string, StoredFile[]>;
  items: StoredItem[];
  totalWeight: number | null;
}

const FULL_FORM = 'Wywiad przed wizytą e2e';

/** A form published through the API (in the demo project, active) for the demo patient from today. */
const publishForPatient = (ownerToken: string, form: Record<string, unknown>) =>
  publishForDemoPatient(product().url, ownerToken, form);

/** What 'Zapisz i wyślij' reports on an untouched required field. */
const REQUIRED_MESSAGE = 'To pole musi zostać wypełnione';
/** imie and samopoczucie are answered before the first try: these five stay blank. */
const REQUIRED_LEFT_BLANK = 5;

test('a patient fills a form of every field type: required check, draft, resume, files, signature, submit', async () => {
  const owner = await apiToken(product().url, DEMO.owner);
  const formId = await publishForPatient(owner, {
    name: FULL_FORM,
    layoutElementObject: FULL_LAYOUT,
    allowDrafting: true,
  });
  const savedFillings = () =>
    call<{ id: number; state: string }[]>(owner, 'GET', `/api/form_data/by_form_id/${formId}`);

  const context = await browser().newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  const area = page.locator('[data-remote="mfe-filling"]');
  const fillPath = `${product().url}/formdata/add/${formId}`;
  try {
    await signIn(page, product().url, DEMO.patient);
    await closeFirstLoginDialog(page);

    // The home page sends a patient with exactly one form to fill straight to it, after a moment.
    await page.goto(`${product().url}/`);
    await area.getByRole('status').filter({ hasText: 'Za chwilę otworzy się Twój formularz' }).waitFor();
    assert.equal(page.url(), `${product().url}/`);
    await page.waitForURL(fillPath);
    await area.getByRole('heading', { name: FULL_FORM, level: 1 }).waitFor();

    // A few answers, then 'Zapisz i wyślij' with required fields blank: marked, nothing sent.
    await answerOpeningQuestions(page, area);
    await area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
    await page.getByText('Wypełnij wszystkie wymagane pola').first().waitFor();
    await area
      .getByText(REQUIRED_MESSAGE)
      .nth(REQUIRED_LEFT_BLANK - 1)
      .waitFor();
    assert.equal(await area.getByText(REQUIRED_MESSAGE).count(), REQUIRED_LEFT_BLANK);
    assert.equal(await field(area, 'Temperatura').getAttribute('aria-invalid'), 'true');
    assert.equal(page.url(), fillPath);
    assert.deepEqual(await savedFillings(), []);

    // 'Zapisz' keeps a draft, required fields or not.
    await area.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await page.waitForURL(/\/formdata\/z\/\d+\/\d+$/);
    await page.getByText('Zapisano wersję roboczą').first().waitFor();
    const [draft] = await savedFillings();
    assert.equal(draft?.state, 'SAVED');

    // Resumed from the active forms, with the answers still there.
    await area.getByRole('button', { name: 'Formularze' }).click();
    await page.waitForURL(`${product().url}/forms/active`);
    const drafts = area.getByRole('table', { name: 'Zapisane formularze - wersja robocza' });
    await drafts.getByRole('link', { name: `Edytuj ${FULL_FORM}` }).click();
    await page.waitForURL(`${product().url}/formdata/edit/${formId}/${draft!.id}`);
    await area.getByRole('heading', { name: FULL_FORM, level: 1 }).waitFor();
    assert.equal(await field(area, 'Imię i nazwisko').inputValue(), 'Maria Wiśniewska');
    assert.equal(await field(area, 'Objawy').inputValue(), 'Kaszel od trzech dni');
    assert.ok(
      await area
        .getByRole('radiogroup', { name: 'Samopoczucie' })
        .getByRole('radio', { name: 'Średnio' })
        .isChecked(),
    );

    // Reloaded at its address, the page asks for its data once, by the shell's entry (plain fetch)
    // before the area's code has arrived; the area takes the answers over rather than asking again.
    const dataRequests: string[] = [];
    const recordDataRequest = (request: Request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(form_template|form_data)\/\d+$/.test(pathname)) {
        dataRequests.push(`${request.resourceType()} ${pathname}`);
      }
    };
    page.on('request', recordDataRequest);
    await page.reload();
    await area.getByRole('heading', { name: FULL_FORM, level: 1 }).waitFor();
    assert.equal(await field(area, 'Imię i nazwisko').inputValue(), 'Maria Wiśniewska');
    page.off('request', recordDataRequest);
    assert.deepEqual(dataRequests.sort(), [
      `fetch /api/form_data/${draft!.id}`,
      `fetch /api/form_template/${formId}`,
    ]);

    // The rest, typed where a person types: a comma decimal, a dd/MM/yyyy date, a PESEL...
    await answerEveryFieldTypeForm(page, area);
    await area.getByRole('button', { name: 'Dodaj uwagę: Samopoczucie' }).click();
    await typeInto(page, field(area, 'Uwaga: Samopoczucie'), 'Gorzej rano');
    await area.getByRole('button', { name: 'Dodaj wiersz: Przyjmowane leki' }).click();
    await typeInto(page, field(area, 'Nazwa leku (wiersz 2)'), 'Ibuprofen');
    await typeInto(page, field(area, 'Dawka (mg) (wiersz 2)'), '200');

    // Files: a text file is refused at once, the image is listed to go with the form.
    const photo = field(area, 'Zdjęcie wysypki');
    await photo.setInputFiles(textFile);
    await area.getByRole('alert').filter({ hasText: 'Niepoprawny typ pliku: notatka.txt' }).waitFor();
    await attachFile(area, 'Zdjęcie wysypki', pngFile);

    await signWithMouse(page, area, 'Podpis pacjenta');

    await area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
    await page.waitForURL(/\/formdata\/z\/\d+\/\d+$/);
    const details = area.getByRole('article', { name: FULL_FORM });
    await details.getByText('Wysłany', { exact: true }).waitFor();
    await details.getByText('44051401359', { exact: true }).waitFor();
    await details.getByText('Paracetamol, Ibuprofen', { exact: true }).waitFor();
    await details.getByText('Uwaga: Gorzej rano').waitFor();
    await details.getByRole('list', { name: 'Pliki: Zdjęcie wysypki' }).getByText('wysypka.png').waitFor();
    const [sent] = await savedFillings();
    assert.equal(sent?.id, draft!.id, 'the draft itself is sent, not a second filling');
    assert.equal(sent?.state, 'COMPLETED');

    // Home again: the form is among the filled ones, and the patient's home then opens those answers.
    await page.goto(`${product().url}/`);
    const filledBox = area.getByRole('region', { name: 'Twoje wypełnione formularze' });
    const detailsLink = filledBox.getByRole('link', { name: `Zobacz szczegóły wypełnienia ${FULL_FORM}` });
    assert.equal(await detailsLink.getAttribute('href'), `/formdata/${sent!.id}`);
    assert.equal((await detailsLink.innerText()).trim(), 'Zobacz szczegóły wypełnienia');
    await page.waitForURL(`${product().url}/formdata/${sent!.id}`);

    // What the server stored, in the formats the page sent.
    const stored = await call<StoredFilling>(owner, 'GET', `/api/form_data/${sent!.id}`);
    assert.deepEqual(stored.data, {
      imie: 'Maria Wiśniewska',
      objawy: 'Kaszel od trzech dni',
      temperatura: 37.5,
      data_badania: '2026/11/20',
      godzina: '08:30',
      poczatek: '2026/11/18 07:15',
      leki: true,
      samopoczucie: 'Średnio',
      pesel: '44051401359',
      miejsce: '52.229676, 21.012229',
      kod: 'LEK-12345',
      choroby: 'Nadciśnienie',
    });
    assert.deepEqual(stored.arrayData, {
      dolegliwosci: ['Ból głowy', 'Kaszel'],
      lek_nazwa: ['Paracetamol', 'Ibuprofen'],
      lek_dawka: [500, 200],
    });
    assert.deepEqual(stored.noteData, { samopoczucie: 'Gorzej rano' });
    assert.deepEqual(
      stored.filesData.zdjecie?.map(({ name, mimeType }) => [name, mimeType]),
      [['wysypka.png', 'image/png']],
    );
    const photoBack = await apiBytes(
      product().url,
      owner,
      `/api/form_data/serve_file/${stored.filesData.zdjecie![0]!.id}`,
    );
    assert.deepEqual(photoBack.bytes, PNG_BYTES);
    assert.equal(stored.filesData.podpis?.length, 1);
    const signature = await apiBytes(
      product().url,
      owner,
      `/api/form_data/serve_file/${stored.filesData.podpis![0]!.id}`,
    );
    assert.equal(signature.contentType, 'image/png');
    assert.deepEqual([...signature.bytes.subarray(1, 4)], [...Buffer.from('PNG')]);
    // Średnio 1 + Ból głowy 1 + Kaszel 2 + the temperature rule 2.
    assert.equal(stored.totalWeight, 6);
    const temperature = stored.items.find(({ id }) => id === 'temperatura');
    assert.deepEqual([temperature?.weight, temperature?.text], [2, 'Podwyższona temperatura']);
  } finally {
    await context.close();
  }
});

const SCHEDULED_FORM = 'Pomiar ciśnienia e2e';
const oneNumber = layout(
  row({
    id: 'cisnienie',
    type: 'NUMBER',
    label: 'Ciśnienie skurczowe',
    numberType: 'INTEGER',
    required: true,
  }),
);

test("a scheduled fill left open past its window shows '---', cannot be saved, and the home says the time is over", async () => {
  const owner = await apiToken(product().url, DEMO.owner);
  const today = todayInScheduleZone();
  const formId = await publishForPatient(owner, {
    name: SCHEDULED_FORM,
    layoutElementObject: oneNumber,
    allowDrafting: true,
    schedule: wholeDaySchedule('once', today),
  });
  // Two forms besides: with several things to do, the home page lists them instead of opening one.
  for (const name of ['Ankieta poranna e2e', 'Ankieta wieczorna e2e']) {
    await publishForPatient(owner, { name, layoutElementObject: oneNumber });
  }
  const patient = await apiToken(product().url, DEMO.patient);
  // The welcome help was seen before; this test is about the schedule.
  await call(patient, 'PUT', '/api/persons/after_first_login');
  const { content: openSlots } = await call<{
    content: { id: number; form: { id: number }; endDate: string }[];
  }>(patient, 'GET', '/api/v2/forms/scheduled?page=0&pageSize=100&sortBy=startDate');
  const slot = openSlots.find((open) => open.form.id === formId)!;
  assert.ok(slot, "today's window is open");

  // The browser's clock is Playwright's from the first page on, so the test can move it later.
  const context = await browser().newContext({ viewport: { width: 1280, height: 1000 } });
  await context.clock.install();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  const area = page.locator('[data-remote="mfe-filling"]');
  try {
    await signIn(page, product().url, DEMO.patient);
    const toFill = area.getByRole('region', { name: 'Twoje formularze do wypełnienia' });
    await toFill.getByRole('link', { name: `WYPEŁNIJ ${SCHEDULED_FORM}` }).click();
    await page.waitForURL(`${product().url}/formdata/fill-scheduled-test/${formId}/${slot.id}`);
    await area.getByRole('heading', { name: SCHEDULED_FORM, level: 1 }).waitFor();
    const countdown = area.getByRole('timer', { name: 'Pozostały czas:' });
    await countdown.filter({ hasText: /^\d{2}:\d{2}:\d{2}$/ }).waitFor();
    const send = area.getByRole('button', { name: 'Zapisz i wyślij' });
    const draft = area.getByRole('button', { name: 'Zapisz', exact: true });
    assert.equal(await send.isEnabled(), true);

    // A minute after the window's end by the browser's clock; the page ticks on by itself.
    await page.clock.setSystemTime(Date.parse(slot.endDate) + 60_000);
    await page.clock.runFor(2000);
    await countdown.filter({ hasText: /^---$/ }).waitFor();
    assert.equal(await send.isDisabled(), true);
    assert.equal(await draft.isDisabled(), true);

    await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Start' }).click();
    await page.waitForURL(`${product().url}/`);
    const entry = toFill.getByRole('listitem').filter({ hasText: SCHEDULED_FORM });
    await entry.getByText('Czas na wypełnienie minął').waitFor();
    assert.equal(await entry.getByRole('link', { name: `WYPEŁNIJ ${SCHEDULED_FORM}` }).count(), 0);
  } finally {
    await context.close();
  }
});

const MULTI_FORM = 'Dziennik bólu e2e';

test("a window of a 'Wielokrotnie' schedule is offered again after each fill, on the home and the active forms page", async () => {
  const owner = await apiToken(product().url, DEMO.owner);
  const today = todayInScheduleZone();
  const formId = await publishForPatient(owner, {
    name: MULTI_FORM,
    layoutElementObject: oneNumber,
    schedule: wholeDaySchedule('repeatedly', today),
  });
  // Another form besides: with several things to do, the home page lists them instead of opening one.
  await publishForPatient(owner, { name: 'Ankieta dodatkowa e2e', layoutElementObject: oneNumber });
  const patient = await apiToken(product().url, DEMO.patient);
  await call(patient, 'PUT', '/api/persons/after_first_login');

  const context = await browser().newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  const area = page.locator('[data-remote="mfe-filling"]');
  const fillPath = new RegExp(`/formdata/fill-scheduled-test/${formId}/\\d+$`);
  async function fillAndSend(pressure: string) {
    await page.waitForURL(fillPath);
    await typeInto(page, field(area, 'Ciśnienie skurczowe'), pressure);
    await area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
    await page.waitForURL(/\/formdata\/z\/\d+\/\d+$/);
  }
  try {
    await signIn(page, product().url, DEMO.patient);
    const toFill = area.getByRole('region', { name: 'Twoje formularze do wypełnienia' });
    await toFill.getByRole('link', { name: `WYPEŁNIJ ${MULTI_FORM}` }).click();
    await fillAndSend('120');

    await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Start' }).click();
    await page.waitForURL(`${product().url}/`);
    await toFill.getByRole('link', { name: `WYPEŁNIJ ${MULTI_FORM}` }).waitFor();

    await page.goto(`${product().url}/forms/active`);
    const openSlots = area.getByRole('region', { name: 'Aktywne zaplanowane formularze' });
    await openSlots.getByRole('link', { name: `Wypełnij ${MULTI_FORM}` }).click();
    await fillAndSend('125');

    const { content: filled } = await call<{ content: { form: { id: number } }[] }>(
      patient,
      'GET',
      '/api/v2/form_data/all/my?state=COMPLETED&page=0&pageSize=100&sortBy=-completedAt',
    );
    assert.equal(filled.filter((one) => one.form.id === formId).length, 2);
  } finally {
    await context.close();
  }
});

test('a paused form says so when its fill page opens, before anything is typed', async () => {
  const owner = await apiToken(product().url, DEMO.owner);
  const formId = await publishForPatient(owner, {
    name: 'Ankieta wstrzymana e2e',
    layoutElementObject: oneNumber,
  });
  await call(owner, 'PUT', `/api/forms/${formId}/deactivate`);
  const patient = await apiToken(product().url, DEMO.patient);
  await call(patient, 'PUT', '/api/persons/after_first_login');

  const context = await browser().newContext();
  const page = await context.newPage();
  const area = page.locator('[data-remote="mfe-filling"]');
  try {
    await signIn(page, product().url, DEMO.patient);
    await page.goto(`${product().url}/formdata/add/${formId}`);
    await area.getByRole('heading', { name: 'Nie można wypełnić formularza', level: 1 }).waitFor();
    await area.getByText('Status formularza: Wstrzymany.').waitFor();
    assert.equal(await area.getByRole('button', { name: 'Zapisz i wyślij' }).count(), 0);
    await area.getByRole('button', { name: 'Przejdź do aktywnych formularzy' }).click();
    await page.waitForURL(`${product().url}/forms/active`);
  } finally {
    await context.close();
  }
});
