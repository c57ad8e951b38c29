import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { closeFirstLoginDialog, DEMO, DEMO_PASSWORD, signIn, solveCaptcha } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';
import { apiCall, apiToken } from '../src/api.js';

const { product, browser } = productAndBrowserForSuite();

const WAITING_PATIENT = 'oczekujacy@demo.test';

/** The Demo organization activates its self-registered patients itself (owner's API call). */
async function requireUserActivation() {
  const login = await fetch(`${product().url}/employees/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.owner.login, password: DEMO_PASSWORD }),
  });
  const headers = { 'content-type': 'application/json', 'x-auth-token': (await login.json()).token };
  const organization = await (await fetch(`${product().url}/api/organizations/my`, { headers })).json();
  delete organization.id;
  const saved = await fetch(`${product().url}/api/organizations`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...organization, enableUserActivation: true }),
  });
  assert.equal(saved.status, 200, await saved.text());
}

/** A visitor joins Demo; the account waits for the organization's activation. */
async function joinAsWaitingPatient(page: Page) {
  await page.goto(`${product().url}/register`);
  const area = page.locator('[data-remote="mfe-auth"]');
  await area.getByLabel('Organizacja').selectOption({ label: 'Demo' });
  await area.getByLabel('Email').fill(WAITING_PATIENT);
  await area.locator('input[autocomplete="new-password"]').nth(0).fill('Oczekuje@2026x');
  await area.locator('input[autocomplete="new-password"]').nth(1).fill('Oczekuje@2026x');
  await solveCaptcha(page);
  await area.getByRole('button', { name: 'Dołącz' }).click();
  await page.getByText(/Konto zostanie aktywowane przez organizację/).waitFor();
}

/** Adds a person from the members list, once it is shown, and comes back to it. */
async function addPerson(page: Page, fields: { role: string } & Record<string, string>) {
  const area = page.locator('[data-remote="mfe-admin"]');
  await area.getByRole('heading', { name: 'Członkowie organizacji' }).waitFor();
  await area.getByRole('button', { name: 'Dodaj użytkownika' }).click();
  await page.waitForURL(`${product().url}/person/add`);
  await area.getByRole('heading', { name: 'Dodaj użytkownika' }).waitFor();
  const { role, ...texts } = fields;
  await area.getByLabel('Rola').selectOption({ label: role });
  for (const [label, value] of Object.entries(texts)) {
    // A required field's label ends with Fluent's asterisk ('Imię*' for staff).
    await area.getByLabel(new RegExp(`^${label}\\*?$`)).fill(value);
  }
  await area.getByRole('button', { name: 'Dodaj', exact: true }).click();
  await page.getByText('Dodano użytkownika').first().waitFor();
  await page.waitForURL(`${product().url}/persons`);
}

/** Types into the name filter and waits for the list to show only `expected` (after the 1.5 s debounce). */
async function filterByName(area: Locator, text: string, expected: RegExp): Promise<Locator> {
  await area.getByLabel('Szukaj').fill(text);
  const header = area.getByRole('button', { name: expected });
  await header.waitFor();
  await area.getByRole('status').filter({ hasText: /z 1$/ }).waitFor();
  return header;
}

test('the owner adds a patient and a doctor, finds them, activates a waiting patient, meets a duplicate and removes the patient', async () => {
  await requireUserActivation();
  const visitor = await browser().newContext();
  try {
    await joinAsWaitingPatient(await visitor.newPage());
  } finally {
    await visitor.close();
  }

  const context = await browser().newContext();
  const page = await context.newPage();
  try {
    await signIn(page, product().url, DEMO.owner);
    await closeFirstLoginDialog(page);
    await page.goto(`${product().url}/persons`);
    const area = page.locator('[data-remote="mfe-admin"]');

    await addPerson(page, {
      role: 'Pacjent',
      Imię: 'Piotr',
      Nazwisko: 'Zając',
      'Numer telefonu': '500600700',
    });
    await addPerson(page, {
      role: 'Lekarz',
      Imię: 'Ewa',
      Nazwisko: 'Lis',
      'Adres email': 'ewa.lis@demo.test',
    });

    // The name filter finds each of them, in any letter case.
    const patient = await filterByName(area, 'zając', /^Piotr Zając Pacjent \+48500600700/);
    assert.equal(await area.getByRole('button', { name: /Ewa Lis/ }).count(), 0);
    await filterByName(area, 'EWA.LIS', /^Ewa Lis Lekarz ewa\.lis@demo\.test/);
    assert.equal(await patient.count(), 0);

    // The waiting patient is activated after a confirmation.
    const waiting = await filterByName(area, 'oczekujacy', /Nieaktywny/);
    await waiting.click();
    await area.getByRole('button', { name: 'Aktywuj' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aktywuj' }).click();
    await page.getByText('Użytkownik został aktywowany').waitFor();
    // Active now: no 'Nieaktywny' before the owner's terms indicator; a member without a name is
    // named by the login once.
    await area
      .getByRole('button', { name: /^oczekujacy@demo\.test Pacjent( Regulamin (nie)?zaakceptowany)?$/ })
      .waitFor();

    // Editing the doctor with the demo patient's phone is refused with the §8 message.
    const doctor = await filterByName(area, 'Lis', /^Ewa Lis Lekarz/);
    await doctor.click();
    await area.getByRole('button', { name: 'Edytuj' }).click();
    await page.waitForURL(/\/persons\/\d+$/);
    await area.getByRole('heading', { name: 'Edycja użytkownika: Ewa Lis' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Ścieżka nawigacji' })
      .getByText('Członkowie organizacji')
      .waitFor();
    const phone = area.getByLabel('Numer telefonu', { exact: true });
    await phone.fill('600100200');
    await phone.blur();
    await area
      .getByText('Nie udało się dokonać edycji użytkownika. Podany numer telefonu istnieje już w systemie.')
      .waitFor();
    await area.getByText('Zmień wprowadzone dane').waitFor();
    assert.ok(await area.getByRole('button', { name: 'Zapisz' }).isDisabled());

    // Back on the list, the new patient is removed after a confirmation and is gone from it.
    await area.getByRole('button', { name: 'Anuluj' }).click();
    await page.waitForURL(`${product().url}/persons`);
    await (await filterByName(area, 'zając', /^Piotr Zając Pacjent/)).click();
    await area.getByRole('button', { name: 'Usuń' }).click();
    const confirm = page.getByRole('dialog', { name: 'Usunąć użytkownika?' });
    await confirm.getByText(/Użytkownik Piotr Zając zostanie usunięty z organizacji/).waitFor();
    await confirm.getByRole('button', { name: 'Usuń' }).click();
    await page.getByText('Użytkownik został usunięty').waitFor();
    await area.getByText('Brak użytkowników spełniających kryteria.').waitFor();
  } finally {
    await context.close();
  }
});

test("at a phone's width the parts of a member's row do not run into each other", async () => {
  // The welcome help was seen before: its dialog would hide the page from the checks.
  await apiCall(
    product().url,
    await apiToken(product().url, DEMO.owner),
    'PUT',
    '/api/persons/after_first_login',
  );
  const page = await browser().newPage({ viewport: { width: 360, height: 740 } });
  try {
    await signIn(page, product().url, DEMO.owner);
    await page.goto(`${product().url}/persons`);
    const headers = page.locator('[data-remote="mfe-admin"] .fui-AccordionHeader__button');
    await headers.first().waitFor();
    const clashes = await headers.evaluateAll((buttons) =>
      buttons.flatMap((button) => {
        // The row's own line (beside the expand icon): name, role, login and badges.
        const line = Array.from(button.children).find((child) => child.children.length > 1);
        const boxes = Array.from(line?.children ?? []).map((part) => ({
          text: part.textContent ?? '',
          box: part.getBoundingClientRect(),
        }));
        const found: string[] = [];
        boxes.forEach((a, index) =>
          boxes.slice(index + 1).forEach((b) => {
            const apart =
              a.box.right <= b.box.left + 0.5 ||
              b.box.right <= a.box.left + 0.5 ||
              a.box.bottom <= b.box.top + 0.5 ||
              b.box.bottom <= a.box.top + 0.5;
            if (!apart) found.push(`${a.text} × ${b.text}`);
          }),
        );
        // Nothing runs out of the row either.
        const row = button.getBoundingClientRect();
        boxes.forEach(({ text, box }) => {
          if (box.right > row.right + 0.5) found.push(`${text} leaves the row`);
        });
        return found;
      }),
    );
    assert.deepEqual(clashes, []);
  } finally {
    await page.close();
  }
});
