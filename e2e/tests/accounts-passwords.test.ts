import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { closeFirstLoginDialog, DEMO, DEMO_PASSWORD, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

// Without SMTP_URL the outbox writes each message, with its link, to the server log at info level.
const { product, browser } = productAndBrowserForSuite({ env: { LOG_LEVEL: 'info' } });

const NEW_PASSWORD = 'Nowe#Haslo2026';

/** The reset link the outbox logged for `recipient` (pino-roll numbers the files: api.1.log…). */
async function resetLinkFromLog(recipient: string): Promise<URL> {
  const logs = path.join(product().env.DATA_DIR!, 'logs');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const names = await readdir(logs).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.log'))) {
      for (const line of (await readFile(path.join(logs, name), 'utf8')).split('\n')) {
        if (!line.includes('"outboxId"') || !line.includes(recipient)) continue;
        const { body } = JSON.parse(line) as { body: string };
        const link = /https?:\/\/\S+\/password-reset-link\?\S+/.exec(body)?.[0];
        if (link) return new URL(link);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no reset link for ${recipient} in ${logs}`);
}

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

    const link = await resetLinkFromLog('pacjent@demo.local');
    assert.equal(link.searchParams.get('role'), 'user');
    // The link is built on the origin the request came from.
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
    await area.locator('input[autocomplete="new-password"]').nth(0).fill(NEW_PASSWORD);
    await area.locator('input[autocomplete="new-password"]').nth(1).fill(NEW_PASSWORD);
    await area.getByRole('button', { name: 'Zmień hasło' }).click();
    await area.getByText('Wprowadzone aktualne hasło jest niepoprawne.').waitFor();

    await area.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await area.getByRole('button', { name: 'Zmień hasło' }).click();
    await page.getByText('Hasło zostało zmienione.').waitFor();
    await page.waitForURL(`${product().url}/`);
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
