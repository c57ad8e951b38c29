import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { csvRecords, csvRows } from '../src/csv.js';
import { downloadedBy } from '../src/files.js';
import {
  DEMO_PROJECT,
  dictionaryField,
  layout,
  painIntensityField,
  publishForDemoPatient,
  publishForm,
  row,
  submitFilling,
} from '../src/forms.js';
import { resetLinkFromOutbox } from '../src/outbox.js';
import { DEMO, DEMO_PASSWORD } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

// The second patient's set-password link is read from the outbox's log.
const { product, signedInPage } = productAndBrowserForSuite();

const call = <T>(token: string, method: string, url: string, body?: unknown) =>
  apiCall<T>(product().url, token, method, url, body);

/** Polls `read` until `done` holds for what it returns (10 s at most); returns that value. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) assert.fail(`${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

/** The owner in a fresh browser context, past the welcome help. */
const ownerPage = () => signedInPage(DEMO.owner);

const SECOND_PATIENT = { firstName: 'Tomasz', surname: 'Wójcik', phone: '+48600300400' };
const SECOND_PATIENT_NAME = `${SECOND_PATIENT.firstName} ${SECOND_PATIENT.surname}`;

/**
 * A patient the owner adds (`/person/add`'s call), who sets a password through the welcome SMS's
 * link, as a new patient does; returns their API token.
 */
async function addPatient(owner: string): Promise<string> {
  const organization = await call<{ id: number }>(owner, 'GET', '/api/organizations/my');
  await call(owner, 'POST', `/api/organizations/${organization.id}/add_user`, {
    role: 'ROLE_USER',
    ...SECOND_PATIENT,
  });
  const link = await resetLinkFromOutbox(product().url, SECOND_PATIENT.phone);
  const reset = await fetch(`${product().url}/api/auth/change_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ resetId: link.searchParams.get('token'), newPassword: DEMO_PASSWORD }),
  });
  assert.equal(reset.status, 204, await reset.text());
  const login = await fetch(`${product().url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: SECOND_PATIENT.phone, password: DEMO_PASSWORD }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  return ((await login.json()) as { token: string }).token;
}

const fill = (token: string, formId: number, data: Record<string, unknown>) =>
  submitFilling(product().url, token, formId, data);

const SCORED_FORM = 'Ocena samopoczucia e2e';
const URGENT = { color: '#d13438', rgb: 'rgb(209, 52, 56)', text: 'Pilny kontakt' };
const CALM = { color: '#107c10', rgb: 'rgb(16, 124, 16)', text: 'Bez niepokoju' };
const SCORED_LAYOUT = layout(
  row(
    dictionaryField('nastroj', 'Nastrój', { Źle: 2.5, Średnio: 1.25, Dobrze: 0 }, { required: true }),
    painIntensityField({ fieldRules: [{ operator: 'GREATER_THAN', arg1: 5, text: 'Silny ból', weight: 3 }] }),
    { id: 'uwagi', type: 'TEXT', label: 'Uwagi', size: 200, maxRows: 1 },
  ),
);
/** The first rule that holds for the total gives the filling its colour and message. */
const SCORED_RULES = [
  { operator: 'GREATER_THAN', arg1: 4, color: URGENT.color, text: URGENT.text },
  { operator: 'BETWEEN', arg1: 0, arg2: 4, color: CALM.color, text: CALM.text },
];

/** The rows of a results table (the body's, not the header's or the filter row's). */
const bodyRows = (table: Locator) => table.locator('tbody tr');
/** Which of `names` each body row shows, top to bottom. */
const rowOrder = async (table: Locator, names: readonly string[]) =>
  (await bodyRows(table).allInnerTexts()).map((text) => names.find((name) => text.includes(name)) ?? text);

/** The CSV that clicking 'Pobierz CSV' downloads. */
const downloadCsv = (page: Page, area: Locator) =>
  downloadedBy(page, area.getByRole('button', { name: 'Pobierz CSV' }));
/** A UTF-8 byte-order mark opens the file, so Excel reads it as UTF-8. */
const startsWithBom = (content: Buffer) => content.toString('utf8').charCodeAt(0) === 0xfeff;

const PERSONAL_COLUMNS = ['Imię', 'Nazwisko', 'E-mail', 'Telefon', 'Identyfikator szpitalny'];

test('results of a filled form: points, colours, the points filter and sort, the per-form table and its CSV', async () => {
  const owner = await apiToken(product().url, DEMO.owner);
  const secondPatient = await addPatient(owner);
  const formId = await publishForm(
    product().url,
    owner,
    { name: SCORED_FORM, layoutElementObject: SCORED_LAYOUT, formRules: SCORED_RULES },
    [DEMO.patient.login, SECOND_PATIENT.phone],
  );
  // Źle 2.5 + pain 7 over 5: 3 → 5.5, urgent; Średnio 1.25 + pain 2: 0 → 1.25, calm.
  const maria = await apiToken(product().url, DEMO.patient);
  await fill(maria, formId, { nastroj: 'Źle', bol: 7, uwagi: 'Boli; od rana "mocno"' });
  await fill(secondPatient, formId, { nastroj: 'Średnio', bol: 2, uwagi: 'Lepiej' });
  const people = await call<{ userId: number; phone: string | null }[]>(
    owner,
    'GET',
    `/api/forms/${formId}/allowed_users`,
  );
  const personId = (phone: string) => people.find((person) => person.phone?.endsWith(phone))!.userId;
  const mariaId = personId(DEMO.patient.login);
  const tomaszId = personId(SECOND_PATIENT.phone);
  const names = [DEMO.patient.name, SECOND_PATIENT_NAME];

  const { page, close } = await ownerPage();
  try {
    await page.goto(`${product().url}/results`);
    const area = page.locator('[data-remote="mfe-results"]');
    const table = area.getByRole('table', { name: 'Wyniki' });
    const row = (name: string) => bodyRows(table).filter({ hasText: name });
    await row(DEMO.patient.name).waitFor();
    await row(SECOND_PATIENT_NAME).waitFor();
    assert.equal(await bodyRows(table).count(), 2);

    // Points with two decimals, the message beside its colour, the count linking to the person's fillings.
    for (const [name, id, points, message] of [
      [DEMO.patient.name, mariaId, '5.50', URGENT],
      [SECOND_PATIENT_NAME, tomaszId, '1.25', CALM],
    ] as const) {
      const cells = row(name).getByRole('cell');
      assert.equal((await cells.nth(0).innerText()).trim(), DEMO_PROJECT);
      assert.equal((await cells.nth(1).innerText()).trim(), SCORED_FORM);
      assert.equal((await cells.nth(2).innerText()).trim(), message.text);
      const swatch = cells.nth(2).locator('[aria-hidden="true"]');
      assert.equal(
        await swatch.evaluate((element) => getComputedStyle(element).backgroundColor),
        message.rgb,
      );
      assert.equal((await cells.nth(3).innerText()).trim(), points);
      const count = row(name).getByRole('link', { name: `Odpowiedzi: 1, ${name}, ${SCORED_FORM}` });
      assert.equal((await count.innerText()).trim(), '1');
      assert.equal(await count.getAttribute('href'), `/formdata/all/${formId}/${id}`);
    }

    // Highest points first by default; the header turns the order, and back.
    assert.deepEqual(await rowOrder(table, names), names);
    const pointsHeader = table.getByRole('columnheader', { name: 'Punkty' });
    assert.equal(await pointsHeader.getAttribute('aria-sort'), 'descending');
    await pointsHeader.click();
    await eventually(
      () => rowOrder(table, names),
      (order) => order[0] === SECOND_PATIENT_NAME,
      'ascending points put the lower score first',
    );
    assert.equal(await pointsHeader.getAttribute('aria-sort'), 'ascending');
    await pointsHeader.click();
    await eventually(
      () => rowOrder(table, names),
      (order) => order[0] === DEMO.patient.name,
      'descending points put the higher score first',
    );

    // The points filter takes a comma decimal and applies once the typing has stopped for 700 ms.
    const typedAt = Date.now();
    await area.getByLabel('Filtruj: Punkty').fill('1,25');
    await eventually(
      () => rowOrder(table, names),
      (order) => order.length === 1 && order[0] === SECOND_PATIENT_NAME,
      'the points filter leaves the 1.25 row alone',
    );
    assert.ok(Date.now() - typedAt >= 700, 'the filter waited for the typing to stop');
    await area.getByLabel('Filtruj: Punkty').fill('');
    await eventually(
      () => rowOrder(table, names),
      (order) => order.length === 2,
      'an empty filter shows both rows again',
    );

    // The form's fillings, exported: without personal data by default, with it when asked.
    await row(DEMO.patient.name)
      .getByRole('link', { name: /^Odpowiedzi/ })
      .click();
    await page.waitForURL(`${product().url}/formdata/all/${formId}/${mariaId}`);
    await area.getByText(`Osoba: ${DEMO.patient.name}`).waitFor();
    await page.goto(`${product().url}/formdata/all/${formId}`);
    const filled = area.getByRole('table', { name: 'Wypełnione formularze' });
    await bodyRows(filled).filter({ hasText: SECOND_PATIENT_NAME }).waitFor();
    await bodyRows(filled).filter({ hasText: DEMO.patient.name }).waitFor();

    const plain = await downloadCsv(page, area);
    assert.equal(plain.fileName, 'data.csv');
    assert.ok(startsWithBom(plain.content), 'a BOM, so Excel reads UTF-8');
    const plainRows = csvRows(plain.content);
    const plainHeader = plainRows[0]!;
    for (const column of ['Id osoby', 'Wersja formularza', 'Suma punktów', 'Kolor', 'Komunikat']) {
      assert.ok(plainHeader.includes(column), `column ${column} in ${plainHeader.join(';')}`);
    }
    assert.deepEqual(plainHeader.slice(-3), ['Nastrój', 'Natężenie bólu', 'Uwagi']);
    for (const column of PERSONAL_COLUMNS) assert.ok(!plainHeader.includes(column), `no ${column}`);
    const byPerson = (content: Buffer) =>
      new Map(csvRecords(content).map((record) => [Number(record['Id osoby']), record]));
    const plainByPerson = byPerson(plain.content);
    assert.equal(plainByPerson.size, 2);
    assert.deepEqual(
      [mariaId, tomaszId].map((id) => {
        const record = plainByPerson.get(id)!;
        return [
          record['Wersja formularza'],
          record['Suma punktów'],
          record['Kolor'],
          record['Komunikat'],
          record['Nastrój'],
          record['Natężenie bólu'],
          record['Uwagi'],
        ];
      }),
      [
        ['1', '5,5', URGENT.color, URGENT.text, 'Źle', '7', 'Boli; od rana "mocno"'],
        ['1', '1,25', CALM.color, CALM.text, 'Średnio', '2', 'Lepiej'],
      ],
    );

    await area.getByRole('checkbox', { name: 'Z danymi osobowymi' }).check();
    const personal = await downloadCsv(page, area);
    assert.ok(startsWithBom(personal.content));
    const personalRows = csvRows(personal.content);
    for (const column of PERSONAL_COLUMNS) assert.ok(personalRows[0]!.includes(column), `column ${column}`);
    const tomasz = byPerson(personal.content).get(tomaszId)!;
    assert.deepEqual(
      [tomasz['Imię'], tomasz['Nazwisko'], tomasz['Telefon'], tomasz['Suma punktów'], tomasz['Uwagi']],
      // A leading '+' would start a formula in a spreadsheet: the export neutralises it (csv-cells.ts).
      [SECOND_PATIENT.firstName, SECOND_PATIENT.surname, `'${SECOND_PATIENT.phone}`, '1,25', 'Lepiej'],
    );
  } finally {
    await close();
  }
});

interface ProjectListItem {
  id: number;
  name: string;
}
interface ProjectMember {
  userId: number;
  phone: string | null;
  selected: boolean;
}

const PROJECT = 'Rehabilitacja kardiologiczna e2e';
const PROJECT_COPY = `${PROJECT} (kopia)`;

test('projects: the owner adds one, duplicates it with its members and deletes the copy after confirming', async () => {
  const owner = await apiToken(product().url, DEMO.owner);
  const projects = () => call<ProjectListItem[]>(owner, 'GET', '/api/form_group');
  const members = async (projectId: number) =>
    (await call<ProjectMember[]>(owner, 'GET', `/api/form_group/${projectId}/allowed_users`)).filter(
      (person) => person.selected,
    );

  const { page, close } = await ownerPage();
  try {
    await page.goto(`${product().url}/groups`);
    const area = page.locator('[data-remote="mfe-results"]');
    await area.getByRole('heading', { name: 'Projekty', level: 2 }).waitFor();
    await area.getByRole('button', { name: 'Dodaj Nowy projekt' }).click();
    await page.waitForURL(`${product().url}/form_group/add`);
    const save = area.getByRole('button', { name: 'Zapisz' });
    assert.equal(await save.isDisabled(), true, 'nothing to save without a name');
    await area.getByRole('textbox', { name: /^Nazwa/ }).fill('   ');
    assert.equal(await save.isDisabled(), true, 'a name of spaces is no name');
    await area.getByRole('textbox', { name: /^Nazwa/ }).fill(PROJECT);
    await area.getByRole('textbox', { name: /^Opis wewnętrzny/ }).fill('Pacjenci po zawale');
    await area.getByRole('textbox', { name: /^Powitalny SMS/ }).fill('Witamy w programie rehabilitacji.');
    await save.click();
    await page.getByText('Zapisano projekt').first().waitFor();
    await page.waitForURL(`${product().url}/groups`);
    const table = area.getByRole('table', { name: 'Projekty' });
    const created = bodyRows(table).filter({
      has: page.getByRole('button', { name: `Opcje projektu ${PROJECT}`, exact: true }),
    });
    await created.getByText('Pacjenci po zawale').waitFor();
    await created.getByText('Witamy w programie rehabilitacji.').waitFor();

    // The demo patient joins it, so the copy has members to take.
    const project = (await projects()).find(({ name }) => name === PROJECT)!;
    const candidates = await call<ProjectMember[]>(
      owner,
      'GET',
      `/api/form_group/${project.id}/allowed_users`,
    );
    const maria = candidates.find((person) => person.phone?.endsWith(DEMO.patient.login))!;
    await call(owner, 'PUT', `/api/form_group/${project.id}/allowed_users`, [
      { userId: maria.userId, selected: true },
    ]);

    await area.getByRole('button', { name: `Opcje projektu ${PROJECT}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Duplikuj' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplikować projekt?' });
    await duplicate.getByText('Czy skopiować również użytkowników projektu?').waitFor();
    await duplicate.getByRole('button', { name: 'Duplikuj z użytkownikami' }).click();
    await page.getByText(`Utworzono kopię projektu ${PROJECT}`).first().waitFor();
    const copyOptions = area.getByRole('button', { name: `Opcje projektu ${PROJECT_COPY}`, exact: true });
    await copyOptions.waitFor();
    const copy = (await projects()).find(({ name }) => name === PROJECT_COPY)!;
    assert.deepEqual(
      (await members(copy.id)).map(({ userId }) => userId),
      [maria.userId],
    );

    await copyOptions.click();
    await page.getByRole('menuitem', { name: 'Usuń' }).click();
    const confirm = page.getByRole('dialog', { name: 'Usunąć projekt?' });
    await confirm.getByText(`Czy na pewno usunąć projekt ${PROJECT_COPY}?`).waitFor();
    await confirm.getByRole('button', { name: 'Usuń' }).click();
    await page.getByText(`Usunięto projekt ${PROJECT_COPY}`).first().waitFor();
    await copyOptions.waitFor({ state: 'detached' });
    assert.deepEqual(
      (await projects()).map(({ name }) => name).filter((name) => name.startsWith(PROJECT)),
      [PROJECT],
    );
  } finally {
    await close();
  }
});

const ACCESS_FORM = 'Kwestionariusz snu e2e';

test('person access: the owner grants a patient a form from /persons and the patient can then open it', async () => {
  const owner = await apiToken(product().url, DEMO.owner);
  const formId = await publishForm(product().url, owner, {
    name: ACCESS_FORM,
    layoutElementObject: layout(
      row({ id: 'sen', type: 'NUMBER', label: 'Godziny snu', numberType: 'INTEGER' }),
    ),
  });
  const patient = await apiToken(product().url, DEMO.patient);
  const activeForms = async () =>
    (await call<{ content: { id: number }[] }>(patient, 'GET', '/api/v2/forms/active')).content.map(
      ({ id }) => id,
    );
  const templateStatus = async () =>
    (await fetch(`${product().url}/api/form_template/${formId}`, { headers: { 'x-auth-token': patient } }))
      .status;
  assert.ok(!(await activeForms()).includes(formId), 'not granted yet');
  assert.notEqual(await templateStatus(), 200);

  const { page, close } = await ownerPage();
  try {
    await page.goto(`${product().url}/persons`);
    const area = page.locator('[data-remote="mfe-admin"]');
    await area.getByRole('heading', { name: 'Członkowie organizacji' }).waitFor();
    await area.getByLabel('Szukaj').fill('Wiśniewska');
    const header = area.getByRole('button', { name: new RegExp(`^${DEMO.patient.name} Pacjent`) });
    await header.click();
    await area.getByRole('button', { name: 'Uprawnienia do projektów i formularzy' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Uprawnienia do projektów i formularzy: ${DEMO.patient.name}`,
    });
    const grant = dialog.getByRole('checkbox', { name: `Dostęp do formularza ${ACCESS_FORM}` });
    await grant.waitFor();
    assert.equal(await grant.isChecked(), false);
    const save = dialog.getByRole('button', { name: 'Zapisz' });
    assert.equal(await save.isDisabled(), true, 'nothing changed yet');
    await grant.check();
    await save.click();
    await page
      .getByText('Edycja uprawnień do projektów i formularzy przebiegła pomyślnie.')
      .first()
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(page.url(), `${product().url}/persons`);
  } finally {
    await close();
  }

  assert.ok((await activeForms()).includes(formId), 'the form is among the patient’s active forms');
  assert.equal(await templateStatus(), 200);
});

test("a project's score trends: whose latest score rose, the distribution, and the patient's results one click away", async () => {
  const trendForm = 'Trend samopoczucia e2e';
  const owner = await apiToken(product().url, DEMO.owner);
  const formId = await publishForDemoPatient(product().url, owner, {
    name: trendForm,
    layoutElementObject: SCORED_LAYOUT,
    formRules: SCORED_RULES,
  });
  // Średnio 1.25 + pain 2: 0 → 1.25; then Źle 2.5 + pain 7 over 5: 3 → 5.5, a rise of 4.25.
  const maria = await apiToken(product().url, DEMO.patient);
  await fill(maria, formId, { nastroj: 'Średnio', bol: 2 });
  await fill(maria, formId, { nastroj: 'Źle', bol: 7 });

  const { page, close } = await ownerPage();
  try {
    await page.goto(`${product().url}/groups`);
    const area = page.locator('[data-remote="mfe-results"]');
    await area.getByRole('button', { name: `Opcje projektu ${DEMO_PROJECT}` }).click();
    await page.getByRole('menuitem', { name: 'Trendy wyników' }).click();
    await page.waitForURL(/\/groups\/\d+\/score-trends$/);
    await area.getByRole('heading', { name: 'Trendy wyników projektu' }).waitFor();
    await area.getByRole('combobox', { name: 'Formularz' }).selectOption({ label: trendForm });

    const patients = area.getByRole('table', { name: 'Trendy wyników pacjentów' });
    const row = bodyRows(patients).filter({ hasText: DEMO.patient.name });
    await row.getByText('+4.25').waitFor();
    assert.equal(await bodyRows(patients).count(), 1);
    assert.equal(await row.getByRole('img').getAttribute('aria-label'), 'Przebieg: 1.25 → 5.50 pkt');
    const distribution = area.getByRole('table', { name: 'Rozkład ostatnich wyników' });
    assert.equal(await bodyRows(distribution).count(), 1);
    const bin = (await bodyRows(distribution).getByRole('cell').allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(bin, ['5.00 – 6.00', '1']);

    // A rise of more than 5 points: nobody; more than 4: the patient again.
    const threshold = area.getByRole('textbox', { name: /Wzrost wyniku o więcej niż/ });
    await threshold.fill('5');
    await area.getByText('Brak pacjentów z takim wzrostem wyniku').waitFor();
    await threshold.fill('4');
    await row.waitFor();

    await row.getByRole('link', { name: DEMO.patient.name }).click();
    await page.waitForURL(new RegExp(`/formdata/all/${formId}/\\d+$`));
  } finally {
    await close();
  }
});
