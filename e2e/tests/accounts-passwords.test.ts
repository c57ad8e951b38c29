import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { resetLinkFromOutbox } from '../src/outbox.js';
import { closeFirstLoginDialog, DEMO, DEMO_PASSWORD, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

// Without SMTP_URL the outbox writes each message, with its link, to the server log at info level.
const { product, browser } = productAndBrowserForSuite();

const NEW_PASSWORD = 'Nowe#Haslo2026';

async function signInWith(page: Page, door: string, login: string, password: string, name: string) {
  await page.goto(product().url + door);
  const area = page.locator('[data-remote="mfe-auth"]');
  await area.locator('input[autocomplete="username"]').fill(login);
  await area.locator('input[autocomplete="current-password"]').fill(password);
  await area.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.getByTestId('user-name').getByText(name).waitFor();
}

test('a patient asks for a link, sets a new password with it and signs in', async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${product().url}/login`);
    await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
    await page.waitForURL(`${product().url}/password-reset`);
    const area = page.locator('[data-remote="mfe-auth"]');
    // The page is loaded on demand: fill its form, not the login form it replaces.
    await area.getByRole('heading', { name: 'Odzyskiwanie hasła' }).waitFor();
    await area.getByLabel(/Login/).fill('pacjent@demo.local');
    await area.getByRole('button', { name: 'Wyślij link' }).click();
    await page.getByText('Link do zmiany hasła został wysłany').waitFor();
    await page.waitForURL(`${product().url}/login`);

    const link = await resetLinkFromOutbox(product().url, 'pacjent@demo.local');
    assert.equal(link.searchParams.get('role'), 'user');
    // The link is built on the configured origin (PUBLIC_URL), never the request's.
    assert.equal(link.origin, product().url);
    await page.goto(link.toString());
    await page.waitForURL(/\/password-set-new\/[^/?]+\?role=user$/);
    await area.locator('input[autocomplete="new-password"]').nth(0).fill(NEW_PASSWORD);
    await area.locator('input[autocomplete="new-password"]').nth(1).fill(NEW_PASSWORD);
    await area.getByRole('button', { name: 'Zapisz hasło' }).click();
    await page.waitForURL(`${product().url}/login`);
    await page.getByText('Hasło zostało zmienione.').waitFor();

    // The link works once.
    await page.goto(link.toString());
    await page.waitForURL(`${product().url}/password-reset-link-expired`);
    await page.getByText('Przepraszamy! Link do zmiany hasła wygasł.').waitFor();

    await signInWith(page, '/login', 'pacjent@demo.local', NEW_PASSWORD, DEMO.patient.name);
  } finally {
    await context.close();
  }
});

test('a staff member changes the password on /password-change and signs in with it', async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  try {
    await signIn(page, product().url, DEMO.editor);
    await closeFirstLoginDialog(page);
    await page.goto(`${product().url}/password-change`);
    const area = page.locator('[data-remote="mfe-auth"]');
    await area.locator('input[autocomplete="current-password"]').fill('Zle@Haslo2026');
    // The strength meter's bars, as painted: grey while empty, each one coloured once its rule is met.
    const meter = area.getByRole('meter', { name: 'Siła hasła' }).first();
    const barColours = () =>
      meter.locator('span').evaluateAll((bars) => bars.map((bar) => getComputedStyle(bar).backgroundColor));
    const [emptyColour] = await barColours();
    await area.locator('input[autocomplete="new-password"]').nth(0).fill(NEW_PASSWORD);
    assert.equal(await meter.getAttribute('aria-valuetext'), 'Silne');
    const filled = await barColours();
    assert.equal(filled.length, 5);
    assert.equal(new Set(filled).size, 1, filled.join(', '));
    assert.notEqual(filled[0], emptyColour);
    await area.locator('input[autocomplete="new-password"]').nth(1).fill(NEW_PASSWORD);
    await area.getByRole('button', { name: 'Zmień hasło' }).click();
    await area.getByText('Wprowadzone aktualne hasło jest niepoprawne.').waitFor();

    // §7: the change is followed by a new read of the person.
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
    });
    await area.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await area.getByRole('button', { name: 'Zmień hasło' }).click();
    await page.getByText('Hasło zostało zmienione.').waitFor();
    await page.waitForURL(`${product().url}/`);
    await page.waitForLoadState('networkidle');
    const change = calls.indexOf('PUT /api/auth/change_password');
    assert.ok(change >= 0, calls.join(', '));
    assert.ok(calls.indexOf('GET /api/persons/my', change) > change, calls.join(', '));
  } finally {
    await context.close();
  }

  const fresh = await browser().newContext();
  const again = await fresh.newPage();
  try {
    await signInWith(again, '/login-employee', DEMO.editor.login, NEW_PASSWORD, DEMO.editor.name);
  } finally {
    await fresh.close();
  }
});
