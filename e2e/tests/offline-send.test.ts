import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, apiToken } from '../src/api.js';
import { row } from '../src/forms.js';
import { DEMO } from '../src/session.js';
import { formWithFile, indicator, QUEUED_MESSAGE, sendQueueSteps, storedOnce } from '../src/send-queue.js';
import { productAndBrowserForSuite } from '../src/suite.js';

/**
 * Issue 30: "Zapisz i wyślij" with no connection queues the answers with their files on the device;
 * they are sent when the connection returns, exactly once, also when the first answer was lost.
 * A slot's window closing meanwhile is tested in slot-window-passed.test.ts (it needs PostgreSQL).
 */

const suite = productAndBrowserForSuite();
const { product } = suite;
const { withFilledForm, refusedAfterReconnect } = sendQueueSteps(suite);

test('offline, the submission with its file is queued, shown in the top bar, and sent once when the connection returns', async () => {
  const name = 'Ankieta offline e2e';
  await withFilledForm(name, async ({ form: { stored }, context, page, area }) => {
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
  });
});

test('the answer lost in transit: the queue survives a reload and its retry gives the same filled form, not a second', async () => {
  const name = 'Ankieta utracona odpowiedź e2e';
  await withFilledForm(name, async ({ form: { stored }, context, page, area }) => {
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
  });
});

test('a form paused while the answers waited: the patient sees why and keeps them, staff see the refusal under its results', async () => {
  await refusedAfterReconnect({
    name: 'Ankieta wstrzymana w drodze e2e',
    change: async ({ formId }, owner) => {
      await apiCall(product().url, owner, 'PUT', `/api/forms/${formId}/deactivate`);
    },
    reason: 'Formularz nie przyjmuje już odpowiedzi: został wstrzymany albo nie masz już do niego dostępu.',
    staffReason: /Nie można wypełnić formularza/,
  });
});

test('the access taken away while the answers waited: the patient is told so and keeps them, staff see the refusal', async () => {
  await refusedAfterReconnect({
    name: 'Ankieta bez dostępu w drodze e2e',
    change: async ({ formId }, owner) => {
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
    change: async ({ formId }, owner) => {
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
