import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiToken } from '../src/api.js';
import { layout, publishForDemoPatient, row, submitFilling } from '../src/forms.js';
import { DEMO } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, signedInPage } = productAndBrowserForSuite();

/** The owner, signed in, past the first-login help (each test may run alone), in a window of `size`. */
const ownerPage = (size: { width: number; height: number }) => signedInPage(DEMO.owner, { viewport: size });

/** Switches to the largest font with the top bar's button, as a person does. */
async function largestFont(page: Page) {
  await page.getByRole('button', { name: /Największa czcionka/ }).click();
  await page.waitForFunction(() => localStorage.getItem('fontLevel') === '2');
}

/**
 * Every word of every table cell on the page that is drawn on more than one line, as
 * `cell text: word`: a word split inside ('demonstrac|yjny') spans two line boxes. A hyphen is a
 * place to break, as in print ('e-|mail'): the parts around it are the words.
 */
function wordsSplitAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    for (const cell of Array.from(document.querySelectorAll('.fui-TableCell, .fui-TableHeaderCell'))) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) split.push(`${cell.textContent?.trim()}: ${match[0]}`);
        }
      }
    }
    return split;
  });
}

test('the builder canvas keeps room for its cards at the largest font in a 1024 px window', async () => {
  const { page, close } = await ownerPage({ width: 1024, height: 800 });
  await largestFont(page);
  await page.goto(`${product().url}/forms/add`);
  const area = page.locator('[data-remote="mfe-forms-builder"]');
  await area.getByRole('button', { name: 'Dodaj pole Tekst', exact: true }).click();
  const canvas = area.locator('[data-canvas]');
  const card = canvas.locator('[data-field-id]').first();
  await card.waitFor();

  const { width } = (await canvas.boundingBox())!;
  assert.ok(width >= 280, `the canvas is ${Math.round(width)} px wide`);
  // A card shows all of itself: nothing of it is cut off on the right.
  const clipped = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  assert.ok(clipped <= 1, `a card hides ${clipped} px of its content`);
  // Neither does the page scroll sideways.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  await close();
});

test('table cells break only between words at desktop widths; a wide table scrolls in its region', async () => {
  const url = product().url;
  const owner = await apiToken(url, DEMO.owner);
  const patient = await apiToken(url, DEMO.patient);
  const formId = await publishForDemoPatient(url, owner, {
    name: 'Kwestionariusz samopoczucia pooperacyjnego',
    layoutElementObject: layout(row({ id: 'opis', type: 'TEXT', label: 'Opis', size: 200, maxRows: 1 })),
  });
  await submitFilling(url, patient, formId, { opis: 'Dobrze' });

  const { page, close } = await ownerPage({ width: 1280, height: 900 });
  const screens = ['/forms', '/groups', `/results/${formId}`, `/formdata/all/${formId}`];
  for (const font of ['default', 'largest'] as const) {
    if (font === 'largest') await largestFont(page);
    for (const path of screens) {
      await page.goto(`${url}${path}`);
      await page.locator('.fui-TableBody .fui-TableRow').first().waitFor();
      assert.deepEqual(await wordsSplitAcrossLines(page), [], `${path} at the ${font} font`);
      // What does not fit scrolls inside the table's region, never the page.
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${path} at the ${font} font scrolls the page sideways`,
      );
    }
  }
  await close();
});

test('a multi-line text answer keeps its lines on the details page and in the results table', async () => {
  const url = product().url;
  const owner = await apiToken(url, DEMO.owner);
  const patient = await apiToken(url, DEMO.patient);
  const formId = await publishForDemoPatient(url, owner, {
    name: 'Dziennik objawów',
    layoutElementObject: layout(
      row({ id: 'objawy', type: 'TEXT', label: 'Objawy', size: 500, maxRows: 3, showInTableView: true }),
    ),
  });
  const answer = 'Ból głowy rano\nNudności po południu';
  const filledId = await submitFilling(url, patient, formId, { objawy: answer });

  const { page, close } = await ownerPage({ width: 1280, height: 900 });
  await page.goto(`${url}/formdata/${filledId}`);
  const shown = page.locator('[data-remote="mfe-filling"]').getByText('Ból głowy rano');
  await shown.waitFor();
  // innerText is the text as drawn: a line break drawn as a space reads as one.
  assert.equal(await shown.innerText(), answer);

  await page.goto(`${url}/formdata/all/${formId}`);
  const cell = page.locator('[data-remote="mfe-results"] .fui-TableCell').getByText('Ból głowy rano');
  await cell.waitFor();
  assert.equal(await cell.innerText(), answer);
  await close();
});
