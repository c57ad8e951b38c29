import assert from 'node:assert/strict';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** A field's own control by its exact label (the page's label, not the helper buttons naming it). */
export const field = (area: Locator, label: string) => area.getByLabel(label, { exact: true });

/** Attaches `file` to the file question `label` and waits until the form lists it to go with the answers. */
export async function attachFile(area: Locator, label: string, file: string) {
  await field(area, label).setInputFiles(file);
  await area
    .getByRole('list', { name: `Załączone pliki: ${label}` })
    .getByText(path.basename(file))
    .waitFor();
}

/** Types into a control as a person at the keyboard does: focus, then keys. */
export async function typeInto(page: Page, control: Locator, text: string) {
  await control.focus();
  await page.keyboard.type(text);
}

/**
 * Answers the first questions of EVERY_FIELD_TYPE_LAYOUT (src/forms.ts) as the tests that fill it
 * begin: the name Maria Wiśniewska, a cough for three days, and a middling well-being.
 */
export async function answerOpeningQuestions(page: Page, area: Locator) {
  await typeInto(page, field(area, 'Imię i nazwisko'), 'Maria Wiśniewska');
  await typeInto(page, field(area, 'Objawy'), 'Kaszel od trzech dni');
  await area
    .getByRole('radiogroup', { name: 'Samopoczucie' })
    .getByRole('radio', { name: 'Średnio' })
    .check();
}

/**
 * Answers the questions of EVERY_FIELD_TYPE_LAYOUT (src/forms.ts) that every test of it answers
 * alike, typed where a person types: 37,5 °C measured on 20/11/2026 at 08:30, symptoms since
 * 18/11/2026 07:15, medicines taken, a headache and a cough, PESEL 44051401359, a location, a
 * package code, a family illness and one medicine (Paracetamol, 500 mg). The name, the symptoms
 * and the well-being (answerOpeningQuestions), the files and the signature are left to the test.
 */
export async function answerEveryFieldTypeForm(page: Page, area: Locator) {
  await typeInto(page, field(area, 'Temperatura'), '37,5');
  await typeInto(page, field(area, 'Data badania'), '20/11/2026');
  // A time box takes its keys by the browser's locale segments; `fill` sets it as the picker does.
  await field(area, 'Godzina pomiaru').fill('08:30');
  await typeInto(page, area.getByLabel('Data: Początek objawów'), '18/11/2026');
  await area.getByLabel('Godzina: Początek objawów').fill('07:15');
  await area
    .getByRole('radiogroup', { name: 'Czy przyjmuje Pani leki?' })
    .getByRole('radio', { name: 'Tak' })
    .focus();
  await page.keyboard.press('Space');
  const complaints = area.getByRole('group', { name: 'Dolegliwości' });
  await complaints.getByRole('checkbox', { name: 'Ból głowy' }).check();
  await complaints.getByRole('checkbox', { name: 'Kaszel' }).check();
  await typeInto(page, field(area, 'PESEL'), '44051401359');
  await typeInto(page, field(area, 'Miejsce pobytu'), '52.229676, 21.012229');
  await typeInto(page, field(area, 'Kod z opakowania leku'), 'LEK-12345');
  await typeInto(page, field(area, 'Choroby w rodzinie'), 'Nadciśnienie');
  await typeInto(page, field(area, 'Nazwa leku (wiersz 1)'), 'Paracetamol');
  await typeInto(page, field(area, 'Dawka (mg) (wiersz 1)'), '500');
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
