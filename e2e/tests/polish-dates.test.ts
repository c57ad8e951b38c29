import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiToken } from '../src/api.js';
import { EVERY_FIELD_TYPE_LAYOUT, layout, publishForDemoPatient, row, submitFilling } from '../src/forms.js';
import { DEMO } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, signedInPage } = productAndBrowserForSuite();

/** The browser's own date and time boxes on the page: they follow its language (mm/dd/yyyy, AM/PM). */
const nativeDateAndTimeBoxes = (page: Page) =>
  page.locator('input[type="date"], input[type="time"], input[type="datetime-local"]').count();

/** An English browser, signed in as `account` past the first-login help. */
async function englishBrowserOf(account: (typeof DEMO)['owner' | 'patient']): Promise<Page> {
  return (await signedInPage(account, { locale: 'en-US' })).page;
}

test('an English browser gets the Polish dd/mm/rrrr date box and 24-hour times everywhere', async () => {
  const url = product().url;
  const owner = await apiToken(url, DEMO.owner);
  const formId = await publishForDemoPatient(url, owner, {
    name: 'Wywiad z datami',
    layoutElementObject: EVERY_FIELD_TYPE_LAYOUT,
  });
  const resultsFormId = await publishForDemoPatient(url, owner, {
    name: 'Krótka ankieta',
    layoutElementObject: layout(row({ id: 'opis', type: 'TEXT', label: 'Opis', size: 50, maxRows: 1 })),
  });
  await submitFilling(url, await apiToken(url, DEMO.patient), resultsFormId, { opis: 'Dobrze' });
  const page = await englishBrowserOf(DEMO.owner);
  assert.equal(await page.evaluate(() => navigator.language), 'en-US');

  // The builder's schedule: dates and period times.
  await page.goto(`${url}/forms/add`);
  const builder = page.locator('[data-remote="mfe-forms-builder"]');
  await builder.getByRole('switch', { name: 'Ustawienia zaawansowane' }).click();
  const schedule = builder.getByRole('region', { name: 'Harmonogram' });
  await schedule.getByRole('radio', { name: /^Wielokrotnie/ }).click();
  const start = schedule.getByLabel(/^Data początkowa/);
  await start.fill('05/03/2026');
  await start.blur();
  assert.equal(await start.inputValue(), '05/03/2026');
  const periodStart = schedule
    .getByRole('group', { name: 'Okres 1' })
    .first()
    .getByLabel(/^Początek/);
  await periodStart.fill('1730');
  await periodStart.blur();
  assert.equal(await periodStart.inputValue(), '17:30');
  assert.equal(await nativeDateAndTimeBoxes(page), 0, 'the builder');

  // The access dialog of the form list.
  await page.goto(`${url}/forms`);
  const list = page.locator('[data-remote="mfe-forms-builder"]');
  await list.getByRole('button', { name: 'Opcje formularza Wywiad z datami' }).click();
  await page.getByRole('menuitem', { name: 'Dostęp użytkowników' }).click();
  const access = page.getByRole('dialog', { name: 'Dostęp do formularza Wywiad z datami' });
  const since = access.getByLabel(`Dostęp od, ${DEMO.patient.name}`);
  await since.waitFor();
  assert.match(await since.inputValue(), /^\d{2}\/\d{2}\/\d{4}$/);
  assert.equal(await nativeDateAndTimeBoxes(page), 0, 'the access dialog');
  await access.getByRole('button', { name: 'Anuluj' }).click();

  // The date filters of the results.
  for (const path of [`/results/${resultsFormId}`, `/formdata/all/${resultsFormId}`]) {
    await page.goto(`${url}${path}`);
    const filter = page.getByLabel('Filtruj: Data wypełnienia');
    await filter.waitFor();
    assert.equal(await filter.getAttribute('placeholder'), 'dd/mm/rrrr', path);
    assert.equal(await nativeDateAndTimeBoxes(page), 0, path);
  }
  await page.context().close();

  // The fill page of a form with date, time and date-and-time questions.
  const patient = await englishBrowserOf(DEMO.patient);
  await patient.goto(`${url}/formdata/add/${formId}`);
  const filling = patient.locator('[data-remote="mfe-filling"]');
  const time = filling.getByLabel(/^Godzina pomiaru/);
  await time.waitFor();
  await time.fill('8.05');
  await time.blur();
  assert.equal(await time.inputValue(), '08:05');
  assert.equal(await nativeDateAndTimeBoxes(patient), 0, 'the fill page');
  await patient.context().close();
});
