import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { csvRecords } from '../src/csv.js';
import { downloadedBy } from '../src/files.js';
import { layout, publishForDemoPatient, row, submitFilling } from '../src/forms.js';
import { DEMO, DEMO_PASSWORD } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

/**
 * The access audit trail as its three readers see it (ADR 415, 418): the owner's 'Dziennik
 * dostępu', the patient's 'Kto przeglądał moje dane' and the super-admin's 'Zdarzenia platformy'.
 */
const { product, browser, signedInPage } = productAndBrowserForSuite();

const call = <T>(token: string, method: string, url: string, body?: unknown) =>
  apiCall<T>(product().url, token, method, url, body);

const FORM = 'Ankieta dziennika dostępu e2e';
const READ_LABEL = 'Wypełniony formularz';

let patientId = 0;

/** Polls `read` until `done` holds for what it returns (10 s at most); returns that value. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) assert.fail(`${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}

/** A form the demo patient filled, opened by the demo editor: the read every screen below shows. */
async function editorReadsPatientsFilledForm(): Promise<void> {
  const owner = await apiToken(product().url, DEMO.owner);
  const formId = await publishForDemoPatient(product().url, owner, {
    name: FORM,
    layoutElementObject: layout(
      row({ id: 'sen', type: 'NUMBER', label: 'Godziny snu', numberType: 'INTEGER' }),
    ),
  });
  const patient = await apiToken(product().url, DEMO.patient);
  patientId = (await call<{ id: number }>(patient, 'GET', '/api/persons/my')).id;
  const filledId = await submitFilling(product().url, patient, formId, { sen: 7 });
  const editor = await apiToken(product().url, DEMO.editor);
  const filled = await call<{ id: number }>(editor, 'GET', `/api/form_data/${filledId}`);
  assert.equal(filled.id, filledId);
}

const adminArea = (page: Page) => page.locator('[data-remote="mfe-admin"]');

test('the owner finds the editor’s read of a patient’s filled form in the access log, filters by the patient and exports it', async () => {
  await editorReadsPatientsFilledForm();
  const { page, close } = await signedInPage(DEMO.owner);
  try {
    await page.goto(`${product().url}/persons`);
    const area = adminArea(page);
    await area.getByRole('button', { name: 'Dziennik dostępu' }).click();
    await area.getByRole('heading', { name: 'Dziennik dostępu' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/access-log');

    await area.getByLabel('Pacjent (identyfikator)').fill(String(patientId));
    await area.getByLabel('Operacja').selectOption({ label: READ_LABEL });
    await area.getByRole('button', { name: 'Filtruj' }).click();
    const table = area.getByRole('table', { name: 'Dziennik dostępu' });
    // Every row the filter leaves is a read of this patient's filled form, the editor's among them.
    const rows = await eventually(
      async () => (await table.getByRole('row').allInnerTexts()).slice(1),
      (texts) =>
        texts.length > 0 &&
        texts.every((text) => text.includes(READ_LABEL) && text.includes(String(patientId))),
      'the filtered access log',
    );
    assert.ok(
      rows.some((text) => text.includes(`${DEMO.editor.name} (ROLE_EDITOR)`)),
      rows.join('\n'),
    );

    const exported = await downloadedBy(page, area.getByRole('button', { name: 'Eksportuj do CSV' }));
    assert.equal(exported.fileName, 'dziennik-dostepu.csv');
    const records = csvRecords(exported.content);
    assert.ok(records.length > 0);
    assert.ok(
      records.every(
        (record) => record['Operacja'] === READ_LABEL && record['Pacjenci']!.includes(String(patientId)),
      ),
    );
    assert.ok(
      records.some((record) => record['Kto'] === DEMO.editor.name && record['Rola'] === 'ROLE_EDITOR'),
    );

    // The export is itself in the trail.
    const owner = await apiToken(product().url, DEMO.owner);
    const exports = await call<{ content: { details: { patientId?: number } }[] }>(
      owner,
      'GET',
      '/api/access_audit?operation=audit.export',
    );
    assert.ok(exports.content.some((entry) => Number(entry.details.patientId) === patientId));
  } finally {
    await close();
  }
});

test('the patient sees in their profile that the editor opened their data', async () => {
  if (!patientId) await editorReadsPatientsFilledForm();
  const { page, close } = await signedInPage(DEMO.patient);
  try {
    await page.goto(`${product().url}/profile`);
    const area = page.locator('[data-remote="mfe-auth"]');
    await area.getByRole('tab', { name: 'Kto przeglądał moje dane' }).click();
    const table = area.getByRole('table', { name: 'Kto przeglądał moje dane' });
    const read = table.getByRole('row').filter({ hasText: DEMO.editor.name }).filter({ hasText: READ_LABEL });
    await read.first().waitFor();
    // Who and what, never from where.
    assert.doesNotMatch(await table.innerText(), /\d+\.\d+\.\d+\.\d+/);
  } finally {
    await close();
  }
});

test('the super-admin opens the platform events from the panel and sees a staff member’s sign-in', async () => {
  await apiToken(product().url, DEMO.editor);
  const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  try {
    await page.goto(`${product().url}/admin-panel/login`);
    const area = adminArea(page);
    await area.locator('input[autocomplete="username"]').fill(DEMO.admin.login);
    await area.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await area.getByRole('button', { name: 'Zaloguj się' }).click();
    await area.getByRole('heading', { name: 'Panel administracyjny' }).waitFor();

    await area.getByRole('link', { name: 'Zdarzenia platformy' }).click();
    await area.getByRole('heading', { name: 'Zdarzenia platformy' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin-panel/events');
    await area.getByLabel('Operacja').selectOption({ label: 'Logowanie' });
    await area.getByRole('button', { name: 'Filtruj' }).click();
    const table = area.getByRole('table', { name: 'Zdarzenia platformy' });
    await table
      .getByRole('row')
      .filter({ hasText: `${DEMO.editor.name} (ROLE_EDITOR)` })
      .first()
      .waitFor();
    const text = await table.innerText();
    assert.match(text, /Logowanie/);
    // Platform events only: none of the patient's reads, nor the patient's own sign-ins.
    assert.doesNotMatch(text, new RegExp(`${READ_LABEL}|${DEMO.patient.name}`));
  } finally {
    await context.close();
  }
});
