import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { downloadedBy } from '../src/files.js';
import { closeFirstLoginDialog, DEMO, DEMO_PASSWORD, signIn, solveCaptcha } from '../src/session.js';
import { startStaticServer } from '../src/static-server.js';
import { productAndBrowserForSuite } from '../src/suite.js';

// Info level, so the server's log file holds the panel's own sign-in when the logs are downloaded.
const { product, browser } = productAndBrowserForSuite({ env: { LOG_LEVEL: 'info' } });

const SUPER_ADMIN = 'admin@demo.local';
const PASSWORD = 'Panel@2026x';

const panelArea = (page: Page) => page.locator('[data-remote="mfe-admin"]');

async function signInToPanel(page: Page) {
  await page.goto(`${product().url}/admin-panel/login`);
  const area = panelArea(page);
  await area.locator('input[autocomplete="username"]').fill(SUPER_ADMIN);
  await area.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await area.getByRole('button', { name: 'Zaloguj się' }).click();
  await area.getByRole('heading', { name: 'Panel administracyjny' }).waitFor();
}

async function activeVersion(remote: string): Promise<string> {
  const registry = (await (await fetch(`${product().url}/api/remotes`)).json()) as {
    remotes: Array<{ name: string; version: string }>;
  };
  return registry.remotes.find((entry) => entry.name === remote)!.version;
}

/**
 * A second version of `remote` without a build: a copy of its active folder under another content
 * hash, registered and activated through the operator API, as `npm run deploy` would.
 */
async function deployCopyOf(remote: string): Promise<string> {
  const current = await activeVersion(remote);
  const copy = `${current.split('+')[0]}+${randomBytes(6).toString('hex')}`;
  const folder = (version: string) => path.join(product().deploymentsDir, remote, version);
  cpSync(folder(current), folder(copy), { recursive: true });
  const { token } = JSON.parse(readFileSync(path.join(product().env.DATA_DIR!, 'server.json'), 'utf8')) as {
    token: string;
  };
  const response = await fetch(`${product().url}/api/operator/remotes/deployments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token },
    body: JSON.stringify({
      name: remote,
      version: copy,
      manifestUrl: `/deployments/${remote}/${copy}/mf-manifest.json`,
      deployedBy: 'e2e admin-panel',
      activate: true,
    }),
  });
  assert.equal(response.status, 200, await response.text());
  return copy;
}

async function footerVersion(remote: string): Promise<string> {
  const page = await browser().newPage();
  try {
    await page.goto(`${product().url}/admin-panel/login`);
    const entry = page.locator(`[data-remote-version="${remote}"]`);
    await entry.waitFor();
    return (await entry.innerText()).replace(`${remote}:`, '').trim();
  } finally {
    await page.close();
  }
}

test('the super-admin founds an organization from the panel', { timeout: 180_000 }, async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  try {
    await signInToPanel(page);
    const area = panelArea(page);
    await area.getByRole('heading', { name: 'Załóż organizację' }).waitFor();
    await area.getByLabel('Nazwa organizacji').fill('Klinika Panelowa');
    await area.getByLabel('Email').fill('szef@klinika-panelowa.test');
    await area.locator('input[autocomplete="new-password"]').nth(0).fill(PASSWORD);
    await area.locator('input[autocomplete="new-password"]').nth(1).fill(PASSWORD);
    const submit = area.getByRole('button', { name: 'Załóż organizację' });
    assert.equal(await submit.isDisabled(), true, 'the captcha is still unsolved');
    await solveCaptcha(page, 'mfe-admin');
    await submit.click();

    const created = area.getByText('Organizacja została założona');
    await created.waitFor();
    await created.waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await area.getByLabel('Nazwa organizacji').inputValue(), '');

    // The founder signs in at the staff door with the password chosen in the panel.
    const signIn = await fetch(`${product().url}/employees/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'szef@klinika-panelowa.test', password: PASSWORD }),
    });
    assert.equal(signIn.status, 200);
  } finally {
    await context.close();
  }
});

test('the super-admin downloads the server logs', async () => {
  const context = await browser().newContext({ acceptDownloads: true });
  const page = await context.newPage();
  try {
    await signInToPanel(page);
    const download = await downloadedBy(page, panelArea(page).getByRole('button', { name: 'Pobierz logi' }));
    assert.match(download.fileName, /^formularze-logs-\d{4}-\d{2}-\d{2}\.log\.gz$/);
    const logs = gunzipSync(download.content).toString('utf8');
    assert.match(logs, /"msg":"super-admin signed in"/);
  } finally {
    await context.close();
  }
});

test('the super-admin restores the previous version of a remote from the console', async () => {
  const original = await activeVersion('mfe-results');
  const copy = await deployCopyOf('mfe-results');
  assert.equal(await footerVersion('mfe-results'), copy);

  const context = await browser().newContext();
  const page = await context.newPage();
  try {
    await signInToPanel(page);
    const area = panelArea(page);
    await area.getByRole('tab', { name: 'Wersje modułów' }).click();
    await area.getByRole('button', { name: `Przywróć wersję ${original} modułu mfe-results` }).click();
    const dialog = page.getByRole('dialog', { name: 'Przywrócić wersję?' });
    await dialog.getByRole('button', { name: 'Przywróć' }).click();
    await dialog.waitFor({ state: 'detached' });
    await area.getByRole('button', { name: `Aktywuj wersję ${copy} modułu mfe-results` }).waitFor();
  } finally {
    await context.close();
  }

  assert.equal(await activeVersion('mfe-results'), original);
  assert.equal(await footerVersion('mfe-results'), original);
});

test("a developer's remote inside the deployed page: granted by the super-admin, for that browser only", async () => {
  // The developer's `npm run dev -w mfe-results` on this machine, served like a dev server would.
  const version = await activeVersion('mfe-results');
  const devServer = await startStaticServer({
    root: path.join(product().deploymentsDir, 'mfe-results', version),
    allowOrigin: product().url,
  });
  const banner = `Wersja deweloperska: mfe-results z ${new URL(devServer.url).host}`;
  const fromDevServer = (page: Page) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(devServer.url)) requests.push(request.url());
    });
    return requests;
  };
  const openResults = async (page: Page, { firstLogin = false } = {}) => {
    await signIn(page, product().url, DEMO.editor);
    if (firstLogin) await closeFirstLoginDialog(page);
    await page.goto(`${product().url}/results`);
    await page.locator('[data-remote="mfe-results"]').getByRole('heading').first().waitFor();
  };

  const developer = await browser().newContext();
  const ordinary = await browser().newContext();
  try {
    const panel = await developer.newPage();
    await signInToPanel(panel);
    const area = panelArea(panel);
    await area.getByRole('tab', { name: 'Wersje modułów' }).click();
    const address = area.getByRole('textbox', { name: /Adres pliku remoteEntry.js/ });
    await address.fill('https://cdn.evil.example/remoteEntry.js');
    await area.getByRole('button', { name: 'Włącz wersję deweloperską' }).click();
    await area.getByText('Podaj adres na tym komputerze (localhost, 127.0.0.1 lub [::1])').waitFor();
    await address.fill(`${devServer.url}/remoteEntry.js`);
    await area.getByRole('button', { name: 'Włącz wersję deweloperską' }).click();
    await panel.getByText(banner).waitFor();

    // In that browser, the results area now comes from the developer's server, with the banner.
    const page = await developer.newPage();
    const developerRequests = fromDevServer(page);
    await openResults(page, { firstLogin: true });
    assert.ok(
      developerRequests.some((url) => url.endsWith('/remoteEntry.js')),
      'remoteEntry.js came from the dev server',
    );
    await page.getByText(banner).waitFor();

    // Any other browser ignores it, even one holding a cookie it was never given.
    await ordinary.addCookies([{ name: 'formularze-dev-remotes', value: 'made-up', url: product().url }]);
    const other = await ordinary.newPage();
    const otherRequests = fromDevServer(other);
    await openResults(other);
    assert.deepEqual(otherRequests, []);
    assert.equal(await other.getByText(banner).count(), 0);

    // "Wyłącz" ends it for the developer's browser too.
    // It asks the server, then reloads: wait for that new load, not the page already loaded.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Wyłącz' }).click();
    await reloaded;
    await page.locator('[data-remote="mfe-results"]').getByRole('heading').first().waitFor();
    assert.equal(await page.getByText(banner).count(), 0);
  } finally {
    await developer.close();
    await ordinary.close();
    await devServer.close();
  }
});
