import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { closeFirstLoginDialog, DEMO, DEMO_PASSWORD, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();

const TERMS_NAME = 'Regulamin Demo e2e';
const TERMS_PROMPT =
  'Prosimy zaakceptować regulamin serwisu. Brak akceptacji uniemożliwi korzystanie z serwisu.';

/** A one-page PDF with a correct cross-reference table, as a PDF reader expects it. */
function smallPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Today in Poland, as the date field expects it: terms starting today are in force at once. */
const todayInPoland = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());

async function fillTermsForm(page: Page, pdf: Buffer, day: string) {
  const area = page.locator('[data-remote="mfe-admin"]');
  const form = area.getByRole('form', { name: 'Dodaj regulamin' });
  await form.getByLabel('Nazwa regulaminu').fill(TERMS_NAME);
  await form
    .getByLabel('Plik PDF')
    .setInputFiles({ name: 'regulamin.pdf', mimeType: 'application/pdf', buffer: pdf });
  await form.getByLabel('Data rozpoczęcia obowiązywania').fill(day);
  await form.getByRole('button', { name: 'Dodaj', exact: true }).click();
}

test('the owner publishes terms in force today; a patient must accept them at sign-in; used terms stay', async () => {
  const pdf = smallPdf('Regulamin Demo');
  const ownerContext = await browser().newContext();
  const owner = await ownerContext.newPage();
  const patientContext = await browser().newContext();
  const patient = await patientContext.newPage();
  try {
    // The owner uploads the terms through /terms.
    await signIn(owner, product().url, DEMO.owner);
    await closeFirstLoginDialog(owner);
    await owner.goto(`${product().url}/terms`);
    const area = owner.locator('[data-remote="mfe-admin"]');
    await area.getByRole('heading', { name: 'Regulaminy', exact: true }).waitFor();
    await area.getByText('Nie dodano jeszcze regulaminu.').waitFor();
    await fillTermsForm(owner, pdf, todayInPoland());
    await owner.getByText('Dodano regulamin.').first().waitFor();

    const table = area.getByRole('table', { name: 'Regulaminy organizacji' });
    const row = table.getByRole('row').filter({ hasText: TERMS_NAME });
    await row.waitFor();
    assert.equal((await row.getByRole('cell').nth(3).innerText()).trim(), 'aktualny');

    // Its PDF opens from the media folder, byte for byte what was uploaded.
    const link = row.getByRole('link', { name: `PDF regulaminu ${TERMS_NAME}` });
    const href = await link.getAttribute('href');
    assert.match(href ?? '', /^\/org-media\/files\/terms\/.+\.pdf$/);
    const [tab] = await Promise.all([ownerContext.waitForEvent('page'), link.click()]);
    await tab.waitForURL(`${product().url}${href}`);
    await tab.close();
    const served = await owner.request.get(`${product().url}${href}`);
    assert.equal(served.status(), 200);
    assert.equal(served.headers()['content-type'], 'application/pdf');
    assert.deepEqual(Buffer.from(await served.body()), pdf);

    // A second document cannot start on the same day.
    await fillTermsForm(owner, pdf, todayInPoland());
    await area
      .getByText(
        'Istnieje już regulamin rozpoczynający się od tej daty. Zmień datę rozpoczęcia obowiązywania regulaminu lub usuń istniejący regulamin.',
      )
      .waitFor();
    assert.equal(await table.getByRole('row').filter({ hasText: TERMS_NAME }).count(), 1);

    // A patient who has not accepted them is stopped by the terms modal after signing in.
    await patient.goto(`${product().url}/login`);
    const login = patient.locator('[data-remote="mfe-auth"]');
    await login.locator('input[autocomplete="username"]').fill(DEMO.patient.login);
    await login.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: 'Zaloguj się' }).click();
    const modal = patient.getByRole('alertdialog', { name: 'Regulamin serwisu' });
    await modal.getByText(TERMS_PROMPT).waitFor();
    assert.equal(await modal.getByRole('link', { name: `${TERMS_NAME} (PDF)` }).getAttribute('href'), href);
    // The first-login help waits until the terms are accepted.
    assert.equal(await patient.getByRole('dialog', { name: 'Witamy w aplikacji Formularze' }).count(), 0);
    await modal.getByRole('button', { name: 'Akceptuję regulamin' }).click();
    await modal.waitFor({ state: 'detached' });
    await closeFirstLoginDialog(patient);
    await patient.getByTestId('user-name').getByText(DEMO.patient.name).waitFor();
    await patient.getByRole('navigation', { name: 'Menu główne' }).waitFor();
    // Accepted once: a reload does not ask again.
    await patient.reload();
    await patient.getByTestId('user-name').getByText(DEMO.patient.name).waitFor();
    assert.equal(await patient.getByRole('alertdialog', { name: 'Regulamin serwisu' }).count(), 0);

    // Accepted terms cannot be removed; the owner is told why, after confirming.
    await row.getByRole('button', { name: `Usuń regulamin ${TERMS_NAME}` }).click();
    const confirm = owner.getByRole('dialog', { name: 'Usunąć regulamin?' });
    await confirm.getByRole('button', { name: 'Usuń', exact: true }).click();
    await owner.getByText('Błąd usuwania regulaminu, ktoś już zaakceptował ten regulamin.').first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    assert.equal((await row.getByRole('cell').nth(3).innerText()).trim(), 'aktualny');
  } finally {
    await patientContext.close();
    await ownerContext.close();
  }
});
