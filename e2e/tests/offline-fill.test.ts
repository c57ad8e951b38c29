import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { apiCall, apiToken } from '../src/api.js';
import { launchProfileBrowser } from '../src/browser.js';
import { field, signWithMouse, typeInto } from '../src/filling.js';
import { EVERY_FIELD_TYPE_LAYOUT, publishForm } from '../src/forms.js';
import { activeFilling, goOffline, workerReady } from '../src/offline.js';
import { heldMessages } from '../src/outbox.js';
import { startProduct, type RunningProduct } from '../src/product.js';
import { DEMO, signIn } from '../src/session.js';

/**
 * Issue 30's offline fill, end to end: a form of every field type filled and sent with no
 * connection (a file and a signature included), the page reloaded while still offline, then the
 * connection back: exactly one filled form with its files, scored once, alerting once.
 */

// No shared browser: the service worker needs a profile on disk (see launchProfileBrowser).
let running: RunningProduct | undefined;
before(async () => {
  running = await startProduct();
});
after(async () => {
  await running?.stop();
});
const product = () => running!;

const filesDir = mkdtempSync(path.join(tmpdir(), 'offline-fill-e2e-'));
after(() => rmSync(filesDir, { recursive: true, force: true }));
const pngFile = path.join(filesDir, 'wysypka.png');
writeFileSync(
  pngFile,
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

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
    const formId = await publishForm(
      product().url,
      owner,
      {
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
      },
      [DEMO.patient.login],
    );
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
      await typeInto(page, field(area, 'Imię i nazwisko'), 'Maria Wiśniewska');
      await typeInto(page, field(area, 'Objawy'), 'Kaszel od trzech dni');
      await typeInto(page, field(area, 'Temperatura'), '37,5');
      await typeInto(page, field(area, 'Data badania'), '20/11/2026');
      await field(area, 'Godzina pomiaru').fill('08:30');
      await typeInto(page, area.getByLabel('Data: Początek objawów'), '18/11/2026');
      await area.getByLabel('Godzina: Początek objawów').fill('07:15');
      await area
        .getByRole('radiogroup', { name: 'Czy przyjmuje Pani leki?' })
        .getByRole('radio', { name: 'Tak' })
        .focus();
      await page.keyboard.press('Space');
      await area
        .getByRole('radiogroup', { name: 'Samopoczucie' })
        .getByRole('radio', { name: 'Średnio' })
        .check();
      const complaints = area.getByRole('group', { name: 'Dolegliwości' });
      await complaints.getByRole('checkbox', { name: 'Ból głowy' }).check();
      await complaints.getByRole('checkbox', { name: 'Kaszel' }).check();
      await typeInto(page, field(area, 'PESEL'), '44051401359');
      await typeInto(page, field(area, 'Miejsce pobytu'), '52.229676, 21.012229');
      await typeInto(page, field(area, 'Kod z opakowania leku'), 'LEK-12345');
      await typeInto(page, field(area, 'Choroby w rodzinie'), 'Nadciśnienie');
      await typeInto(page, field(area, 'Nazwa leku (wiersz 1)'), 'Paracetamol');
      await typeInto(page, field(area, 'Dawka (mg) (wiersz 1)'), '500');
      // Offline, the file waits on the device as it was chosen.
      await field(area, 'Zdjęcie wysypki').setInputFiles(pngFile);
      await area
        .getByRole('list', { name: 'Załączone pliki: Zdjęcie wysypki' })
        .getByText('wysypka.png')
        .waitFor();
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
