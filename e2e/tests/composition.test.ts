import assert from 'node:assert/strict';
import { renameSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { closeFirstLoginDialog, DEMO, DEMO_PASSWORD, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

/** A page of each of the five areas, and what identifies it on screen. */
const AREA_PAGES = [
  { remote: 'mfe-auth', path: '/login', heading: 'Zaloguj się', signedIn: false },
  { remote: 'mfe-admin', path: '/admin-panel/login', heading: 'Logowanie administratora', signedIn: false },
  { remote: 'mfe-filling', path: '/', heading: 'Dzisiejsze akcje', signedIn: true },
  { remote: 'mfe-forms-builder', path: '/forms', heading: 'Formularze', signedIn: true },
  { remote: 'mfe-results', path: '/results', heading: 'Formularze', signedIn: true },
] as const;

async function areaHeading(page: Page, remote: string, heading: string) {
  await page
    .locator(`[data-remote="${remote}"]`)
    .getByRole('heading', { name: heading, exact: true })
    .waitFor();
}

const { product, browser } = productAndBrowserForSuite();

describe('the shell composed from five remotes', () => {
  test('renders a page of each remote on a cold load', async () => {
    const page = await browser().newPage();
    for (const area of AREA_PAGES.filter((candidate) => !candidate.signedIn)) {
      await page.goto(product().url + area.path);
      await areaHeading(page, area.remote, area.heading);
    }
    await signIn(page, product().url, DEMO.owner);
    await closeFirstLoginDialog(page);
    for (const area of AREA_PAGES.filter((candidate) => candidate.signedIn)) {
      await page.goto(product().url + area.path);
      await areaHeading(page, area.remote, area.heading);
    }
    await page.close();
  });

  test('the scripts of a page ask the browser to compile them while they download', async () => {
    const page = await browser().newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto(`${product().url}/login`);
    await areaHeading(page, 'mfe-auth', 'Zaloguj się');
    await page.close();
    // The shell's own chunks, the federation runtime in its entry, and the area's chunks; not the
    // two small scripts of the page's head, which run at once.
    const built = [...scripts].filter((url) => !/\/(appearance-boot|page-start)\.js/.test(url));
    assert.ok(
      built.some((url) => url.includes('/deployments/mfe-auth/')),
      'the area’s chunks were loaded',
    );
    for (const url of built) {
      const text = await (await fetch(url)).text();
      assert.ok(text.startsWith('//# allFunctionsCalledOnLoad\n'), `${url} starts with the compile hint`);
    }
  });

  test('the session check and the screen’s data are requested before the shell’s script runs, and once', async () => {
    const token = await apiToken(product().url, DEMO.patient);
    // The first-login help would hide the home page's heading whenever it opens first.
    await apiCall(product().url, token, 'PUT', '/api/persons/after_first_login');
    const context = await browser().newContext();
    await context.addInitScript((session) => {
      sessionStorage.setItem('token', session);
      sessionStorage.setItem('sessionKind', 'patient');
    }, token);
    const requested = (page: Page) => {
      const paths: string[] = [];
      page.on('request', (request) => paths.push(new URL(request.url()).pathname));
      return paths;
    };

    // Without the shell's script, what is requested was requested by the page's first script.
    const withoutShell = await context.newPage();
    await withoutShell.route(/\/main\.js/, (route) => route.abort());
    const earlyPaths = ['/api/persons/my', '/api/form_template/5', '/api/form_data/7'];
    await Promise.all([
      ...earlyPaths.map((path) =>
        withoutShell.waitForRequest((request) => new URL(request.url()).pathname === path, {
          timeout: 10_000,
        }),
      ),
      withoutShell.goto(`${product().url}/formdata/edit/5/7`),
    ]);
    await withoutShell.close();

    // With it, the shell takes those requests over rather than sending them again.
    const page = await context.newPage();
    const paths = requested(page);
    await page.goto(`${product().url}/`);
    await areaHeading(page, 'mfe-filling', 'Dzisiejsze akcje');
    assert.deepEqual(
      paths.filter((path) => path === '/api/persons/my'),
      ['/api/persons/my'],
    );
    await context.close();
  });

  test('an area takes the shared modules the shell has loaded rather than fetching its own copies', async () => {
    const page = await browser().newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    // The guest pages alone: they need no session, so the check does not depend on what earlier
    // tests of the suite left signed in or dismissed.
    const guestAreas = AREA_PAGES.filter((area) => !area.signedIn);
    for (const area of guestAreas) {
      await page.goto(product().url + area.path);
      await areaHeading(page, area.remote, area.heading);
    }
    await page.close();

    for (const { remote } of guestAreas) {
      const loaded = scripts.filter((script) => script.startsWith(`/deployments/${remote}/`));
      assert.ok(loaded.length > 0, `${remote}'s scripts were loaded`);
      const folder = loaded[0]!.slice(0, loaded[0]!.lastIndexOf('/') + 1);
      const manifest = (await (await fetch(`${product().url}${folder}mf-manifest.json`)).json()) as {
        shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
        exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
      };
      const areaFiles = new Set(
        manifest.exposes.flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async]),
      );
      for (const { name, assets } of manifest.shared) {
        const ownCopy = [...assets.js.sync, ...assets.js.async].filter((file) => !areaFiles.has(file));
        const fetched = ownCopy.filter((file) => loaded.includes(folder + file));
        assert.deepEqual(fetched, [], `${remote} fetched its own copy of ${name}`);
      }
    }
  });

  test('moves between remotes without reloading the page', async () => {
    const page = await browser().newPage();
    await page.goto(`${product().url}/login`);
    await areaHeading(page, 'mfe-auth', 'Zaloguj się');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.evaluate(() => window.history.pushState(null, '', '/login-employee'));
    await areaHeading(page, 'mfe-auth', 'Logowanie personelu');
    const auth = page.locator('[data-remote="mfe-auth"]');
    await auth.locator('input[autocomplete="username"]').fill(DEMO.owner.login);
    await auth.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await auth.getByRole('button', { name: 'Zaloguj się' }).click();
    await page.getByTestId('user-name').waitFor();
    for (const area of [...AREA_PAGES.filter((candidate) => candidate.signedIn), AREA_PAGES[1]]) {
      await page.evaluate((to) => window.history.pushState(null, '', to), area.path);
      await areaHeading(page, area.remote, area.heading);
    }
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker), true);
    assert.equal(await page.locator('[data-remote]').count(), 1, 'only the active area is mounted');
    await page.close();
  });

  test('applies the high-contrast theme and the largest font inside the remote', async () => {
    const page = await browser().newPage();
    await page.goto(`${product().url}/login`);
    await areaHeading(page, 'mfe-auth', 'Zaloguj się');
    await page.getByRole('button', { name: 'Wysoki kontrast' }).click();
    await page.getByRole('button', { name: /Największa czcionka/ }).click();
    const remoteRoot = page.locator('[data-remote="mfe-auth"] [data-theme]').first();
    await assertEventually(async () => (await remoteRoot.getAttribute('data-theme')) === 'high-contrast');
    assert.equal(await remoteRoot.getAttribute('data-font-level'), '2');
    const color = await page
      .locator('[data-remote="mfe-auth"] h2')
      .evaluate((element) => getComputedStyle(element).color);
    assert.equal(color, 'rgb(255, 242, 0)');
    await page.reload();
    await areaHeading(page, 'mfe-auth', 'Zaloguj się');
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'high-contrast', 'kept after reload');
    await page.close();
  });

  test('the super-admin signs in to the panel through mfe-admin and the API, and signs out', async () => {
    const page = await browser().newPage();
    await page.goto(`${product().url}/admin-panel/login`);
    const area = page.locator('[data-remote="mfe-admin"]');
    await area.getByLabel('Nazwa użytkownika').fill('admin@demo.local');
    await area.locator('input[autocomplete="current-password"]').fill('zle-haslo');
    await area.getByRole('button', { name: 'Zaloguj się' }).click();
    await area.getByText('Błąd logowania').waitFor();

    await area.locator('input[autocomplete="current-password"]').fill('Demo@2026x');
    await area.getByRole('button', { name: 'Zaloguj się' }).click();
    await area.getByRole('heading', { name: 'Panel administracyjny' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin-panel');
    await area.getByText('Zalogowano jako admin@demo.local.').waitFor();

    await area.getByRole('button', { name: 'Wyloguj się' }).click();
    await areaHeading(page, 'mfe-admin', 'Logowanie administratora');
    await page.close();
  });

  test('a remote whose files are missing shows the error panel while the other four work', async () => {
    const registry = (await (await fetch(`${product().url}/api/remotes`)).json()) as {
      remotes: Array<{ name: string; version: string }>;
    };
    const results = registry.remotes.find((remote) => remote.name === 'mfe-results')!;
    const folder = path.join(product().deploymentsDir, 'mfe-results', results.version);
    renameSync(folder, `${folder}.gone`);
    try {
      const page = await browser().newPage();
      await signIn(page, product().url, DEMO.owner);
      await page.goto(`${product().url}/results`);
      await page.getByText('Nie udało się wczytać modułu „Wyniki i projekty”').waitFor();
      await page.getByRole('button', { name: 'Spróbuj ponownie' }).waitFor();
      await page.getByRole('button', { name: 'Wysoki kontrast' }).waitFor();
      const othersSignedIn = AREA_PAGES.filter(
        (candidate) => candidate.remote !== 'mfe-results' && candidate.remote !== 'mfe-auth',
      );
      for (const area of othersSignedIn) {
        await page.evaluate((to) => window.history.pushState(null, '', to), area.path);
        await areaHeading(page, area.remote, area.heading);
      }
      await page.close();
    } finally {
      renameSync(`${folder}.gone`, folder);
    }
  });
});

async function assertEventually(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
