import { after, before } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { apiCall, apiToken } from './api.js';
import { launchBrowser } from './browser.js';
import { startProduct, type RunningProduct } from './product.js';
import { signIn, type DemoAccount } from './session.js';

/** Starts the product before the file's tests and stops it after them. */
export function productForSuite(options: Parameters<typeof startProduct>[0] = {}): () => RunningProduct {
  let product: RunningProduct | undefined;
  before(async () => {
    product = await startProduct(options);
  });
  after(async () => {
    await product?.stop();
  });
  return () => product!;
}

/** Marks the welcome help of the account of `token` seen, so no first-login dialog covers its pages. */
export const markWelcomeHelpSeen = (baseUrl: string, token: string) =>
  apiCall(baseUrl, token, 'PUT', '/api/persons/after_first_login');

/** Starts the product and a browser before the file's tests and stops both after them. */
export function productAndBrowserForSuite(options: Parameters<typeof startProduct>[0] = {}): {
  product: () => RunningProduct;
  browser: () => Browser;
  signedInPage: (
    account: DemoAccount,
    contextOptions?: BrowserContextOptions,
  ) => Promise<{ page: Page; context: BrowserContext; close: () => Promise<void> }>;
} {
  let browser: Browser | undefined;
  // The browser's hooks come first (hooks run in the order they are registered): it closes before
  // the product stops.
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  const product = productForSuite(options);
  return {
    product,
    browser: () => browser!,
    /**
     * `account` signed in on a page of a fresh browser context (1400×1000 unless `contextOptions`
     * say otherwise), its welcome help marked seen so no dialog covers the page; the page's
     * errors are logged.
     */
    async signedInPage(account, contextOptions = {}) {
      const url = product().url;
      await markWelcomeHelpSeen(url, await apiToken(url, account));
      const context = await browser!.newContext({
        viewport: { width: 1400, height: 1000 },
        ...contextOptions,
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log('page error:', page.url(), error.stack));
      await signIn(page, url, account);
      return { page, context, close: () => context.close() };
    },
  };
}
