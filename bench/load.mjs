// Cold load of /login in headless Chromium, then a route change to a second remote.
// Usage: start the product (`npm start`), then `npm run bench:load` (BASE_URL to point elsewhere, RUNS to
// repeat, ENCODING=gzip to measure gzip instead of the brotli Chromium negotiates by default).
import { launchBrowser } from '../e2e/src/browser.ts';
import { resourcesUntil as jsUntil, watchFor } from './page-timing.mjs';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const RUNS = Number(process.env.RUNS ?? 5);
const BUDGET_KB = 250;
const ENCODING = process.env.ENCODING ?? 'br';

async function measureOnce(browser) {
  const context = await browser.newContext(
    ENCODING === 'br' ? {} : { extraHTTPHeaders: { 'Accept-Encoding': ENCODING } },
  );
  const page = await context.newPage();
  await page.addInitScript(watchFor, { selector: '[data-remote="mfe-auth"] form input', key: '__loginAt' });
  await page.addInitScript(watchFor, { selector: '[data-remote="mfe-admin"] form input', key: '__adminAt' });
  await page.goto(`${BASE_URL}/login`);
  await page.waitForFunction(() => window.__loginAt);
  const loginAt = await page.evaluate(() => window.__loginAt);
  const beforeLogin = await page.evaluate(jsUntil, { from: -1, to: loginAt });

  // Let the idle preload of the other remotes happen, as it would while the user reads the page.
  await page.waitForTimeout(1500);
  const changeAt = await page.evaluate(() => {
    window.history.pushState(null, '', '/admin-panel/login');
    return performance.now();
  });
  await page.waitForFunction(() => window.__adminAt);
  const adminAt = await page.evaluate(() => window.__adminAt);
  const afterChange = await page.evaluate(jsUntil, { from: changeAt, to: adminAt });
  await context.close();
  return { loginAt, beforeLogin, changeMs: adminAt - changeAt, afterChange };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await launchBrowser();
const runs = [];
for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(browser));
await browser.close();

const summary = runs.map((run) => ({
  jsBytes: run.beforeLogin.filter((entry) => entry.js).reduce((sum, entry) => sum + entry.bytes, 0),
  requests: run.beforeLogin.length + 1,
  renderMs: run.loginAt,
  changeJsBytes: run.afterChange.filter((entry) => entry.js).reduce((sum, entry) => sum + entry.bytes, 0),
  changeRequests: run.afterChange.length,
  changeMs: run.changeMs,
}));

const last = runs.at(-1);
const shellScript = last.beforeLogin.find((entry) => /\/main\.js/.test(entry.url));
console.log(`\nCold /login (${BASE_URL}), ${RUNS} runs, ${ENCODING} transfer, median:`);
console.log(
  `  JS before the login form renders: ${kb(median(summary.map((s) => s.jsBytes)))} KB (${ENCODING}, budget ${BUDGET_KB} KB gzip)`,
);
console.log(`  requests before render (incl. the document): ${median(summary.map((s) => s.requests))}`);
console.log(`  time to the login form: ${median(summary.map((s) => s.renderMs)).toFixed(0)} ms`);
console.log(`Route change /login → /admin-panel/login (after idle preload), median:`);
console.log(
  `  JS downloaded: ${kb(median(summary.map((s) => s.changeJsBytes)))} KB in ${median(summary.map((s) => s.changeRequests))} requests`,
);
console.log(`  time to the admin login form: ${median(summary.map((s) => s.changeMs)).toFixed(0)} ms`);
console.log(`\nRequests of the last cold load before render (start → end ms, KB):`);
for (const entry of last.beforeLogin.sort((a, b) => a.start - b.start)) {
  const afterShell =
    shellScript && entry.start >= shellScript.end ? '  (started after the shell script)' : '';
  console.log(
    `  ${entry.start.toFixed(0).padStart(5)} → ${entry.end.toFixed(0).padStart(5)}  ${kb(entry.bytes).padStart(6)}  ${entry.url.replace(BASE_URL, '')}${afterShell}`,
  );
}
const overBudget = median(summary.map((s) => s.jsBytes)) > BUDGET_KB * 1024;
if (overBudget) console.log(`\nOVER BUDGET: more than ${BUDGET_KB} KB of JS before /login renders.`);
