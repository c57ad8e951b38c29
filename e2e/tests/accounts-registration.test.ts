import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { closeFirstLoginDialog } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();

const PASSWORD = 'Rejestr@2026x';

/** The real ALTCHA widget: a click starts the proof of work in the browser's workers. */
async function solveCaptcha(page: Page) {
  const area = page.locator('[data-remote="mfe-auth"]');
  // The label, as a person would: the styled box draws over the native checkbox.
  await area.getByText('Nie jestem robotem').click();
  await area.getByText('Zweryfikowano').waitFor({ timeout: 60_000 });
}

async function fillPasswords(page: Page) {
  const area = page.locator('[data-remote="mfe-auth"]');
  // The new password and its repetition, in this order.
  await area.locator('input[autocomplete="new-password"]').nth(0).fill(PASSWORD);
  await area.locator('input[autocomplete="new-password"]').nth(1).fill(PASSWORD);
}

async function signInAt(page: Page, door: '/login' | '/login-employee', login: string, name: string) {
  await page.goto(product().url + door);
  const area = page.locator('[data-remote="mfe-auth"]');
  await area.locator('input[autocomplete="username"]').fill(login);
  await area.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await area.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.getByTestId('user-name').getByText(name).waitFor();
}

test('a visitor founds an organization and signs in as its owner', async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${product().url}/register`);
    const area = page.locator('[data-remote="mfe-auth"]');
    await area.getByRole('radio', { name: 'Załóż organizację' }).check();
    await area.getByLabel('Imię i nazwisko').fill('Ewa Zielińska');
    await area.getByLabel('Email').fill('Ewa@Nowa-Klinika.test');
    await fillPasswords(page);
    await solveCaptcha(page);
    await area.getByRole('button', { name: 'Załóż organizację' }).click();

    await page.waitForURL(`${product().url}/login`);
    await page.getByText('Rejestracja przebiegła pomyślnie.').waitFor();

    await signInAt(page, '/login-employee', 'ewa@nowa-klinika.test', 'Ewa Zielińska');
    await closeFirstLoginDialog(page);
  } finally {
    await context.close();
  }
});

test('a visitor joins the demo organization as a patient and signs in', async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${product().url}/login`);
    await page.getByRole('link', { name: 'Dołącz do organizacji' }).click();
    await page.waitForURL(`${product().url}/register`);
    const area = page.locator('[data-remote="mfe-auth"]');
    assert.ok(await area.getByRole('radio', { name: 'Dołącz do organizacji' }).isChecked());
    await area.getByLabel('Organizacja').selectOption({ label: 'Demo' });
    await area.getByLabel('Email').fill('nowy.pacjent@demo.test');
    await fillPasswords(page);
    await solveCaptcha(page);
    await area.getByRole('button', { name: 'Dołącz' }).click();

    await page.waitForURL(`${product().url}/login`);
    await page.getByText('Rejestracja przebiegła pomyślnie.').waitFor();
    await signInAt(page, '/login', 'nowy.pacjent@demo.test', 'nowy.pacjent@demo.test');
  } finally {
    await context.close();
  }
});
