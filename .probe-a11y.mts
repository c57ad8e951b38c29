import { startProduct } from './e2e/src/product.ts';
import { launchBrowser } from './e2e/src/browser.ts';
import { DEMO, signIn } from './e2e/src/session.ts';
import { layoutProblems } from './e2e/src/screen-checks.ts';
const paths = (process.env.PATHS ?? '/,/profile,/orders,/password-change,/shopping-cart').split(',');
const width = Number(process.env.W ?? 390);
const product = await startProduct();
console.log('URL', product.url);
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width, height: 844 } });
await page.addInitScript(() => localStorage.setItem('fontLevel', '2'));
await signIn(page, product.url, DEMO.patient);
for (const p of paths) {
  await page.goto(product.url + p);
  await page.waitForTimeout(2500);
  const wide = await page.evaluate((w) => {
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.right > w + 1 && r.width > 0) {
        const parentWide = el.parentElement && el.parentElement.getBoundingClientRect().right > w + 1;
        out.push(`${parentWide ? '  ' : '* '}${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)} w=${Math.round(r.width)} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      }
    }
    return out.slice(0, 40);
  }, width);
  console.log("== ", p);
  console.log(wide.join('\n'));
  console.log(JSON.stringify((await layoutProblems(page)).slice(0, 15), null, 1));
}
await browser.close();
await product.stop();
