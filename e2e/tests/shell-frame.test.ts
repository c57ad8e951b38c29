import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { axeViolations } from '../src/axe.js';
import { layout, publishForm, row } from '../src/forms.js';
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
  // Both choices stored before the caller leaves the page: the next page is painted from them.
  await page.waitForFunction(
    () => localStorage.getItem('theme') === 'high-contrast' && localStorage.getItem('fontLevel') === '2',
  );
}

/**
 * Colours and font size inside the area, read from what the browser actually rendered, once they
 * show the high-contrast theme and the largest font or after 20 s (an area's first frame on a busy
 * machine may precede its theme): the caller's assertions then report what was rendered.
 */
async function remoteLook(page: Page, remote: string) {
  const heading = page.locator(`[data-remote="${remote}"]`).getByRole('heading').first();
  await heading.waitFor();
  const read = () =>
    heading.evaluate((element) => {
      const provider = element.closest('[data-theme]') as HTMLElement;
      return {
        color: getComputedStyle(element).color,
        background: getComputedStyle(provider).backgroundColor,
        bodyFontPx: Number.parseFloat(getComputedStyle(provider).fontSize),
      };
    });
  const deadline = Date.now() + 20_000;
  let look = await read();
  while (
    (look.color !== HIGH_CONTRAST_YELLOW || look.background !== BLACK || look.bodyFontPx < 21) &&
    Date.now() < deadline
  ) {
    await page.waitForTimeout(200);
    look = await read();
  }
  return look;
}

/**
 * Waits for the side menu to be `width` px wide: the drawer opens with an animation after a page
 * load, and settles slowly on a busy machine.
 */
async function sideMenuSettledAt(page: Page, width: number): Promise<void> {
  const drawerWidth = () =>
    page.evaluate(() => document.getElementById('side-menu')?.getBoundingClientRect().width);
  await page
    .waitForFunction(
      (expected) => document.getElementById('side-menu')?.getBoundingClientRect().width === expected,
      width,
      { timeout: 20_000 },
    )
    .catch(async () => assert.fail(`the side menu never settled at ${width} px: ${await drawerWidth()} px`));
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

    await page.getByRole('button', { name: DEMO.patient.name }).click();
    await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
    await page.close();
  });

  test('a patient denied a page goes where §2 says: the form list to active forms, other staff pages through /login', async () => {
    const owner = await apiToken(product().url, DEMO.owner);
    // A form the patient is not on: its results send them to /forms, and from there to their active forms.
    const notTheirs = await publishForm(product().url, owner, {
      name: 'Formularz nie dla pacjenta e2e',
      layoutElementObject: layout(row({ id: 'uwagi', type: 'TEXT', label: 'Uwagi', size: 50, maxRows: 1 })),
    });
    const page = await browser().newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    // The shell's route changes are history entries, not loads: record them as well.
    await page.exposeFunction('recordPath', (path: string) => visited.push(path));
    await page.addInitScript(() => {
      const record = () =>
        (window as unknown as { recordPath(path: string): void }).recordPath(location.pathname);
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          record();
        };
      }
    });
    try {
      await signIn(page, product().url, DEMO.patient);
      // Redirects may chain through a remote that first asks the API (e.g. results → /forms → active
      // forms); under load that takes a while, so wait for the destination, then make sure it stays.
      const landsAt = async (path: string, destination: string) => {
        visited.length = 0;
        await page.goto(product().url + path);
        const trail = () => `${path} → ${visited.join(' → ')}`;
        await page
          .waitForURL((url) => url.pathname === destination, { timeout: 20_000 })
          .catch(() => assert.fail(`never reached ${destination}: ${trail()}`));
        await page.waitForLoadState('networkidle');
        assert.equal(new URL(page.url()).pathname, destination, trail());
      };
      await landsAt('/forms', '/forms/active');
      await landsAt(`/formdata/all/${notTheirs}`, '/forms/active');
      assert.ok(visited.includes('/forms'), visited.join(' → '));
      await landsAt('/persons', '/');
      assert.ok(visited.includes('/login'), visited.join(' → '));
      await landsAt('/results', '/');
      assert.ok(visited.includes('/login'), visited.join(' → '));
    } finally {
      await page.close();
    }
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

  test('the platform administrator, of no organization, is offered no organization profile and no members list', async () => {
    const page = await browser().newPage();
    const organizationReads: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(organizations\/my|v2\/persons)/.test(request.url())) organizationReads.push(request.url());
    });
    try {
      await signIn(page, product().url, DEMO.admin);
      await closeFirstLoginDialog(page);
      assert.equal((await sideMenuEntries(page)).includes('Użytkownicy'), false);
      await page.goto(`${product().url}/profile`);
      const area = page.locator('[data-remote="mfe-auth"]');
      await area.getByRole('tab', { name: 'Profil użytkownika' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await area.getByRole('tab', { name: 'Profil organizacji' }).count(), 0);
      assert.equal(await page.getByText('Nie udało się wczytać danych organizacji').count(), 0);
      assert.deepEqual(organizationReads, []);
    } finally {
      await page.close();
    }
  });

  test("on a page longer than the window the menu's background reaches the footer, and alerts stop above it", async () => {
    // The welcome help was seen before: its dialog would hide the page from the checks.
    await apiCall(
      product().url,
      await apiToken(product().url, DEMO.owner),
      'PUT',
      '/api/persons/after_first_login',
    );
    const page = await browser().newPage({ viewport: { width: 1280, height: 500 } });
    try {
      await signIn(page, product().url, DEMO.owner);
      await page.goto(`${product().url}/profile`);
      const area = page.locator('[data-remote="mfe-auth"]');
      await area.getByLabel('Imię', { exact: true }).waitFor();
      const footer = page.locator('footer');
      await footer.getByText(/Wersja API: \d/).waitFor();
      const inPage = (selector: string) =>
        page.locator(selector).evaluate((element) => {
          const box = element.getBoundingClientRect();
          return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
        });
      const menu = await inPage('#side-menu');
      const footerBox = await inPage('footer');
      assert.ok(footerBox.top > 500, 'the page is longer than the window');
      assert.ok(
        menu.bottom >= footerBox.top - 1,
        `menu ends at ${menu.bottom}, footer starts at ${footerBox.top}`,
      );

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await area.getByRole('button', { name: 'Zapisz' }).first().click();
      const alert = page.getByText('Zaktualizowano profil');
      await alert.waitFor();
      const alertBox = (await alert.locator('xpath=ancestor::*[@aria-live="polite"][1]').boundingBox())!;
      const footerOnScreen = (await footer.boundingBox())!;
      assert.ok(
        alertBox.y + alertBox.height <= footerOnScreen.y,
        `alert ends at ${alertBox.y + alertBox.height}, footer starts at ${footerOnScreen.y}`,
      );
    } finally {
      await page.close();
    }
  });

  test('every side-menu entry stays on one line at each font size, the menu growing with the text', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await signIn(page, product().url, DEMO.owner);
      for (const [fontLevel, menuWidth] of [
        [0, 260],
        [1, 325],
        [2, 390],
      ] as const) {
        await page.evaluate((level) => localStorage.setItem('fontLevel', String(level)), fontLevel);
        await page.reload();
        await sideMenuSettledAt(page, menuWidth);
        const entries = await page.$$eval('#side-menu a', (links) =>
          links.map((link) => ({ text: link.textContent, height: link.getBoundingClientRect().height })),
        );
        const oneLine = Math.min(...entries.map((entry) => entry.height));
        assert.ok(entries.length >= 5, `font level ${fontLevel}: ${entries.length} entries`);
        assert.deepEqual(
          entries.filter((entry) => entry.height > oneLine + 1),
          [],
          `font level ${fontLevel}: entries drawn on more than one line`,
        );
      }
    } finally {
      await page.close();
    }
  });

  test('breadcrumbs name a form after its list, and the not-found page keeps no trail', async () => {
    const owner = await apiToken(product().url, DEMO.owner);
    await apiCall(product().url, owner, 'PUT', '/api/persons/after_first_login');
    const name = 'Ankieta ścieżki e2e';
    const formId = await publishForm(product().url, owner, {
      name,
      layoutElementObject: layout(row({ id: 'uwagi', type: 'TEXT', label: 'Uwagi', size: 50, maxRows: 1 })),
    });
    const page = await browser().newPage();
    const trail = page.getByRole('navigation', { name: 'Ścieżka nawigacji' });
    const crumbs = () => trail.getByRole('listitem').allInnerTexts();
    try {
      await signIn(page, product().url, DEMO.owner);
      await page.getByRole('navigation', { name: 'Menu główne' }).getByText('Wypełnione formularze').click();
      await page.waitForURL('**/filled-forms');
      await page
        .locator('[data-remote="mfe-results"]')
        .getByRole('link', { name: `Wyniki formularza ${name}` })
        .click();
      await page.waitForURL(`**/formdata/all/${formId}`);
      await trail.getByText(name).waitFor();
      assert.deepEqual(
        (await crumbs()).map((crumb) => crumb.trim()),
        ['Wypełnione formularze', name],
      );

      await page.goto(`${product().url}/nie-ma-takiej-strony`);
      await page.getByRole('heading', { name: 'Nie znaleziono strony' }).waitFor();
      assert.equal(await trail.count(), 0);
    } finally {
      await page.close();
    }
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
    /** The area at `pagePath` in high contrast and the largest font; a screenshot is kept of it. */
    const checkLook = async ({ remote, path: pagePath }: { remote: string; path: string }) => {
      await page.goto(product().url + pagePath);
      const look = await remoteLook(page, remote);
      assert.equal(look.color, HIGH_CONTRAST_YELLOW, `${remote}: heading colour`);
      assert.equal(look.background, BLACK, `${remote}: background`);
      assert.ok(look.bodyFontPx >= 21, `${remote}: text scaled (${look.bodyFontPx}px)`);
      await page.screenshot({
        path: path.join(artifacts, `${remote}-high-contrast-largest.png`),
        fullPage: true,
      });
    };
    for (const guestPage of guestPages) await checkLook(guestPage);
    await signIn(page, product().url, DEMO.editor);
    await closeFirstLoginDialog(page);
    for (const staffPage of [
      { remote: 'mfe-filling', path: '/' },
      { remote: 'mfe-forms-builder', path: '/forms' },
      { remote: 'mfe-results', path: '/results' },
    ]) {
      await checkLook(staffPage);
    }
    await sideMenuSettledAt(page, 390);
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
