import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closeFirstLoginDialog, DEMO, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';
import { apiCall, apiToken } from '../src/api.js';

const { product, browser } = productAndBrowserForSuite();

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the owner edits the profile, uploads an avatar, and uses an API key until deleting it', async () => {
  const context = await browser().newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  try {
    await signIn(page, product().url, DEMO.owner);
    await closeFirstLoginDialog(page);
    await page.goto(`${product().url}/profile`);
    const area = page.locator('[data-remote="mfe-auth"]');
    await area.getByRole('tab', { name: 'Profil użytkownika' }).waitFor();
    await area.getByRole('tab', { name: 'Profil organizacji' }).waitFor();

    // The zip code is formatted while typing, and saved with the avatar.
    const zip = area.getByLabel('Kod pocztowy', { exact: true });
    await zip.fill('');
    await zip.pressSequentially('30001');
    assert.equal(await zip.inputValue(), '30-001');
    await area.getByLabel('Miasto', { exact: true }).fill('Kraków');
    await area.getByLabel('Plik zdjęcia profilowego').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await area.getByRole('img', { name: 'Podgląd zdjęcia profilowego' }).waitFor();
    await area.getByRole('button', { name: 'Zapisz' }).first().click();
    await page.getByText('Zaktualizowano profil').waitFor();

    await page.reload();
    await area.getByLabel('Kod pocztowy', { exact: true }).waitFor();
    assert.equal(await area.getByLabel('Kod pocztowy', { exact: true }).inputValue(), '30-001');
    assert.equal(await area.getByLabel('Miasto', { exact: true }).inputValue(), 'Kraków');
    const avatar = area.getByRole('img', { name: 'Podgląd zdjęcia profilowego' });
    assert.match(
      (await avatar.getAttribute('src')) ?? '',
      /^\/org-media\/files\/avatars\/[0-9a-f]{32}\.png$/,
    );

    // API keys: create, copy, use as x-auth-token, delete.
    await area.getByRole('link', { name: 'Klucze API' }).click();
    await page.waitForURL(`${product().url}/profile/api-keys`);
    await area.getByLabel('Nazwa nowego klucza').fill('E2E');
    await area.getByRole('button', { name: 'OK' }).click();
    await area.getByRole('button', { name: 'Kopiuj klucz E2E' }).click();
    await page.getByText('Klucz skopiowany do schowka').waitFor();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(token, /^fk_/);

    const my = () =>
      fetch(`${product().url}/api/persons/my`, { headers: { 'x-auth-token': token } }).then((r) => r.status);
    assert.equal(await my(), 200);

    await area.getByRole('button', { name: 'Usuń klucz E2E' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Usuń' }).click();
    await page.getByText('Klucz E2E został usunięty.').waitFor();
    assert.equal(await my(), 401);
  } finally {
    await context.close();
  }
});

test("the invoice fields of the organization's profile are of one height, a neighbour's hint notwithstanding", async () => {
  // The welcome help was seen before: its dialog would hide the page from the checks.
  await apiCall(
    product().url,
    await apiToken(product().url, DEMO.owner),
    'PUT',
    '/api/persons/after_first_login',
  );
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await signIn(page, product().url, DEMO.owner);
    await page.goto(`${product().url}/profile`);
    const area = page.locator('[data-remote="mfe-auth"]');
    await area.getByRole('tab', { name: 'Profil organizacji' }).click();
    const heights = await Promise.all(
      ['NIP', 'Ulica (faktura)', 'Kod pocztowy (faktura)', 'Miasto (faktura)'].map(async (label) => {
        const input = area.getByLabel(label, { exact: true });
        await input.waitFor();
        // The input's frame (Fluent draws the border on the wrapper around the native input).
        return input.evaluate((element) => element.parentElement!.getBoundingClientRect().height);
      }),
    );
    assert.equal(new Set(heights).size, 1, heights.join(', '));
  } finally {
    await page.close();
  }
});
