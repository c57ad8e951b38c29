import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';

/** The patient app offline: the service worker's readiness and the connection's loss, as tests see them. */

interface Registry {
  remotes: Array<{ name: string; version: string }>;
}

/** The version of mfe-filling the registry serves now. */
export async function activeFilling(baseUrl: string): Promise<string> {
  const registry = (await (await fetch(`${baseUrl}/api/remotes`)).json()) as Registry;
  return registry.remotes.find((remote) => remote.name === 'mfe-filling')!.version;
}

interface Manifest {
  exposes: Array<{
    assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } };
  }>;
}

/** Every file of a version of mfe-filling that a screen of it may load, as the server lists them. */
export async function versionFiles(baseUrl: string, version: string): Promise<string[]> {
  const folder = `/deployments/mfe-filling/${version}/`;
  const manifest = (await (await fetch(`${baseUrl}${folder}mf-manifest.json`)).json()) as Manifest;
  const assets = manifest.exposes.flatMap(({ assets: { js, css } }) => [
    ...js.sync,
    ...js.async,
    ...css.sync,
    ...css.async,
  ]);
  return [...new Set(['mf-manifest.json', 'remoteEntry.js', ...assets])].map((file) => folder + file);
}

/** The service worker controls the page and keeps every file of the mfe-filling `version`. */
export async function workerReady(page: Page, baseUrl: string, version: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.waitForFunction(
    async (expected) => {
      const cache = await caches.open('formularze-remotes');
      const kept = new Set(
        (await cache.keys()).map((request) => decodeURIComponent(new URL(request.url).pathname)),
      );
      return expected.every((path) => kept.has(path));
    },
    await versionFiles(baseUrl, version),
    { timeout: 60_000, polling: 250 },
  );
}

/** Cuts the browser's connection and checks the page's own requests no longer reach the server. */
export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  const reachable = await page.evaluate(() =>
    fetch('/api/health').then(
      () => true,
      () => false,
    ),
  );
  assert.equal(reachable, false, 'offline');
}
