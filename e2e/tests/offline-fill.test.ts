import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { apiCall, apiToken } from '../src/api.js';
import { fileForSuite, PNG_BYTES } from '../src/files.js';
import { launchProfileBrowser } from '../src/browser.js';
import {
  answerEveryFieldTypeForm,
  answerOpeningQuestions,
  attachFile,
  field,
  signWithMouse,
} from '../src/filling.js';
import { EVERY_FIELD_TYPE_LAYOUT, publishForDemoPatient } from '../src/forms.js';
import { activeFilling, goOffline, workerReady } from '../src/offline.js';
import { heldMessages } from '../src/outbox.js';
import { DEMO, signIn } from '../src/session.js';
import { productForSuite } from '../src/suite.js';

/**
 * Issue 30's offline fill, end to end: a form of every field type filled and sent with no
 * connection (a file and a signature included), the page reloaded while still offline, then the
 * connection back: exactly one filled form with its files, scored once, alerting once.
 */

// No shared browser: the service worker needs a profile on disk (see launchProfileBrowser).
const product = productForSuite();

const pngFile = fileForSuite('wysypka.png', PNG_BYTES);

const FORM = 'Wywiad w drodze e2e';
const ALERT_PHONE = '+48 600 700 801';
const QUEUED_MESSAGE = 'Brak połączenia. Odpowiedzi zostaną wysłane automatycznie, gdy połączenie wróci.';

interface StoredFilling {
  id: number;
  state: string;
  data: Record<string, unknown>;
  arrayData: Record<string, unknown[]>;
  filesData: Record<string, { name: string; mimeType: string }[]>;
  totalWeight: number | null;
}

const alertsSent = async () =>
  (await heldMessages(product().url)).filter(
    (message) => message.recipient.replace(/\D/g, '') === ALERT_PHONE.replace(/\D/g, ''),
  ).length;

test(
  'a form of every field type filled offline, reloaded offline, sent once when the connection returns: one score, one alert',
  { timeout: 300_000 },
  async () => {
    const owner = await apiToken(product().url, DEMO.owner);
    const formId = await publishForDemoPatient(product().url, owner, {
      name: FORM,
      layoutElementObject: EVERY_FIELD_TYPE_LAYOUT,
      formRules: [
        {
          operator: 'GREATER_THAN',
          arg1: 3,
          color: '#d13438',
          text: 'Pilny kontakt',
          smsMessage: 'Pacjent {imie} {nazwisko}: {suma_punktow} pkt',
          smsPhone: ALERT_PHONE,
        },
      ],
    });
    const patient = await apiToken(product().url, DEMO.patient);
    await apiCall(product().url, patient, 'PUT', '/api/persons/after_first_login');
    const stored = async () => {
      const list = await apiCall<{ id: number }[]>(
        product().url,
        owner,
        'GET',
        `/api/form_data/by_form_id/${formId}`,
      );
      return Promise.all(
        list.map(({ id }) => apiCall<StoredFilling>(product().url, owner, 'GET', `/api/form_data/${id}`)),
      );
    };

    const profile = mkdtempSync(path.join(tmpdir(), 'offline-fill-profile-'));
    const context = await launchProfileBrowser(profile, { viewport: { width: 1280, height: 1000 } });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.log('page error:', error.message));
    const area = page.locator('[data-remote="mfe-filling"]');
    const indicator = (count: number) =>
      page.getByRole('banner').getByRole('button', { name: `Oczekuje na wysłanie: ${count}` });
    try {
      await signIn(page, product().url, DEMO.patient);
      await page.goto(`${product().url}/formdata/add/${formId}`);
      await area.getByRole('heading', { name: FORM, level: 1 }).waitFor();
      await workerReady(page, product().url, await activeFilling(product().url));
      // Opened once more now that the worker is in charge, as a patient who used the app before:
      // what the page starts from is then kept on the device.
      await page.reload();
      await area.getByRole('heading', { name: FORM, level: 1 }).waitFor();
      // The widgets' code comes after the heading: the patient has the whole form on screen.
      await area.getByRole('img', { name: 'Miejsce na podpis: Podpis pacjenta' }).waitFor();
      await field(area, 'Zdjęcie wysypki').waitFor({ state: 'attached' });

      // The connection drops with the form open; the patient fills it all the same.
      await goOffline(context, page);
      await answerOpeningQuestions(page, area);
      await answerEveryFieldTypeForm(page, area);
      // Offline, the file waits on the device as it was chosen.
      await attachFile(area, 'Zdjęcie wysypki', pngFile);
      await signWithMouse(page, area, 'Podpis pacjenta');

      await area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
      await page.getByText(QUEUED_MESSAGE).first().waitFor();
      await page.waitForURL(`${product().url}/forms/queued`);
      await indicator(1).waitFor();

      // Reloaded while still offline: the app opens from the device and the submission still waits.
      await page.reload();
      await indicator(1).waitFor();
      await area.getByRole('article', { name: FORM }).waitFor();
      assert.deepEqual(await stored(), []);

      await context.setOffline(false);
      await indicator(1).waitFor({ state: 'detached', timeout: 60_000 });
      const fillings = await stored();
      assert.equal(fillings.length, 1, 'exactly one filled form');
      const [filling] = fillings;
      assert.equal(filling!.state, 'COMPLETED');
      assert.equal(filling!.data.imie, 'Maria Wiśniewska');
      assert.equal(filling!.data.temperatura, 37.5);
      assert.equal(filling!.data.poczatek, '2026/11/18 07:15');
      assert.deepEqual(filling!.arrayData.dolegliwosci, ['Ból głowy', 'Kaszel']);
      assert.deepEqual(
        filling!.filesData.zdjecie?.map(({ name, mimeType }) => [name, mimeType]),
        [['wysypka.png', 'image/png']],
      );
      assert.equal(filling!.filesData.podpis?.length, 1);
      assert.equal(filling!.filesData.podpis![0]!.mimeType, 'image/png');
      // Średnio 1 + Ból głowy 1 + Kaszel 2 + the temperature rule 2, scored once.
      assert.equal(filling!.totalWeight, 6);

      // One alert for the one filled form, also a while later.
      const until = Date.now() + 20_000;
      while ((await alertsSent()) === 0 && Date.now() < until) await page.waitForTimeout(250);
      await page.waitForTimeout(1000);
      assert.equal(await alertsSent(), 1);
      assert.equal((await stored()).length, 1);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
);
