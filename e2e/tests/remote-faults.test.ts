import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { SHELL_CONTRACT_VERSION } from '@formularze/domain/contract-version';
import { remoteContainerName, type RemoteName } from '@formularze/domain/schemas/remotes';
import { deployBumpedRelease } from '../src/deployments.js';
import { closeFirstLoginDialog, DEMO, DEMO_PASSWORD, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

// Faults of one remote's files, injected by request routing, while the page runs the real shell and
// the four other real remotes. mfe-admin gets a second deployment first, so its previous version is
// the registry's last known good one; mfe-results has only the version deployed at start.

const { product, browser } = productAndBrowserForSuite();

interface RegistryEntry {
  name: RemoteName;
  version: string;
  lastKnownGood: { version: string } | null;
}

async function registryEntry(name: RemoteName): Promise<RegistryEntry> {
  const registry = (await (await fetch(`${product().url}/api/remotes`)).json()) as {
    remotes: RegistryEntry[];
  };
  return registry.remotes.find((remote) => remote.name === name)!;
}

/** How long the shell waits for a remote's code (shell/src/composition/remote-loader.ts). */
const REMOTE_LOAD_TIMEOUT_MS = 20_000;

type Fault = 'answers 500' | 'hangs' | 'throws in mount';

/** What a remote that crashes while mounting leaves in its element before it throws. */
const HALF_MOUNTED = 'Moduł w połowie zamontowany';

/**
 * A remote entry whose `./app` renders part of its screen and then rejects in `mount`, as an
 * area crashing while it starts would; everything else about it is what the shell expects.
 */
function crashingEntry(remote: RemoteName): string {
  return `var ${remoteContainerName(remote)} = {
  init: function () {},
  get: function () {
    return Promise.resolve(function () {
      return {
        contractVersion: ${JSON.stringify(SHELL_CONTRACT_VERSION)},
        bootstrap: function () { return Promise.resolve(); },
        mount: function (props) {
          props.domElement.textContent = ${JSON.stringify(HALF_MOUNTED)};
          return Promise.reject(new Error('awaria podczas montowania'));
        },
        unmount: function () { return Promise.resolve(); }
      };
    });
  }
};`;
}

interface InjectedFault {
  /** Serves the real entry again (a request left hanging is dropped). */
  lift(): Promise<void>;
}

/** Makes the entry of `version` of `remote` fail as `fault` says, in this page, until lifted. */
async function injectFault(page: Page, remote: RemoteName, version: string, fault: Fault) {
  const entryPath = `/deployments/${remote}/${version}/remoteEntry.js`;
  const matches = (url: URL) => url.pathname === entryPath;
  const hanging: Route[] = [];
  const handler = async (route: Route) => {
    if (fault === 'answers 500') await route.fulfill({ status: 500, body: 'Internal Server Error' });
    else if (fault === 'throws in mount')
      await route.fulfill({ contentType: 'text/javascript', body: crashingEntry(remote) });
    else hanging.push(route);
  };
  await page.route(matches, handler);
  const injected: InjectedFault = {
    async lift() {
      await page.unroute(matches, handler);
      await Promise.all(hanging.map((route) => route.abort().catch(() => undefined)));
    },
  };
  return injected;
}

/** Loads `path` afresh; a hanging script would hold the page's load event, so only the document is awaited. */
async function open(page: Page, path: string) {
  await page.goto(product().url + path, { waitUntil: 'domcontentloaded' });
}

function area(page: Page, remote: RemoteName) {
  return page.locator(`[data-remote="${remote}"]`);
}

/**
 * Moves the page's clock past the loader's timeout once the area is waiting for its code: the
 * area's element appears in the same task as the loader's timer starts.
 */
async function passLoadTimeout(page: Page, remote: RemoteName) {
  await area(page, remote).waitFor({ state: 'attached' });
  await page.clock.fastForward(REMOTE_LOAD_TIMEOUT_MS);
}

async function areaHeading(page: Page, remote: RemoteName, heading: string, timeout?: number) {
  await area(page, remote).getByRole('heading', { name: heading, exact: true }).waitFor({ timeout });
}

async function openFromMenu(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Menu główne' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** The menu, the top bar and two other areas work while one area is broken. */
async function assertShellUsable(page: Page) {
  await page.getByTestId('user-name').getByText(DEMO.owner.name).waitFor();
  await page.getByRole('button', { name: 'Wysoki kontrast' }).waitFor();
  await openFromMenu(page, 'Definicje formularzy');
  await areaHeading(page, 'mfe-forms-builder', 'Formularze');
  await openFromMenu(page, 'Start');
  await areaHeading(page, 'mfe-filling', 'Dzisiejsze akcje');
}

const RESULTS_PANEL = 'Nie udało się wczytać modułu „Wyniki i projekty”';

/** A marker on `window` survives anything but a page load. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}
async function assertNotReloaded(page: Page) {
  assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true);
}

/** Fallback reports the server holds for the super-admin panel. */
async function fallbackEvents(): Promise<Array<{ remote: string; fromVersion: string; toVersion: string }>> {
  const login = await fetch(`${product().url}/api/auth/login-owner`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${product().url}/api/remotes/fallback-events`, {
    headers: { 'x-auth-token': token },
  });
  assert.equal(response.status, 200);
  return (await response.json()) as Array<{ remote: string; fromVersion: string; toVersion: string }>;
}

describe('a remote whose files fail', () => {
  let page: Page;
  let admin: { active: string; lastKnownGood: string };
  let results: string;

  before(async () => {
    await deployBumpedRelease(product(), 'mfe-admin', { build: false });
    const adminEntry = await registryEntry('mfe-admin');
    admin = { active: adminEntry.version, lastKnownGood: adminEntry.lastKnownGood!.version };
    const resultsEntry = await registryEntry('mfe-results');
    assert.equal(resultsEntry.lastKnownGood, null, 'mfe-results has no version to fall back to');
    results = resultsEntry.version;

    page = await browser().newPage();
    // Time runs as usual; a test moves it on to the loader's timeout instead of waiting for it.
    await page.clock.install();
    await signIn(page, product().url, DEMO.owner);
    await closeFirstLoginDialog(page);
  });

  /** The admin area on its last known good version, reported to the server, the rest working. */
  async function assertAdminFellBack(reportsBefore: number) {
    await areaHeading(page, 'mfe-admin', 'Członkowie organizacji');
    await page.getByText(`mfe-admin: ${admin.lastKnownGood} (awaryjnie zamiast ${admin.active})`).waitFor();
    assert.equal(await page.getByText(HALF_MOUNTED).count(), 0);
    const reports = await fallbackEvents();
    assert.ok(reports.length > reportsBefore, 'the fallback was reported');
    assert.deepEqual(
      { remote: reports[0]!.remote, from: reports[0]!.fromVersion, to: reports[0]!.toVersion },
      { remote: 'mfe-admin', from: admin.active, to: admin.lastKnownGood },
    );
    await assertShellUsable(page);
  }

  /**
   * The error panel in the results area, the rest working, and a retry that needs no reload.
   * `whileLoading` runs each time the area is opened again while the fault lasts.
   */
  async function assertPanelThenRetry(fault: InjectedFault, whileLoading = async () => {}) {
    const panel = area(page, 'mfe-results');
    await panel.getByText(RESULTS_PANEL).waitFor();
    assert.equal(await page.getByText(HALF_MOUNTED).count(), 0);
    await assertShellUsable(page);
    await openFromMenu(page, 'Projekty');
    await whileLoading();
    await panel.getByText(RESULTS_PANEL).waitFor();
    await markWindow(page);
    await fault.lift();
    await panel.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await areaHeading(page, 'mfe-results', 'Projekty');
    await assertNotReloaded(page);
  }

  test('an entry answering 500 falls back to the last known good version', async (t) => {
    const reportsBefore = (await fallbackEvents()).length;
    const fault = await injectFault(page, 'mfe-admin', admin.active, 'answers 500');
    t.after(() => fault.lift());
    await open(page, '/persons');
    await assertAdminFellBack(reportsBefore);
  });

  test('an entry answering 500 with nothing to fall back to shows the panel; retry recovers', async (t) => {
    const fault = await injectFault(page, 'mfe-results', results, 'answers 500');
    t.after(() => fault.lift());
    await open(page, '/groups');
    await assertPanelThenRetry(fault);
  });

  test('a hanging entry is given up after the timeout, for the last known good version', async (t) => {
    const reportsBefore = (await fallbackEvents()).length;
    const fault = await injectFault(page, 'mfe-admin', admin.active, 'hangs');
    t.after(() => fault.lift());
    await open(page, '/persons');
    await passLoadTimeout(page, 'mfe-admin');
    await assertAdminFellBack(reportsBefore);
  });

  test('a hanging entry with nothing to fall back to: the panel after the timeout; retry recovers', async (t) => {
    const fault = await injectFault(page, 'mfe-results', results, 'hangs');
    t.after(() => fault.lift());
    await open(page, '/groups');
    await area(page, 'mfe-results').waitFor({ state: 'attached' });
    // The other areas do not wait for the hanging one.
    await openFromMenu(page, 'Definicje formularzy');
    await areaHeading(page, 'mfe-forms-builder', 'Formularze', 5_000);
    await openFromMenu(page, 'Projekty');
    await passLoadTimeout(page, 'mfe-results');
    await assertPanelThenRetry(fault, () => passLoadTimeout(page, 'mfe-results'));
  });

  test('a remote throwing in mount falls back to the last known good version', async (t) => {
    const reportsBefore = (await fallbackEvents()).length;
    const fault = await injectFault(page, 'mfe-admin', admin.active, 'throws in mount');
    t.after(() => fault.lift());
    await open(page, '/persons');
    await assertAdminFellBack(reportsBefore);
  });

  test('a remote throwing in mount with nothing to fall back to shows the panel; retry recovers', async (t) => {
    const fault = await injectFault(page, 'mfe-results', results, 'throws in mount');
    t.after(() => fault.lift());
    await open(page, '/groups');
    await assertPanelThenRetry(fault);
  });
});
