import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { layout, row } from '../src/forms.js';
import { DEMO, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();

const FORM_QUESTION = 'Czy na pewno chcesz opuścić edycję formularza?';
const DATA_QUESTION = 'Edytowane dane nie zostały zapisane, czy mimo to chcesz opuścić stronę?';

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu główne' });
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Ścieżka nawigacji' });

/**
 * Clicks `way` out of a dirty screen and checks the question: "Zostań na stronie" keeps the screen
 * with `field` still holding `typed`; then the same way again and "Opuść stronę" leaves for `to`.
 */
async function askedOnTheWayOut(
  page: Page,
  way: Locator,
  { question, field, typed, to }: { question: string; field: Locator; typed: string; to: string },
) {
  const here = page.url();
  await way.click();
  const dialog = page.getByRole('dialog', { name: 'Niezapisane zmiany' });
  await dialog.getByText(question).waitFor();
  await dialog.getByRole('button', { name: 'Zostań na stronie' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(page.url(), here);
  assert.equal(await field.inputValue(), typed);

  await way.click();
  await dialog.getByRole('button', { name: 'Opuść stronę' }).click();
  await page.waitForURL(`${product().url}${to}`);
}

test('a dirty form editor asks before the side menu or a breadcrumb takes the user away', async () => {
  const url = product().url;
  const owner = await apiToken(url, DEMO.owner);
  const { id } = await apiCall<{ id: number }>(url, owner, 'POST', '/api/forms', {
    name: 'Ankieta przed wyjściem',
    layoutElementObject: layout(row({ id: 'waga', type: 'NUMBER', label: 'Waga', numberType: 'INTEGER' })),
  });
  const page = await browser().newPage({ viewport: { width: 1400, height: 1000 } });
  await apiCall(url, owner, 'PUT', '/api/persons/after_first_login');
  await signIn(page, url, DEMO.owner);

  const area = page.locator('[data-remote="mfe-forms-builder"]');
  const name = area.getByLabel(/^Nazwa formularza/);
  const open = async () => {
    await page.goto(`${url}/forms/edit/${id}`);
    await name.waitFor();
    await name.fill('Ankieta zmieniona');
  };

  await open();
  await askedOnTheWayOut(page, sideMenu(page).getByRole('link', { name: 'Projekty' }), {
    question: FORM_QUESTION,
    field: name,
    typed: 'Ankieta zmieniona',
    to: '/groups',
  });

  await open();
  await askedOnTheWayOut(page, breadcrumbs(page).getByRole('link').first(), {
    question: FORM_QUESTION,
    field: name,
    typed: 'Ankieta zmieniona',
    to: '/forms',
  });
  await page.close();
});

test('a dirty project editor asks before the side menu takes the user away', async () => {
  const url = product().url;
  const owner = await apiToken(url, DEMO.owner);
  const projects = await apiCall<{ id: number; name: string }[]>(url, owner, 'GET', '/api/form_group');
  const page = await browser().newPage({ viewport: { width: 1400, height: 1000 } });
  await apiCall(url, owner, 'PUT', '/api/persons/after_first_login');
  await signIn(page, url, DEMO.owner);

  await page.goto(`${url}/form_group/edit/${projects[0]!.id}`);
  const name = page
    .locator('[data-remote="mfe-results"]')
    .getByLabel(/^Nazwa/)
    .first();
  await name.waitFor();
  await name.fill('Projekt zmieniony');
  await askedOnTheWayOut(page, sideMenu(page).getByRole('link', { name: 'Definicje formularzy' }), {
    question: DATA_QUESTION,
    field: name,
    typed: 'Projekt zmieniony',
    to: '/forms',
  });
  await page.close();
});
