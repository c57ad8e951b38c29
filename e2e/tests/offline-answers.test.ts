import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { field, typeInto } from '../src/filling.js';
import { layout, publishForDemoPatient, row } from '../src/forms.js';
import { closeFirstLoginDialog, DEMO, signIn, type DemoAccount } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

/**
 * Issue 30, points 1 and 7 (ADR 600): typed answers survive a closed page on this device, and go
 * with a logout; another account on the same browser never sees them.
 */

const { product, browser } = productAndBrowserForSuite();

const RESTORED = 'Przywrócono odpowiedzi zapisane na tym urządzeniu';
const DEVICE_ANSWERS_DB = 'formularze-answers';

const FORM = layout(
  row({ id: 'imie', type: 'TEXT', label: 'Imię i nazwisko', size: 80, maxRows: 1, required: true }),
  row({ id: 'objawy', type: 'TEXT', label: 'Objawy', size: 500, maxRows: 4 }),
);

/**
 * How many fills this browser keeps a copy of (0 when the database is gone), read without keeping it
 * open and without creating it: a database this check created empty (say, just after a logout's
 * deletion completes) would leave the page's own opening without its store.
 */
function deviceCopies(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => (request.error?.name === 'AbortError' ? resolve(null) : reject(request.error));
    });
    if (!db) return 0;
    try {
      if (!db.objectStoreNames.contains('answers')) return 0;
      return await new Promise<number>((resolve) => {
        const count = db.transaction('answers').objectStore('answers').count();
        count.onsuccess = () => resolve(count.result);
      });
    } finally {
      db.close();
    }
  }, DEVICE_ANSWERS_DB);
}

async function waitForDeviceCopies(page: Page, expected: number) {
  for (let tries = 0; tries < 50; tries++) {
    if ((await deviceCopies(page)) === expected) return;
    await page.waitForTimeout(100);
  }
  assert.equal(await deviceCopies(page), expected);
}

async function publishOneForm(name: string) {
  const owner = await apiToken(product().url, DEMO.owner);
  const formId = await publishForDemoPatient(product().url, owner, {
    name,
    layoutElementObject: FORM,
    allowDrafting: true,
  });
  const fillings = () =>
    apiCall<unknown[]>(product().url, owner, 'GET', `/api/form_data/by_form_id/${formId}`);
  return { fillPath: `${product().url}/formdata/add/${formId}`, fillings };
}

/** A new tab signed in as `account` (the session lives per tab), on the fill page. */
async function openFillPage(
  context: Awaited<ReturnType<ReturnType<typeof browser>['newContext']>>,
  account: DemoAccount,
  fillPath: string,
  name: string,
  { firstLogin = false } = {},
) {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await signIn(page, product().url, account);
  if (firstLogin) await closeFirstLoginDialog(page);
  await page.goto(fillPath);
  const area = page.locator('[data-remote="mfe-filling"]');
  await area.getByRole('heading', { name, level: 1 }).waitFor();
  return { page, area };
}

async function logout(page: Page, account: DemoAccount) {
  await page.getByRole('button', { name: account.name }).click();
  await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
  await page.waitForURL(/\/login/);
}

test('answers typed before the page was closed come back, with a note, when the fill page opens again', async () => {
  const name = 'Ankieta po awarii e2e';
  const { fillPath, fillings } = await publishOneForm(name);
  const context = await browser().newContext({ viewport: { width: 1280, height: 1000 } });
  try {
    const first = await openFillPage(context, DEMO.patient, fillPath, name, { firstLogin: true });
    assert.equal(await first.area.getByText(RESTORED).count(), 0);
    await typeInto(first.page, field(first.area, 'Imię i nazwisko'), 'Maria Wiśniewska');
    await typeInto(first.page, field(first.area, 'Objawy'), 'Kaszel od trzech dni');
    // Written once typing pauses, while the page is still open: nothing waits for the page to close.
    await waitForDeviceCopies(first.page, 1);
    await first.page.close();

    const again = await openFillPage(context, DEMO.patient, fillPath, name);
    await again.area.getByRole('status').filter({ hasText: RESTORED }).waitFor();
    assert.equal(await field(again.area, 'Imię i nazwisko').inputValue(), 'Maria Wiśniewska');
    assert.equal(await field(again.area, 'Objawy').inputValue(), 'Kaszel od trzech dni');
    assert.deepEqual(await fillings(), [], 'nothing was saved on the server');

    // Sent: the copy is gone, and the page opened anew starts blank.
    await again.area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
    await again.page.waitForURL(/\/formdata\/z\/\d+\/\d+$/);
    await waitForDeviceCopies(again.page, 0);
    assert.equal((await fillings()).length, 1);
    await again.page.close();
  } finally {
    await context.close();
  }
});

test("a logout deletes the device's answers, and another account on the same browser never sees them", async () => {
  const name = 'Ankieta na wspólnym komputerze e2e';
  const { fillPath } = await publishOneForm(name);
  const context = await browser().newContext({ viewport: { width: 1280, height: 1000 } });
  try {
    // The patient types, then leaves the browser without logging out.
    const patient = await openFillPage(context, DEMO.patient, fillPath, name);
    await typeInto(patient.page, field(patient.area, 'Objawy'), 'Ból w klatce piersiowej');
    await waitForDeviceCopies(patient.page, 1);
    await patient.page.close();

    // The next person at this computer opens the same form: blank, no note, though the copy is there.
    const owner = await openFillPage(context, DEMO.owner, fillPath, name, { firstLogin: true });
    assert.equal(await field(owner.area, 'Objawy').inputValue(), '');
    assert.equal(await owner.area.getByText(RESTORED).count(), 0);
    assert.equal(await deviceCopies(owner.page), 1);
    await typeInto(owner.page, field(owner.area, 'Objawy'), 'Notatka lekarza');
    await waitForDeviceCopies(owner.page, 2);

    // Their logout deletes every copy on this device, the patient's too.
    await logout(owner.page, DEMO.owner);
    await waitForDeviceCopies(owner.page, 0);
    await owner.page.close();

    const patientAgain = await openFillPage(context, DEMO.patient, fillPath, name);
    assert.equal(await field(patientAgain.area, 'Objawy').inputValue(), '');
    assert.equal(await patientAgain.area.getByText(RESTORED).count(), 0);

    // And the patient's own logout deletes what they typed since.
    await typeInto(patientAgain.page, field(patientAgain.area, 'Objawy'), 'Duszność');
    await waitForDeviceCopies(patientAgain.page, 1);
    await logout(patientAgain.page, DEMO.patient);
    await waitForDeviceCopies(patientAgain.page, 0);
  } finally {
    await context.close();
  }
});
