import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startProduct, type RunningProduct } from './product.js';

/** Starts the product and a browser before the file's tests and stops both after them. */
export function productAndBrowserForSuite(options: Parameters<typeof startProduct>[0] = {}): {
  product: () => RunningProduct;
  browser: () => Browser;
} {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  before(async () => {
    product = await startProduct(options);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await product?.stop();
  });
  return { product: () => product!, browser: () => browser! };
}
