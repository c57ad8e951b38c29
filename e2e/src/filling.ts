import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/** A field's own control by its exact label (the page's label, not the helper buttons naming it). */
export const field = (area: Locator, label: string) => area.getByLabel(label, { exact: true });

/** Types into a control as a person at the keyboard does: focus, then keys. */
export async function typeInto(page: Page, control: Locator, text: string) {
  await control.focus();
  await page.keyboard.type(text);
}

/**
 * Signs on the canvas with the mouse and approves the signature. The pad is fetched when the sheet
 * appears; a stroke made before it is ready leaves nothing, so the hand signs again (bounded).
 */
export async function signWithMouse(page: Page, area: Locator, label: string) {
  const sheet = area.getByRole('img', { name: `Miejsce na podpis: ${label}` });
  await sheet.scrollIntoViewIfNeeded();
  // Nothing to approve on a blank sheet.
  assert.equal(await area.getByRole('button', { name: 'Zatwierdź podpis' }).isDisabled(), true);
  const approve = area.getByRole('button', { name: 'Zatwierdź podpis', disabled: false });
  for (let attempt = 1; ; attempt += 1) {
    const box = (await sheet.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.7, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.4, { steps: 8 });
    await page.mouse.up();
    // The approval turns on once the pad holds a stroke.
    const drawn = await approve.waitFor({ timeout: 1000 }).then(
      () => true,
      () => false,
    );
    if (drawn) break;
    if (attempt === 5) throw new Error('The signature pad took no stroke');
  }
  await approve.click();
  await area.getByRole('img', { name: `Złożony podpis: ${label}` }).waitFor();
}
