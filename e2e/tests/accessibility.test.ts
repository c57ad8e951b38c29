import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiToken } from '../src/api.js';
import { axeViolations } from '../src/axe.js';
import {
  daysFromToday,
  DEMO_PROJECT,
  EVERY_FIELD_TYPE_LAYOUT,
  layout,
  painIntensityField,
  publishForDemoPatient,
  row,
  submitFilling,
  todayInScheduleZone,
  wholeDaySchedule,
} from '../src/forms.js';
import { repoRoot } from '../src/product.js';
import {
  englishWordsOnPage,
  layoutProblems,
  unannouncedErrors,
  walkWithTab,
  type KeyboardWalk,
} from '../src/screen-checks.js';
import { DEMO, DEMO_PASSWORD, signIn, type DemoAccount } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

const { product, browser } = productAndBrowserForSuite();
/** Screenshots of every screen in both themes, for a person to look through (gitignored). */
const screenshots = path.join(repoRoot, 'e2e', 'artifacts', 'a11y');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Theme = 'light' | 'high-contrast';
type FontLevel = 0 | 2;
const FONT_BUTTON: Record<FontLevel, RegExp> = { 0: /Domyślny rozmiar czcionki/, 2: /Największa czcionka/ };

interface Screen {
  /** Short name for messages and screenshot files. */
  name: string;
  path: string;
  remote: string;
}

/** What the sweep found, one line per problem, so a failure lists every screen at once. */
type Findings = string[];

/** Layout at font level 2, gathered by every sweep and judged per width once all have run. */
const layoutFindings: Record<'desktop' | 'phone', Findings> = { desktop: [], phone: [] };

/** The ids of what the screens show, made through the API before the sweep. */
interface Fixtures {
  everyFieldFormId: number;
  scoredFormId: number;
  scheduledFormId: number;
  draftFormId: number;
  filledId: number;
  patientId: number;
  projectId: number;
}
let fixtures: Fixtures;

/** Made by the first test that needs them (the product starts in the suite's own hook). */
async function prepareFixtures() {
  if (fixtures) return;
  const url = product().url;
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(DEMO).map(async ([role, account]) => [role, await apiToken(url, account)] as const),
    ),
  ) as Record<keyof typeof DEMO, string>;
  // The welcome help is tried elsewhere; here it would cover the screens.
  for (const token of Object.values(tokens))
    await apiCall(url, token, 'PUT', '/api/persons/after_first_login');
  const owner = tokens.owner;
  const everyFieldFormId = await publishForDemoPatient(url, owner, {
    name: 'Wywiad dostępności',
    layoutElementObject: EVERY_FIELD_TYPE_LAYOUT,
  });
  const scoredFormId = await publishForDemoPatient(url, owner, {
    name: 'Ocena samopoczucia',
    layoutElementObject: layout(
      row(painIntensityField(), { id: 'uwagi', type: 'TEXT', label: 'Uwagi', size: 200, maxRows: 1 }),
    ),
    formRules: [{ operator: 'GREATER_THAN', arg1: 4, color: '#d13438', text: 'Pilny kontakt' }],
  });
  // §9 sends a patient with one form to fill straight to it: a second one keeps the home page on
  // screen. It is filled daily for a week, so the adherence grids have slots to show.
  const scheduledFormId = await publishForDemoPatient(url, owner, {
    name: 'Dzienniczek snu',
    layoutElementObject: layout(
      row({ id: 'sen', type: 'TEXT', label: 'Jak Pani spała?', size: 200, maxRows: 1 }),
    ),
    schedule: wholeDaySchedule('repeatedly', todayInScheduleZone(), daysFromToday(6)),
  });
  const { id: draftFormId } = await apiCall<{ id: number }>(url, owner, 'POST', '/api/forms', {
    name: 'Szkic ankiety',
    layoutElementObject: layout(
      row({ id: 'wzrost', type: 'NUMBER', label: 'Wzrost (cm)', numberType: 'INTEGER' }),
    ),
  });
  const filledId = await submitFilling(url, tokens.patient, scoredFormId, { bol: 7, uwagi: 'Boli od rana' });
  const { id: patientId } = await apiCall<{ id: number }>(url, tokens.patient, 'GET', '/api/persons/my');
  const projects = await apiCall<{ id: number; name: string }[]>(url, owner, 'GET', '/api/form_group');
  const projectId = projects.find(({ name }) => name === DEMO_PROJECT)!.id;
  fixtures = { everyFieldFormId, scoredFormId, scheduledFormId, draftFormId, filledId, patientId, projectId };
  mkdirSync(screenshots, { recursive: true });
}

const auth = (name: string, pagePath: string): Screen => ({ name, path: pagePath, remote: 'mfe-auth' });
const filling = (name: string, pagePath: string): Screen => ({ name, path: pagePath, remote: 'mfe-filling' });
const builder = (name: string, pagePath: string): Screen => ({
  name,
  path: pagePath,
  remote: 'mfe-forms-builder',
});
const results = (name: string, pagePath: string): Screen => ({ name, path: pagePath, remote: 'mfe-results' });
const admin = (name: string, pagePath: string): Screen => ({ name, path: pagePath, remote: 'mfe-admin' });

const GUEST_SCREENS: Screen[] = [
  auth('logowanie', '/login'),
  auth('logowanie-personelu', '/login-employee'),
  auth('rejestracja', '/register'),
  auth('odzyskiwanie-hasla', '/password-reset'),
  auth('odzyskiwanie-hasla-personelu', '/password-employee-reset'),
  auth('link-wygasl', '/password-reset-link-expired'),
  admin('panel-logowanie', '/admin-panel/login'),
  auth('pomoc', '/help'),
  auth('o-aplikacji', '/about'),
];

const patientScreens = (): Screen[] => [
  filling('start', '/'),
  filling('aktywne-formularze', '/forms/active'),
  filling('wypelnianie-wszystkie-pola', `/formdata/add/${fixtures.everyFieldFormId}`),
  filling('szczegoly-wypelnienia', `/formdata/${fixtures.filledId}`),
  filling('zestawy-testowe', '/test-kit'),
  filling('koszyk', '/shopping-cart'),
  filling('zamowienia', '/orders'),
  auth('profil', '/profile'),
  auth('zmiana-hasla', '/password-change'),
];

const editorScreens = (): Screen[] => [
  filling('start', '/'),
  builder('formularze', '/forms'),
  builder('podglad-formularza', `/forms/display/${fixtures.scoredFormId}`),
  results('wyniki', '/results'),
  results('wyniki-formularza', `/results/${fixtures.scoredFormId}`),
  results('wypelnione-formularze', '/filled-forms'),
  results('dane-formularza', `/formdata/all/${fixtures.scoredFormId}`),
  results('projekty', '/groups'),
  results('terminowosc-formularza', `/results/${fixtures.scheduledFormId}/adherence`),
  results('terminowosc-projektu', `/groups/${fixtures.projectId}/adherence`),
  results('trendy-wynikow-projektu', `/groups/${fixtures.projectId}/score-trends`),
  auth('profil', '/profile'),
  auth('klucze-api', '/profile/api-keys'),
];

const ownerScreens = (): Screen[] => [
  filling('start', '/'),
  builder('formularze', '/forms'),
  builder('nowy-formularz', '/forms/add'),
  builder('edytor', `/forms/edit/${fixtures.draftFormId}`),
  builder('harmonogram', `/forms/schedule/${fixtures.scoredFormId}`),
  results('dane-pacjenta', `/formdata/all/${fixtures.scoredFormId}/${fixtures.patientId}`),
  results('formularze-osoby', `/filled-forms/all/user/${fixtures.patientId}`),
  results('nowy-projekt', '/form_group/add'),
  results('edycja-projektu', `/form_group/edit/${fixtures.projectId}`),
  admin('czlonkowie', '/persons'),
  admin('osoba', `/persons/${fixtures.patientId}`),
  admin('nowa-osoba', '/person/add'),
  admin('regulaminy', '/terms'),
  admin('dziennik-dostepu', '/access-log'),
  auth('profil', '/profile'),
  auth('zmiana-hasla', '/password-change'),
];

const platformAdminScreens = (): Screen[] => [
  filling('start', '/'),
  admin('ustawienia', '/settings'),
  // Of no organization, the administrator has no members list (docs/adr/030).
  auth('klucze-api', '/profile/api-keys'),
];

/** The area has rendered its screen: a heading is shown, nothing is loading any more. */
async function waitForScreen(page: Page, screen: Screen) {
  const area = page.locator(`[data-remote="${screen.remote}"]`);
  await area.getByRole('heading').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  // Spinners (no value) only: a password's strength bar is a progress bar with a value, always shown.
  await page.waitForFunction(
    (remote) =>
      !document.querySelector(`[data-remote="${remote}"] [role="progressbar"]:not([aria-valuenow])`),
    screen.remote,
  );
}

async function appearanceOf(page: Page): Promise<{ theme: Theme; fontLevel: FontLevel }> {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme as Theme,
    fontLevel: Number(localStorage.getItem('fontLevel') ?? 0) as FontLevel,
  }));
}

/** Switches theme and font with the top bar's own buttons, as a person does, without reloading. */
async function setAppearance(page: Page, theme: Theme, fontLevel: FontLevel) {
  const current = await appearanceOf(page);
  if (current.fontLevel !== fontLevel)
    await page.getByRole('button', { name: FONT_BUTTON[fontLevel] }).click();
  if (current.theme !== theme) await page.getByRole('button', { name: 'Wysoki kontrast' }).click();
  await page.waitForFunction(
    ([wantedTheme, wantedLevel]) =>
      document.documentElement.dataset.theme === wantedTheme &&
      (localStorage.getItem('fontLevel') ?? '0') === String(wantedLevel),
    [theme, fontLevel] as const,
  );
  // The pointer leaves the button (its hover colours are not the page's), then Fluent's colour
  // transitions must end: axe measures the colours of the moment, half-way ones included.
  await page.mouse.move(0, DESKTOP.height - 1);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/**
 * One screen in the four looks (light / high contrast × font 0 / 2), starting from the look the
 * previous screen ended in so each switch is one click: axe everywhere (7:1 contrast in high
 * contrast), layout at font 2 on a desktop and a phone, English words once, screenshots of both themes.
 */
async function sweepScreen(page: Page, role: string, screen: Screen, findings: Findings) {
  await page.goto(product().url + screen.path);
  await waitForScreen(page, screen);
  const where = `${role} ${screen.path}`;
  const english = await englishWordsOnPage(page);
  if (english.length > 0) findings.push(`${where}: English words ${english.join(', ')}`);

  const start = await appearanceOf(page);
  const otherTheme: Theme = start.theme === 'light' ? 'high-contrast' : 'light';
  const otherFont: FontLevel = start.fontLevel === 0 ? 2 : 0;
  const looks: Array<[Theme, FontLevel]> = [
    [start.theme, start.fontLevel],
    [start.theme, otherFont],
    [otherTheme, otherFont],
    [otherTheme, start.fontLevel],
  ];
  let layoutChecked = false;
  for (const [theme, fontLevel] of looks) {
    await setAppearance(page, theme, fontLevel);
    const look = `${where} [${theme}, font ${fontLevel}]`;
    for (const violation of await axeViolations(page, { enhancedContrast: theme === 'high-contrast' })) {
      findings.push(
        `${look}: axe ${violation.id} at ${violation.targets.join(' | ')} — ${violation.summary}`,
      );
    }
    if (fontLevel === 2 && !layoutChecked) {
      layoutChecked = true;
      for (const [width, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const problem of await layoutProblems(page)) {
          layoutFindings[width].push(
            `${look} ${viewport.width}px: ${problem.kind} ${problem.element} (${problem.detail})`,
          );
        }
      }
      await page.setViewportSize(DESKTOP);
    }
    if (fontLevel === 0) {
      await page.screenshot({
        path: path.join(screenshots, `${role}-${screen.name}-${theme}.png`),
        fullPage: true,
      });
    }
  }
}

/** Every screen, each on its own: a screen that does not render is a finding, not the end of the sweep. */
async function sweepAll(page: Page, role: string, screens: Screen[], findings: Findings) {
  for (const screen of screens) {
    await sweepScreen(page, role, screen, findings).catch((error: Error) =>
      findings.push(`${role} ${screen.path}: ${error.message.split('\n')[0]}`),
    );
  }
}

async function sweep(page: Page, role: string, screens: () => Screen[]) {
  const findings: Findings = [];
  await prepareFixtures();
  await sweepAll(page, role, screens(), findings);
  assert.deepEqual(findings, []);
}

async function signedInPage(account: DemoAccount): Promise<Page> {
  await prepareFixtures();
  const page = await browser().newPage({ viewport: DESKTOP });
  await signIn(page, product().url, account);
  return page;
}

describe('every screen in both themes and at the smallest and largest font', () => {
  test('guest screens', async () => {
    const page = await browser().newPage({ viewport: DESKTOP });
    await sweep(page, 'gosc', () => GUEST_SCREENS);
    await page.close();
  });

  test('patient screens', async () => {
    const page = await signedInPage(DEMO.patient);
    await sweep(page, 'pacjent', patientScreens);
    await page.close();
  });

  test('editor screens', async () => {
    const page = await signedInPage(DEMO.editor);
    await sweep(page, 'lekarz', editorScreens);
    await page.close();
  });

  test('owner screens', async () => {
    const page = await signedInPage(DEMO.owner);
    await sweep(page, 'wlasciciel', ownerScreens);
    await page.close();
  });

  test('platform administrator screens and the super-admin panel', async () => {
    const page = await signedInPage(DEMO.admin);
    const findings: Findings = [];
    await prepareFixtures();
    await sweepAll(page, 'administrator', platformAdminScreens(), findings);
    await page.goto(`${product().url}/admin-panel/login`);
    const panel = page.locator('[data-remote="mfe-admin"]');
    await panel.locator('input[autocomplete="username"]').fill(DEMO.admin.login);
    await panel.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await panel.getByRole('button', { name: 'Zaloguj się' }).click();
    await panel.getByRole('heading', { name: 'Panel administracyjny' }).waitFor();
    await sweepAll(page, 'administrator', [admin('panel', '/admin-panel')], findings);
    assert.deepEqual(findings, []);
    await page.close();
  });

  // After the sweeps above, which gathered the layout of every screen at both widths.
  test('at font level 2 nothing is cut off or overlaps at 1280×800', () => {
    assert.deepEqual(layoutFindings.desktop, []);
  });

  test('at font level 2 nothing is cut off or overlaps on a 390×844 phone', () => {
    assert.deepEqual(layoutFindings.phone, []);
  });
});

/** Tab through `screens` of one signed-in page; every problem named with its screen. */
async function walkScreens(page: Page, screens: Screen[]): Promise<Findings> {
  const findings: Findings = [];
  for (const screen of screens) {
    await page.goto(product().url + screen.path);
    await waitForScreen(page, screen);
    const walk: KeyboardWalk = await walkWithTab(page, 'body').catch((error: Error) => ({
      unreached: [`the walk failed: ${error.message.split('\n')[0]}`],
      withoutFocusIndicator: [],
    }));
    for (const control of walk.unreached) findings.push(`${screen.path}: not reached by Tab: ${control}`);
    for (const control of walk.withoutFocusIndicator) {
      findings.push(`${screen.path}: no visible focus: ${control}`);
    }
  }
  return findings;
}

/** Sends the form of `area` with Enter on its button, then checks its invalid fields are announced. */
async function submitAndCheckErrors(page: Page, area: string, button: string): Promise<Findings> {
  await page.locator(area).getByRole('button', { name: button, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.locator(`${area} [aria-invalid="true"]`).first().waitFor();
  const { invalid, silent } = await unannouncedErrors(page, area);
  assert.ok(invalid > 0, `${page.url()}: no field marked invalid`);
  return silent.map((field) => `${page.url()}: error not announced for ${field}`);
}

describe('keyboard', () => {
  test('guests: every control reached by Tab with a visible focus, errors announced', async () => {
    const page = await browser().newPage({ viewport: DESKTOP });
    const findings = await walkScreens(page, [
      auth('logowanie', '/login'),
      auth('rejestracja', '/register'),
      admin('panel-logowanie', '/admin-panel/login'),
    ]);
    await page.goto(`${product().url}/login`);
    await waitForScreen(page, auth('logowanie', '/login'));
    findings.push(...(await submitAndCheckErrors(page, '[data-remote="mfe-auth"]', 'Zaloguj się')));
    assert.deepEqual(findings, []);
    await page.close();
  });

  test('patients: the fill page of every field type by keyboard, its errors announced', async () => {
    const page = await signedInPage(DEMO.patient);
    const fillPage = filling('wypelnianie', `/formdata/add/${fixtures.everyFieldFormId}`);
    const findings = await walkScreens(page, [filling('start', '/'), fillPage, auth('profil', '/profile')]);
    await page.goto(product().url + fillPage.path);
    await waitForScreen(page, fillPage);
    findings.push(...(await submitAndCheckErrors(page, '[data-remote="mfe-filling"]', 'Zapisz i wyślij')));
    assert.deepEqual(findings, []);
    await page.close();
  });

  test('staff: lists and editors by keyboard; a dialog keeps the focus and gives it back', async () => {
    const page = await signedInPage(DEMO.owner);
    const findings = await walkScreens(page, [
      builder('formularze', '/forms'),
      builder('edytor', `/forms/edit/${fixtures.draftFormId}`),
      results('projekty', '/groups'),
      results('wyniki', `/results/${fixtures.scoredFormId}`),
      admin('czlonkowie', '/persons'),
    ]);
    assert.deepEqual(findings, []);

    await page.goto(`${product().url}/forms`);
    await waitForScreen(page, builder('formularze', '/forms'));
    const opener = page.getByRole('button', { name: 'Opcje formularza Szkic ankiety' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Kopiuj do projektu' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Kopiuj formularz do projektu' });
    await dialog.waitFor();
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')));
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.ok(await focusInDialog(), `focus left the dialog after ${key}`);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Opcje formularza Szkic ankiety',
      'the focus returns to the button that opened the dialog',
    );
    await page.close();
  });
});
