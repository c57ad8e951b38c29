import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { closeFirstLoginDialog, DEMO, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();

/** PHQ-9 as the published FHIR R4 Questionnaire (LOINC 44249-1), the API tests' fixture. */
const PHQ_9 = fileURLToPath(new URL('../../api/test/fhir/phq-9.questionnaire.json', import.meta.url));

test('an owner imports PHQ-9 from a FHIR file, reads the report and edits the new draft', async () => {
  const page = await browser().newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await signIn(page, product().url, DEMO.owner);
  await closeFirstLoginDialog(page);
  await page.goto(`${product().url}/forms`);
  const area = page.locator('[data-remote="mfe-forms-builder"]');
  await area.getByRole('button', { name: 'Importuj z FHIR' }).click();

  const dialog = page.getByRole('dialog', { name: 'Importuj z FHIR' });
  await dialog.getByLabel('Plik JSON z kwestionariuszem').setInputFiles(PHQ_9);
  await dialog.getByRole('button', { name: 'Importuj' }).click();
  await dialog.getByText('Utworzono szkic „PHQ-9 quick depression assessment panel”: 10 z 11').waitFor();
  const skipped = dialog.getByRole('region', { name: 'Czego nie przeniesiono' });
  assert.match(await skipped.innerText(), /Pole wyliczane/);

  await dialog.getByRole('button', { name: 'Otwórz szkic' }).click();
  await area.getByRole('heading', { name: 'Edycja PHQ-9 quick depression assessment panel' }).waitFor();
  // Its ten questions are the draft's fields, in the canvas of the editor.
  await area.locator('[data-canvas] [data-field-id="/44250-9"]').waitFor();
  assert.equal(await area.locator('[data-canvas] [data-field-id]').count(), 10);
  await page.close();
});
