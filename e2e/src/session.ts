import type { Page } from 'playwright-core';

/** The seeded demo accounts (api/src/accounts/seed.ts) and their documented password. */
export const DEMO_PASSWORD = 'Demo@2026x';
export const DEMO = {
  owner: { login: 'owner@demo.local', name: 'Anna Nowak', door: '/login-employee' },
  editor: { login: 'lekarz@demo.local', name: 'Jan Kowalski', door: '/login-employee' },
  patient: { login: '600100200', name: 'Maria Wiśniewska', door: '/login' },
  /** The platform administrator: staff door for the organization-less pages, and the super-admin panel. */
  admin: { login: 'admin@demo.local', name: 'Admin Platformy', door: '/login-employee' },
} as const;
export type DemoAccount = (typeof DEMO)[keyof typeof DEMO];

/** Signs in through the login page of the account's kind and waits for the start page. */
export async function signIn(page: Page, baseUrl: string, account: DemoAccount): Promise<void> {
  await page.goto(baseUrl + account.door);
  const area = page.locator('[data-remote="mfe-auth"]');
  await area.locator('input[autocomplete="username"]').fill(account.login);
  await area.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await area.getByRole('button', { name: 'Zaloguj się' }).click();
  await page.getByTestId('user-name').getByText(account.name).waitFor();
}

/** The help dialog every person sees once, at their first login. */
export async function closeFirstLoginDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Witamy w aplikacji Formularze' });
  await dialog.waitFor();
  // Closing tells the server in the background; a page load right after would cancel that, and the
  // next page would open on the dialog again (hiding the page from the accessibility tree).
  const recorded = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === '/api/persons/after_first_login',
  );
  await dialog.getByRole('button', { name: 'Zamknij' }).click();
  await dialog.waitFor({ state: 'detached' });
  await recorded;
}

/** Closes the first-login help if it comes within `timeoutMs` (an account may have seen it already). */
export async function closeFirstLoginDialogIfShown(page: Page, timeoutMs = 3000): Promise<void> {
  const shown = await page
    .getByRole('dialog', { name: 'Witamy w aplikacji Formularze' })
    .waitFor({ timeout: timeoutMs })
    .then(
      () => true,
      () => false,
    );
  if (shown) await closeFirstLoginDialog(page);
}

export async function sideMenuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Menu główne' });
  await menu.waitFor();
  return (await menu.locator('a').allInnerTexts()).map((text) => text.trim());
}

/**
 * The real ALTCHA widget of a registration form: a click starts the proof of work in the browser.
 * `remote` is the area showing the form (the super-admin panel's is mfe-admin).
 */
export async function solveCaptcha(page: Page, remote = 'mfe-auth'): Promise<void> {
  const area = page.locator(`[data-remote="${remote}"]`);
  // The label, as a person would: the styled box draws over the native checkbox.
  await area.getByText('Nie jestem robotem').click();
  await area.getByText('Zweryfikowano').waitFor({ timeout: 60_000 });
}
