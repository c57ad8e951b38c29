import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { layout, publishForm, row } from '../src/forms.js';
import { closeFirstLoginDialogIfShown, DEMO, signIn, type DemoAccount } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

/**
 * Issue 30: "Zapisz i wyślij" with no connection queues the answers with their files on the device;
 * they are sent when the connection returns, exactly once, also when the first answer was lost.
 */

const { product, browser } = productAndBrowserForSuite();

const filesDir = mkdtempSync(path.join(tmpdir(), 'offline-send-e2e-'));
after(() => rmSync(filesDir, { recursive: true, force: true }));
const pngFile = path.join(filesDir, 'wysypka.png');
writeFileSync(
  pngFile,
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const QUEUED_MESSAGE = 'Brak połączenia. Odpowiedzi zostaną wysłane automatycznie, gdy połączenie wróci.';

interface StoredFilling {
  id: number;
  state: string;
  data: Record<string, unknown>;
  filesData: Record<string, { name: string }[]>;
}

/** The form these tests fill: a name and a photo, plus what an edition adds in `extraRows`. */
const formWithFile = (name: string, ...extraRows: ReturnType<typeof row>[]) => ({
  name,
  layoutElementObject: layout(
    row({ id: 'imie', type: 'TEXT', label: 'Imię i nazwisko', size: 60, maxRows: 1, required: true }),
    row({
      id: 'zdjecie',
      type: 'FILE',
      label: 'Zdjęcie wysypki',
      fileType: 'Image',
      maxNumberOfFiles: 2,
    }),
    ...extraRows,
  ),
});

async function publishFormWithFile(name: string) {
  const owner = await apiToken(product().url, DEMO.owner);
  const formId = await publishForm(product().url, owner, formWithFile(name), [DEMO.patient.login]);
  const call = <T>(method: string, url: string) => apiCall<T>(product().url, owner, method, url);
  return {
    formId,
    /** What the server stored for the form: every filling with its answers and files. */
    stored: async () => {
      const list = await call<{ id: number }[]>('GET', `/api/form_data/by_form_id/${formId}`);
      return Promise.all(list.map(({ id }) => call<StoredFilling>('GET', `/api/form_data/${id}`)));
    },
  };
}

async function openSignedIn(context: BrowserContext, account: DemoAccount = DEMO.patient): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await signIn(page, product().url, account);
  // The help shown at a first login only: closed when it comes.
  await closeFirstLoginDialogIfShown(page);
  return page;
}

async function fillWithFile(page: Page, formId: number, formName: string) {
  const area = page.locator('[data-remote="mfe-filling"]');
  await page.goto(`${product().url}/formdata/add/${formId}`);
  await area.getByRole('heading', { name: formName, level: 1 }).waitFor();
  await area.getByLabel('Imię i nazwisko', { exact: true }).fill('Maria Wiśniewska');
  await area.getByLabel('Zdjęcie wysypki', { exact: true }).setInputFiles(pngFile);
  await area
    .getByRole('list', { name: 'Załączone pliki: Zdjęcie wysypki' })
    .getByText('wysypka.png')
    .waitFor();
  return area;
}

const indicator = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('button', { name: `Oczekuje na wysłanie: ${count}` });

async function storedOnce(stored: () => Promise<StoredFilling[]>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const fillings = await stored();
    if (fillings.length > 0 || Date.now() > until) return fillings;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('offline, the submission with its file is queued, shown in the top bar, and sent once when the connection returns', async () => {
  const name = 'Ankieta offline e2e';
  const { formId, stored } = await publishFormWithFile(name);
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openSignedIn(context);
    const area = await fillWithFile(page, formId, name);

    await context.setOffline(true);
    await area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
    await page.getByText(QUEUED_MESSAGE).first().waitFor();
    await page.waitForURL(`${product().url}/forms/queued`);
    await area.getByRole('article', { name }).waitFor();
    await indicator(page, 1).waitFor();
    // Still offline a while later: nothing reached the server.
    await page.waitForTimeout(500);
    assert.deepEqual(await stored(), []);

    await context.setOffline(false);
    await indicator(page, 1).waitFor({ state: 'detached', timeout: 30_000 });
    await area.getByText('Wszystkie odpowiedzi zostały wysłane.').waitFor();
    const fillings = await storedOnce(stored);
    assert.equal(fillings.length, 1);
    assert.equal(fillings[0]!.state, 'COMPLETED');
    assert.equal(fillings[0]!.data.imie, 'Maria Wiśniewska');
    assert.deepEqual(
      fillings[0]!.filesData.zdjecie?.map((file) => file.name),
      ['wysypka.png'],
    );
    // Nothing more comes later (no second send, e.g. from the retry timer).
    await page.waitForTimeout(1000);
    assert.equal((await stored()).length, 1);
  } finally {
    await context.close();
  }
});

test('the answer lost in transit: the queue survives a reload and its retry gives the same filled form, not a second', async () => {
  const name = 'Ankieta utracona odpowiedź e2e';
  const { formId, stored } = await publishFormWithFile(name);
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openSignedIn(context);
    const area = await fillWithFile(page, formId, name);

    // The first save reaches the server, its answer is dropped; later ones fail until let through.
    let forwarded = 0;
    let letThrough = false;
    await context.route(
      (url) => url.pathname === '/api/form_data/',
      async (route) => {
        if (route.request().method() !== 'POST' || letThrough) return route.continue();
        forwarded += 1;
        if (forwarded === 1) await route.fetch();
        await route.abort('connectionreset');
      },
    );
    await area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
    await page.getByText(QUEUED_MESSAGE).first().waitFor();
    await page.waitForURL(`${product().url}/forms/queued`);
    assert.equal((await storedOnce(stored)).length, 1);

    // Reloaded: the submission is still on the device, still waiting.
    await page.reload();
    await indicator(page, 1).waitFor();
    await area.getByRole('article', { name }).waitFor();

    letThrough = true;
    // The sender tries again by itself (the first wait is 5 s, then 10 s).
    await indicator(page, 1).waitFor({ state: 'detached', timeout: 40_000 });
    const fillings = await stored();
    assert.equal(fillings.length, 1);
    assert.deepEqual(
      fillings[0]!.filesData.zdjecie?.map((file) => file.name),
      ['wysypka.png'],
    );
    assert.ok(forwarded >= 1);
  } finally {
    await context.close();
  }
});

/**
 * Queues a submission offline, lets `change` happen at the clinic meanwhile, brings the connection
 * back and checks the refusal both ways: the patient reads `reason` beside their kept answers, and
 * staff find `staffReason` under the form's results.
 */
async function refusedAfterReconnect({
  name,
  change,
  reason,
  staffReason,
}: {
  name: string;
  change: (formId: number, owner: string) => Promise<void>;
  reason: string;
  staffReason: RegExp;
}) {
  const { formId, stored } = await publishFormWithFile(name);
  const owner = await apiToken(product().url, DEMO.owner);
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  const staffContext = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await openSignedIn(context);
    const area = await fillWithFile(page, formId, name);
    await context.setOffline(true);
    await area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
    await page.waitForURL(`${product().url}/forms/queued`);
    await indicator(page, 1).waitFor();

    await change(formId, owner);
    await context.setOffline(false);
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Nie przyjęto: 1' })
      .waitFor({ timeout: 30_000 });
    const card = area.getByRole('article', { name });
    await card.getByText(reason).waitFor();
    // The answers stay on the device, to read and copy.
    await card.getByText('Pokaż odpowiedzi').click();
    await card.getByText('Maria Wiśniewska').waitFor();
    await card.getByRole('button', { name: 'Kopiuj odpowiedzi' }).waitFor();
    assert.deepEqual(await stored(), []);

    // Staff find the refused late submission under the form's results.
    const staff = await openSignedIn(staffContext, DEMO.owner);
    await staff.goto(`${product().url}/formdata/all/${formId}`);
    const results = staff.locator('[data-remote="mfe-results"]');
    await results
      .getByRole('heading', { name: 'Odrzucone odpowiedzi wysłane po odzyskaniu połączenia' })
      .waitFor();
    const refusal = results.getByRole('table', { name: 'Odrzucone odpowiedzi' }).getByRole('row').nth(1);
    assert.match(await refusal.innerText(), staffReason);
    assert.match(await refusal.innerText(), new RegExp(DEMO.patient.name));
  } finally {
    await staffContext.close();
    await context.close();
  }
}

test('a form paused while the answers waited: the patient sees why and keeps them, staff see the refusal under its results', async () => {
  await refusedAfterReconnect({
    name: 'Ankieta wstrzymana w drodze e2e',
    change: async (formId, owner) => {
      await apiCall(product().url, owner, 'PUT', `/api/forms/${formId}/deactivate`);
    },
    reason: 'Formularz nie przyjmuje już odpowiedzi: został wstrzymany albo nie masz już do niego dostępu.',
    staffReason: /Nie można wypełnić formularza/,
  });
});

test('the access taken away while the answers waited: the patient is told so and keeps them, staff see the refusal', async () => {
  await refusedAfterReconnect({
    name: 'Ankieta bez dostępu w drodze e2e',
    change: async (formId, owner) => {
      const patient = await apiCall<{ id: number }>(
        product().url,
        await apiToken(product().url, DEMO.patient),
        'GET',
        '/api/persons/my',
      );
      await apiCall(product().url, owner, 'PUT', `/api/forms/${formId}/allowed_users`, [
        { userId: patient.id, selected: false },
      ]);
    },
    reason: 'Formularz nie jest już dla Ciebie dostępny: odebrano Ci do niego dostęp albo został usunięty.',
    staffReason: /Brak dostępu do formularza: dostęp odebrano albo formularz usunięto/,
  });
});

test('an edition changed incompatibly while the answers waited: the patient is told so and keeps them, staff see the refusal', async () => {
  const name = 'Ankieta zmieniona w drodze e2e';
  await refusedAfterReconnect({
    name,
    change: async (formId, owner) => {
      const call = <T>(method: string, url: string, body?: unknown) =>
        apiCall<T>(product().url, owner, method, url, body);
      await call('PUT', `/api/forms/${formId}/deactivate`);
      const sleep = row({
        id: 'sen',
        type: 'TEXT',
        label: 'Jak Pani spała?',
        size: 60,
        maxRows: 1,
        required: true,
      });
      const { id } = await call<{ id: number }>('PUT', `/api/forms/${formId}`, formWithFile(name, sleep));
      await call('PUT', `/api/forms/${id}/activate`);
    },
    reason: 'Formularz został zmieniony od chwili wypełnienia i nie przyjmuje tych odpowiedzi',
    staffReason: /Wypełnij wszystkie wymagane pola/,
  });
});
