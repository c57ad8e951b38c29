import assert from 'node:assert/strict';
import { renameSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { deployBumpedRelease } from '../src/deployments.js';
import { folderHash } from '../src/files.js';
import { repoRoot } from '../src/product.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();

interface Registry {
  remotes: Array<{ name: string; version: string; lastKnownGood: { version: string } | null }>;
}

async function activeAdmin() {
  const registry = (await (await fetch(`${product().url}/api/remotes`)).json()) as Registry;
  return registry.remotes.find((remote) => remote.name === 'mfe-admin')!;
}

/** Loads the admin login page fresh and tells which build of mfe-admin it runs and which folder it came from. */
async function freshAdminPage(): Promise<{ page: Page; buildVersion: string | null; entryUrls: string[] }> {
  const page = await browser().newPage();
  const entryUrls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/deployments/mfe-admin/') && request.url().endsWith('remoteEntry.js'))
      entryUrls.push(request.url());
  });
  await page.goto(`${product().url}/admin-panel/login`);
  await page
    .locator('[data-remote="mfe-admin"]')
    .getByRole('heading', { name: 'Logowanie administratora' })
    .waitFor();
  const buildVersion = await page
    .locator('[data-remote="mfe-admin"] [data-build-version]')
    .first()
    .getAttribute('data-build-version');
  return { page, buildVersion, entryUrls };
}

test(
  'deploy of one remote, fallback when it breaks, and rollback — the shell untouched',
  { timeout: 300_000 },
  async () => {
    const shellBefore = folderHash(path.join(repoRoot, 'shell', 'dist'));
    const before = await activeAdmin();
    const first = await freshAdminPage();
    const originalBuild = first.buildVersion;
    assert.ok(first.entryUrls.some((url) => url.includes(`/${before.version}/`)));

    const bumped = await deployBumpedRelease(product(), 'mfe-admin');
    const deployed = await activeAdmin();
    assert.notEqual(deployed.version, before.version);
    assert.ok(deployed.version.startsWith(`${bumped}+`));
    assert.equal(deployed.lastKnownGood?.version, before.version);

    // A page opened before the deployment keeps its code and offers the new version.
    await first.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await first.page.getByText('Dostępna jest nowa wersja aplikacji').waitFor();
    assert.equal(
      await first.page
        .locator('[data-remote="mfe-admin"] [data-build-version]')
        .first()
        .getAttribute('data-build-version'),
      originalBuild,
    );
    await first.page.close();

    const afterDeploy = await freshAdminPage();
    assert.equal(afterDeploy.buildVersion, bumped);
    assert.ok(afterDeploy.entryUrls.every((url) => url.includes(`/${deployed.version}/`)));
    await afterDeploy.page.getByText(`mfe-admin: ${deployed.version}`).waitFor();
    await afterDeploy.page.close();

    // The new version's entry (and its precompressed copies) disappears from the static host: the
    // shell falls back to the previous version.
    const entry = path.join(product().deploymentsDir, 'mfe-admin', deployed.version, 'remoteEntry.js');
    const entryFiles = [entry, `${entry}.gz`, `${entry}.br`];
    entryFiles.forEach((file) => renameSync(file, `${file}.gone`));
    try {
      const fallback = await freshAdminPage();
      assert.equal(fallback.buildVersion, originalBuild);
      await fallback.page
        .getByText(`mfe-admin: ${before.version} (awaryjnie zamiast ${deployed.version})`)
        .waitFor();
      await fallback.page.close();
    } finally {
      entryFiles.forEach((file) => renameSync(`${file}.gone`, file));
    }

    const started = Date.now();
    const rolledBack = await product().operator('rollback', 'mfe-admin');
    assert.equal(rolledBack.code, 0, rolledBack.output);
    assert.equal((await activeAdmin()).version, before.version);
    console.log(`rollback command took ${Date.now() - started} ms (including npm and tsx start-up)`);

    const afterRollback = await freshAdminPage();
    assert.equal(afterRollback.buildVersion, originalBuild);
    assert.ok(afterRollback.entryUrls.every((url) => url.includes(`/${before.version}/`)));
    await afterRollback.page.close();

    assert.equal(folderHash(path.join(repoRoot, 'shell', 'dist')), shellBefore, 'the shell was not rebuilt');
  },
);
