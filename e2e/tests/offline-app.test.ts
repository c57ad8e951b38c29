import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { launchProfileBrowser } from '../src/browser.js';
import { deployBumpedRelease } from '../src/deployments.js';
import { layout, publishForm, row } from '../src/forms.js';
import { activeFilling, goOffline, workerReady } from '../src/offline.js';
import { DEMO, signIn } from '../src/session.js';
import { productForSuite } from '../src/suite.js';

// No shared browser: this test needs a profile on disk (see launchProfileBrowser).
const product = productForSuite();

const FORM = 'Samopoczucie w podróży e2e';
const LATER_FORM = 'Formularz dodany bez połączenia e2e';
const oneNumber = layout(
  row({ id: 'puls', type: 'NUMBER', label: 'Tętno', numberType: 'INTEGER', required: true }),
);

/** The versions of mfe-filling whose entries the page asked for (of the network or of the worker), drained by `taken`. */
function fillingEntries(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    const match = /\/deployments\/mfe-filling\/([^/]+)\/remoteEntry\.js$/.exec(
      decodeURIComponent(request.url()),
    );
    if (match) urls.push(match[1]!);
  });
  return { taken: () => urls.splice(0) };
}

async function startPage(page: Page) {
  const toFill = page.locator('[data-remote="mfe-filling"]').getByRole('region', {
    name: 'Twoje formularze do wypełnienia',
  });
  await toFill.getByRole('link', { name: `WYPEŁNIJ ${FORM}` }).waitFor();
  return toFill;
}

async function formPage(page: Page) {
  const area = page.locator('[data-remote="mfe-filling"]');
  await area.getByRole('heading', { name: FORM, level: 1 }).waitFor();
  await area.getByLabel('Tętno', { exact: true }).waitFor();
}

test(
  'installable; the patient app opens offline after one online visit; a deploy and a rollback reach it on the next online start',
  { timeout: 300_000 },
  async () => {
    const owner = await apiToken(product().url, DEMO.owner);
    const formId = await publishForm(product().url, owner, { name: FORM, layoutElementObject: oneNumber }, [
      DEMO.patient.login,
    ]);
    const patient = await apiToken(product().url, DEMO.patient);
    await apiCall(product().url, patient, 'PUT', '/api/persons/after_first_login');

    const profile = mkdtempSync(path.join(tmpdir(), 'offline-app-e2e-'));
    const context = await launchProfileBrowser(profile, { viewport: { width: 1280, height: 1000 } });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.log('page error:', error.message));
    const entries = fillingEntries(page);
    try {
      await signIn(page, product().url, DEMO.patient);
      await startPage(page);
      const started = await activeFilling(product().url);
      await workerReady(page, product().url, started);

      // Chromium's own check, as the install prompt uses it: manifest, icons, service worker.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      assert.deepEqual(installabilityErrors, []);
      const { url: manifestUrl, errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
      };
      assert.match(manifestUrl, /\/manifest\.webmanifest\?/);
      assert.deepEqual(manifestErrors, []);

      // The one online visit: the start page, then the form.
      await page.goto(`${product().url}/`);
      await startPage(page);
      await page.goto(`${product().url}/formdata/add/${formId}`);
      await formPage(page);
      assert.deepEqual([...new Set(entries.taken())], [started]);

      await goOffline(context, page);
      // Published while the patient is offline: an offline start shows what was kept, not this.
      await publishForm(product().url, owner, { name: LATER_FORM, layoutElementObject: oneNumber }, [
        DEMO.patient.login,
      ]);

      await page.reload();
      await formPage(page);
      await page.goto(`${product().url}/`);
      const offlineStart = await startPage(page);
      assert.equal(await offlineStart.getByRole('link', { name: `WYPEŁNIJ ${LATER_FORM}` }).count(), 0);
      assert.deepEqual([...new Set(entries.taken())], [started]);

      // A deploy of mfe-filling while the patient is offline reaches them on their next online start…
      await deployBumpedRelease(product(), 'mfe-filling', { build: false });
      const deployed = await activeFilling(product().url);
      assert.notEqual(deployed, started);
      await context.setOffline(false);
      // With one form to fill, the start page opened it after a moment (§9): the patient starts again from /.
      await page.goto(`${product().url}/`);
      await (await startPage(page)).getByRole('link', { name: `WYPEŁNIJ ${LATER_FORM}` }).waitFor();
      assert.deepEqual([...new Set(entries.taken())], [deployed]);
      await workerReady(page, product().url, deployed);
      await goOffline(context, page);
      await page.goto(`${product().url}/formdata/add/${formId}`);
      await formPage(page);
      assert.deepEqual([...new Set(entries.taken())], [deployed]);

      // …and so does its rollback.
      await context.setOffline(false);
      const rolledBack = await product().operator('rollback', 'mfe-filling');
      assert.equal(rolledBack.code, 0, rolledBack.output);
      assert.equal(await activeFilling(product().url), started);
      await page.reload();
      await formPage(page);
      assert.deepEqual([...new Set(entries.taken())], [started]);
      await goOffline(context, page);
      await page.reload();
      await formPage(page);
      assert.deepEqual([...new Set(entries.taken())], [started]);

      // The patient's data kept for offline starts goes with the session.
      await context.setOffline(false);
      await page.goto(`${product().url}/`);
      await startPage(page);
      assert.equal(await page.evaluate(() => caches.has('formularze-api')), true);
      await page.getByRole('button', { name: DEMO.patient.name }).click();
      await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
      await page.waitForURL(/\/login$/);
      await page.waitForFunction(async () => !(await caches.has('formularze-api')), undefined, {
        timeout: 5_000,
      });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
);
