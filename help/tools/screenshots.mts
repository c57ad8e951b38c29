// `npm run help:screenshots`: the pictures of the manuals and instructions, taken from the built
// product as each audience sees it. It starts the product on a fresh database (the demo accounts),
// publishes a demo questionnaire the patient fills once, then opens every screen the help documents
// show and saves it as help/screenshots/<name>.jpg (JPEG keeps the committed pictures small).
// Run it under the browser lock, like the browser tests: it builds the front end first.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { apiToken } from '../../e2e/src/api.ts';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { publishForm, submitFilling } from '../../e2e/src/forms.ts';
import { startProduct } from '../../e2e/src/product.ts';
import {
  closeFirstLoginDialog,
  DEMO,
  DEMO_PASSWORD,
  signIn,
  type DemoAccount,
} from '../../e2e/src/session.ts';

const HELP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCREENSHOTS = path.join(HELP_ROOT, 'screenshots');
/** Wide enough for the side menu and a table, small enough to read when printed on A4. */
const VIEWPORT = { width: 1100, height: 700 };
const JPEG_QUALITY = 72;

const PLATFORM_ADMIN: DemoAccount = {
  login: 'admin@demo.local',
  name: 'Admin Platformy',
  door: '/login-employee',
} as unknown as DemoAccount;

export const DEMO_FORM = 'Ankieta samopoczucia';
const DEMO_FORM_LAYOUT = {
  type: 'FORM',
  children: [
    {
      type: 'ROW',
      children: [
        {
          id: 'samopoczucie',
          type: 'DICTIONARY',
          label: 'Jak się Pani/Pan dziś czuje?',
          required: true,
          dictionary: {
            type: 'string',
            dictionaryValues: [
              { stringValue: 'Dobrze', weight: 0 },
              { stringValue: 'Średnio', weight: 1 },
              { stringValue: 'Źle', weight: 3 },
            ],
          },
        },
      ],
    },
    {
      type: 'ROW',
      children: [
        {
          id: 'bol',
          type: 'NUMBER',
          label: 'Natężenie bólu (0–10)',
          numberType: 'INTEGER',
          minValue: 0,
          maxValue: 10,
          required: true,
        },
        { id: 'leki', type: 'BOOL', label: 'Czy przyjmuje Pani/Pan leki?' },
      ],
    },
    { type: 'ROW', children: [{ id: 'uwagi', type: 'TEXTAREA', label: 'Uwagi dla lekarza', size: 500 }] },
  ],
};
const DEMO_FORM_RULES = [
  { operator: 'GREATER_THAN', arg1: 5, color: '#d13438', text: 'Prosimy o kontakt z przychodnią' },
  { operator: 'BETWEEN', arg1: 0, arg2: 5, color: '#107c10', text: 'Bez niepokoju' },
];

/** Every help file the product ships, as placeholders: the screenshots show the buttons users see. */
async function placeholderHelp(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'formularze-help-'));
  for (const folder of ['manuals', 'instructions']) {
    await mkdir(path.join(dir, folder));
    for (const source of await readdir(path.join(HELP_ROOT, folder))) {
      if (source.endsWith('.md'))
        await writeFile(path.join(dir, folder, source.replace(/\.md$/, '.pdf')), '%PDF');
    }
  }
  await mkdir(path.join(dir, 'video'));
  await writeFile(path.join(dir, 'video', 'instrukcja.mp4'), '');
  return dir;
}

/** Waits until the screen has its data and the shell its idle-time buttons, then saves it. */
async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.locator('[data-remote] :is(h1, h2, h3, label, table, button)').first().waitFor();
  await page.waitForTimeout(1200);
  await page.mouse.move(0, VIEWPORT.height - 1);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.jpg`), type: 'jpeg', quality: JPEG_QUALITY });
  console.log(`  ${name}.jpg`);
}

async function visit(page: Page, baseUrl: string, address: string, name: string) {
  // Each picture shows the trail a user opening that screen from the menu sees, not the script's path.
  await page.evaluate(() => localStorage.removeItem('breadcrumbs')).catch(() => undefined);
  await page.goto(baseUrl + address);
  await shoot(page, name);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  });
  return context.newPage();
}

async function guestScreens(browser: Browser, url: string) {
  const page = await newPage(browser);
  for (const [address, name] of [
    ['/login', 'login'],
    ['/login-employee', 'login-employee'],
    ['/register', 'register'],
    ['/password-reset', 'password-reset'],
    ['/password-employee-reset', 'password-employee-reset'],
    ['/password-reset-link-expired', 'password-reset-link-expired'],
    ['/help', 'help'],
    ['/admin-panel/login', 'admin-panel-login'],
  ]) {
    await visit(page, url, address, name);
  }
  // The super-admin panel, after its own sign-in (the platform administrator's account).
  const panel = page.locator('[data-remote="mfe-admin"]');
  await panel.locator('input[autocomplete="username"]').fill(PLATFORM_ADMIN.login);
  await panel.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await panel.getByRole('button', { name: 'Zaloguj się' }).click();
  await panel.getByRole('heading', { name: 'Panel administracyjny' }).waitFor();
  await shoot(page, 'admin-panel');
  await page.context().close();
}

async function patientScreens(browser: Browser, url: string, formId: number, filledId: number) {
  const page = await newPage(browser);
  await signIn(page, url, DEMO.patient);
  await page.getByRole('dialog', { name: 'Witamy w aplikacji Formularze' }).waitFor();
  await shoot(page, 'first-login-dialog');
  await closeFirstLoginDialog(page);
  await shoot(page, 'patient-start');
  await page.getByRole('button', { name: 'POMOC' }).click();
  await page.getByRole('menuitem', { name: 'Film instruktażowy' }).waitFor();
  await page.waitForTimeout(600); // the menu's opening animation
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'patient-help-menu.jpg'),
    type: 'jpeg',
    quality: JPEG_QUALITY,
  });
  await page.keyboard.press('Escape');
  for (const [address, name] of [
    ['/forms/active', 'patient-forms-active'],
    [`/formdata/add/${formId}`, 'patient-fill'],
    [`/formdata/${filledId}`, 'patient-filled-details'],
    ['/test-kit', 'patient-test-kit'],
  ]) {
    await visit(page, url, address, name);
  }
  // One kit in the cart, so the cart shows what a patient fills in before buying.
  const kits = page.locator('[data-remote="mfe-filling"]');
  // The arrow key changes the count at once; typed text would count only after leaving the field.
  await kits.getByRole('spinbutton').first().press('ArrowUp');
  await kits.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await page.getByText('Dodano do koszyka').first().waitFor();
  for (const [address, name] of [
    ['/shopping-cart', 'patient-shopping-cart'],
    ['/orders', 'patient-orders'],
    ['/profile', 'patient-profile'],
    ['/password-change', 'password-change'],
  ]) {
    await visit(page, url, address, name);
  }
  // The fill page with answers given, as the manual walks through it.
  await page.goto(`${url}/formdata/add/${formId}`);
  const area = page.locator('[data-remote="mfe-filling"]');
  await area.getByText('Średnio', { exact: true }).click();
  await area.getByLabel('Natężenie bólu (0–10)').fill('3');
  await area.getByLabel('Uwagi dla lekarza').fill('Od wczoraj boli mnie głowa.');
  await shoot(page, 'patient-fill-answered');
  await page.context().close();
}

async function staffScreens(browser: Browser, url: string, formId: number) {
  const page = await newPage(browser);
  await signIn(page, url, DEMO.owner);
  await closeFirstLoginDialog(page);
  await shoot(page, 'owner-start');
  for (const [address, name] of [
    ['/forms', 'owner-forms'],
    [`/forms/edit/${formId}`, 'owner-form-editor'],
    [`/forms/schedule/${formId}`, 'owner-form-schedule'],
    ['/results', 'owner-results'],
    [`/formdata/all/${formId}`, 'owner-form-results'],
    ['/filled-forms', 'owner-filled-forms'],
    ['/groups', 'owner-groups'],
    ['/form_group/add', 'owner-project-add'],
    ['/persons', 'owner-persons'],
    ['/person/add', 'owner-person-add'],
    ['/terms', 'owner-terms'],
    ['/profile/api-keys', 'owner-api-keys'],
    ['/about', 'owner-about'],
  ]) {
    await visit(page, url, address, name);
  }
  await page.goto(`${url}/profile`);
  await page.getByRole('tab', { name: 'Profil organizacji' }).click();
  await shoot(page, 'owner-profile-organization');
  await page.context().close();

  const editor = await newPage(browser);
  await signIn(editor, url, DEMO.editor);
  await closeFirstLoginDialog(editor);
  await shoot(editor, 'editor-start');
  await editor.context().close();

  const admin = await newPage(browser);
  await signIn(admin, url, PLATFORM_ADMIN);
  await closeFirstLoginDialog(admin);
  await visit(admin, url, '/settings', 'admin-settings');
  await admin.context().close();
}

const builtInHelp = await placeholderHelp();
const product = await startProduct({ env: { BUILT_IN_HELP_DIR: builtInHelp } });
let browser: Browser | undefined;
try {
  await mkdir(SCREENSHOTS, { recursive: true });
  const owner = await apiToken(product.url, DEMO.owner);
  const formId = await publishForm(
    product.url,
    owner,
    { name: DEMO_FORM, layoutElementObject: DEMO_FORM_LAYOUT, formRules: DEMO_FORM_RULES },
    [DEMO.patient.login],
  );
  // Two more forms waiting: with a single one, the patient's start page opens it by itself.
  for (const name of ['Dzienniczek ciśnienia', 'Ankieta jakości snu']) {
    await publishForm(
      product.url,
      owner,
      { name, layoutElementObject: { type: 'FORM', children: DEMO_FORM_LAYOUT.children.slice(1) } },
      [DEMO.patient.login],
    );
  }
  const filledId = await submitFilling(product.url, await apiToken(product.url, DEMO.patient), formId, {
    samopoczucie: 'Dobrze',
    bol: 2,
    leki: true,
    uwagi: 'Czuję się lepiej niż w zeszłym tygodniu.',
  });
  browser = await launchBrowser();
  console.log(`Screenshots in ${path.relative(process.cwd(), SCREENSHOTS)}:`);
  await guestScreens(browser, product.url);
  await patientScreens(browser, product.url, formId, filledId);
  await staffScreens(browser, product.url, formId);
} finally {
  await browser?.close();
  await product.stop();
  await rm(builtInHelp, { recursive: true, force: true });
}
