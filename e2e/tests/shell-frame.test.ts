import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from '../src/axe.js';
import { repoRoot } from '../src/product.js';
import { closeFirstLoginDialog, DEMO, sideMenuEntries, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();
const artifacts = path.join(repoRoot, 'e2e', 'artifacts');

const HIGH_CONTRAST_YELLOW = 'rgb(255, 242, 0)';
const BLACK = 'rgb(0, 0, 0)';

async function useHighContrastAndLargestFont(page: Page) {
  await page.getByRole('button', { name: 'Wysoki kontrast' }).click();
  await page.getByRole('button', { name: /Największa czcionka/ }).click();
}

/** Colours and font size inside the area, read from what the browser actually rendered. */
async function remoteLook(page: Page, remote: string) {
  const heading = page.locator(`[data-remote="${remote}"]`).getByRole('heading').first();
  await heading.waitFor();
  return heading.evaluate((element) => {
    const provider = element.closest('[data-theme]') as HTMLElement;
    return {
      color: getComputedStyle(element).color,
      background: getComputedStyle(provider).backgroundColor,
      bodyFontPx: Number.parseFloat(getComputedStyle(provider).fontSize),
    };
  });
}

describe('the shell frame', () => {
  test('a guest is sent to the login page and keeps no menu', async () => {
    const page = await browser().newPage();
    await page.goto(`${product().url}/forms`);
    await page.waitForURL('**/login');
    await page.locator('[data-remote="mfe-auth"]').getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Menu główne' }).count(), 0);
    await page.close();
  });

  test('the patient signs in, sees the first-login help, the patient menu, and logs out', async () => {
    const page = await browser().newPage();
    await signIn(page, product().url, DEMO.patient);
    await closeFirstLoginDialog(page);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.deepEqual(await sideMenuEntries(page), ['Start', 'Formularze']);
    await page
      .locator('[data-remote="mfe-filling"]')
      .getByRole('heading', { name: 'Dzisiejsze akcje' })
      .waitFor();

    await page.goto(`${product().url}/forms`);
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: DEMO.patient.name }).click();
    await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
    await page.close();
  });

  test('the owner signs in through the staff login and sees the owner menu and breadcrumbs', async () => {
    const page = await browser().newPage();
    await signIn(page, product().url, DEMO.owner);
    await closeFirstLoginDialog(page);
    assert.deepEqual(await sideMenuEntries(page), [
      'Start',
      'Wypełnione formularze',
      'Definicje formularzy',
      'Użytkownicy',
      'Projekty',
    ]);
    await page.getByRole('navigation', { name: 'Menu główne' }).getByText('Definicje formularzy').click();
    await page.waitForURL('**/forms');
    const trail = page.getByRole('navigation', { name: 'Ścieżka nawigacji' });
    await trail.getByText('Formularze').waitFor();
    assert.deepEqual(JSON.parse((await page.evaluate(() => localStorage.getItem('breadcrumbs')))!), [
      { label: 'Formularze', path: '/forms' },
    ]);
    await page.close();
  });

  test('high contrast and the largest font apply inside every remote', async () => {
    mkdirSync(artifacts, { recursive: true });
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const guestPages = [
      { remote: 'mfe-auth', path: '/login' },
      { remote: 'mfe-admin', path: '/admin-panel/login' },
    ];
    await page.goto(`${product().url}/login`);
    await useHighContrastAndLargestFont(page);
    for (const { remote, path: pagePath } of guestPages) {
      await page.goto(product().url + pagePath);
      const look = await remoteLook(page, remote);
      assert.equal(look.color, HIGH_CONTRAST_YELLOW, `${remote}: heading colour`);
      assert.equal(look.background, BLACK, `${remote}: background`);
      assert.ok(look.bodyFontPx >= 21, `${remote}: text scaled (${look.bodyFontPx}px)`);
      await page.screenshot({
        path: path.join(artifacts, `${remote}-high-contrast-largest.png`),
        fullPage: true,
      });
    }
    await signIn(page, product().url, DEMO.editor);
    await closeFirstLoginDialog(page);
    for (const { remote, path: pagePath } of [
      { remote: 'mfe-filling', path: '/' },
      { remote: 'mfe-forms-builder', path: '/forms' },
      { remote: 'mfe-results', path: '/results' },
    ]) {
      await page.goto(product().url + pagePath);
      const look = await remoteLook(page, remote);
      assert.equal(look.color, HIGH_CONTRAST_YELLOW, `${remote}: heading colour`);
      assert.equal(look.background, BLACK, `${remote}: background`);
      assert.ok(look.bodyFontPx >= 21, `${remote}: text scaled (${look.bodyFontPx}px)`);
      await page.screenshot({
        path: path.join(artifacts, `${remote}-high-contrast-largest.png`),
        fullPage: true,
      });
    }
    // The drawer opens with an animation after a page load: wait for it to settle.
    await page.waitForFunction(
      () => document.getElementById('side-menu')?.getBoundingClientRect().width === 390,
      undefined,
      { timeout: 5000 },
    );
    await page.close();
  });

  test('the stored high-contrast theme is painted before any application script runs', async () => {
    const page = await browser().newPage();
    await page.goto(`${product().url}/login`);
    await page.evaluate(() => localStorage.setItem('theme', 'high-contrast'));
    // Without the shell's own scripts, only the tiny appearance script can colour the page.
    await page.route(/\/main\.js/, (route) => route.abort());
    await page.goto(`${product().url}/login`);
    const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    assert.equal(background, BLACK);
    await page.close();
  });

  for (const theme of ['light', 'high-contrast'] as const) {
    test(`axe finds no serious or critical violation in the frame (${theme})`, async () => {
      const page = await browser().newPage();
      await page.goto(`${product().url}/login`);
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await signIn(page, product().url, DEMO.owner);
      await page.locator('[data-remote="mfe-filling"]').getByRole('heading').first().waitFor();
      await page.getByRole('navigation', { name: 'Menu główne' }).waitFor();
      assert.equal(await page.locator('html').getAttribute('data-theme'), theme);
      assert.deepEqual(await axeViolations(page), []);
      await page.close();
    });
  }
});
