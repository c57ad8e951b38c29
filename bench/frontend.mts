// The product as a browser sees it, in headless Chromium over gzip: for /login (guest), /forms (the
// owner) and a fill page (the demo patient, a 30-field form), the JavaScript received before the
// page's content first renders and the time to that render, cold (a new browser context: nothing
// cached) and warm (the same context, loaded again); and the move between two remotes, /forms →
// /filled-forms (mfe-results) through the side menu, after the idle preload of the other remotes.
// Medians of RUNS runs, printed beside the previous run's numbers (bench/results/frontend-last.json,
// replaced by this run's).
// Usage: npm run bench:frontend (builds what changed and starts the product on a fresh embedded
// database), or BASE_URL=http://localhost:8080 against a running one (e.g. npm run start:scale).
// RUNS (3).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/src/browser.ts';
import { repoRoot, startProduct } from '../e2e/src/product.ts';
import { activeFormForPatient, callApi, signInOwner, signInPatient } from './fill/product-api.mts';
import { questionnaire } from './fill/questionnaire.mts';
import { submitFilledForms } from './fill/submissions.mts';
import { resourcesUntil, watchFor } from './page-timing.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const FIELDS = 30;
const LAST_RUN_FILE = path.join(repoRoot, 'bench/results/frontend-last.json');
/** As in bench:load: the other remotes are preloaded 1 s after the first area mounts, when idle. */
const READING_PAUSE_MS = 1500;

interface Session {
  token: string;
  kind: 'patient' | 'employee';
}

interface PageSpec {
  label: string;
  path: string;
  session?: Session;
  /** The element that shows the page's content, and the text it must hold. */
  selector: string;
  text?: string;
}

interface Measurement {
  ms: number;
  jsKb: number;
}

type Row = Record<'cold' | 'warm', Measurement> | Record<'move', Measurement>;

declare global {
  interface Window {
    [key: `__${string}`]: number | undefined;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function newContext(browser: Browser, session: Session | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  // The shell keeps each tab's session in session storage (what its login screens do).
  if (session) {
    await context.addInitScript(({ token, kind }) => {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', token);
        sessionStorage.setItem('sessionKind', kind);
      }
    }, session);
  }
  return context;
}

/** JavaScript that came over the network between two moments of the page, in KB. */
async function jsKbBetween(page: Page, from: number, to: number): Promise<number> {
  const resources = await page.evaluate(resourcesUntil, { from, to });
  return (
    resources.filter((entry) => entry.js && entry.fromNetwork).reduce((sum, entry) => sum + entry.bytes, 0) /
    1024
  );
}

async function loadOnce(context: BrowserContext, baseUrl: string, spec: PageSpec): Promise<Measurement> {
  const page = await context.newPage();
  await page.addInitScript(watchFor, { selector: spec.selector, text: spec.text, key: '__readyAt' });
  await page.goto(baseUrl + spec.path);
  await page.waitForFunction(() => window.__readyAt, undefined, { timeout: 60_000 });
  const ms = await page.evaluate(() => window.__readyAt!);
  const measurement = { ms, jsKb: await jsKbBetween(page, -1, ms) };
  await page.close();
  return measurement;
}

async function coldAndWarm(browser: Browser, baseUrl: string, spec: PageSpec): Promise<Row> {
  const cold: Measurement[] = [];
  const warm: Measurement[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await newContext(browser, spec.session);
    cold.push(await loadOnce(context, baseUrl, spec));
    warm.push(await loadOnce(context, baseUrl, spec));
    await context.close();
  }
  const summary = (list: Measurement[]) => ({
    ms: median(list.map((item) => item.ms)),
    jsKb: median(list.map((item) => item.jsKb)),
  });
  return { cold: summary(cold), warm: summary(warm) };
}

/**
 * /forms, a pause, then the side menu's "Wypełnione formularze" (mfe-results: /filled-forms, or
 * the results of the only scheduled form): click → the first row of its table.
 */
async function moveBetweenRemotes(
  browser: Browser,
  baseUrl: string,
  owner: Session,
  forms: PageSpec,
): Promise<Row> {
  const moves: Measurement[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await newContext(browser, owner);
    const page = await context.newPage();
    await page.addInitScript(watchFor, { selector: forms.selector, key: '__formsAt' });
    await page.addInitScript(watchFor, {
      selector: '[data-remote="mfe-results"] table tbody tr',
      key: '__resultsAt',
    });
    await page.goto(baseUrl + forms.path);
    await page.waitForFunction(() => window.__formsAt, undefined, { timeout: 60_000 });
    await page.waitForTimeout(READING_PAUSE_MS);
    const link = page
      .getByRole('navigation', { name: 'Menu główne' })
      .getByRole('link', { name: 'Wypełnione formularze' });
    await link.waitFor();
    const clickAt = await page.evaluate(() => performance.now());
    await link.click();
    await page.waitForFunction(() => window.__resultsAt, undefined, { timeout: 60_000 });
    const resultsAt = await page.evaluate(() => window.__resultsAt!);
    moves.push({ ms: resultsAt - clickAt, jsKb: await jsKbBetween(page, clickAt, resultsAt) });
    await context.close();
  }
  return { move: { ms: median(moves.map((m) => m.ms)), jsKb: median(moves.map((m) => m.jsKb)) } };
}

/** The demo sessions, a 30-field form for the patient, and one filled form so the results have a row. */
async function prepare(baseUrl: string) {
  const formId = await activeFormForPatient(
    baseUrl,
    questionnaire(FIELDS),
    `Strony ${new Date().toISOString()}`,
  );
  const patient = await signInPatient(baseUrl);
  const owner = await signInOwner(baseUrl);
  await callApi(baseUrl, 'PUT', '/api/persons/after_first_login', { token: owner, expected: 204 });
  await submitFilledForms(
    { baseUrl, token: patient, formId, fields: FIELDS },
    { count: 1, connections: 1, withinMs: 30_000 },
  );
  return {
    formId,
    patient: { token: patient, kind: 'patient' } as Session,
    owner: { token: owner, kind: 'employee' } as Session,
  };
}

function readLastRun(): Record<string, Row> | undefined {
  try {
    return (JSON.parse(readFileSync(LAST_RUN_FILE, 'utf8')) as { rows: Record<string, Row> }).rows;
  } catch {
    return undefined;
  }
}

function printTable(rows: Record<string, Row>, previous: Record<string, Row> | undefined, baseUrl: string) {
  const fmt = (m: Measurement | undefined) =>
    m ? `${m.jsKb.toFixed(1).padStart(6)} KB ${m.ms.toFixed(0).padStart(5)} ms` : '         –          ';
  const change = (now: Measurement, before: Measurement | undefined) =>
    before
      ? `${now.ms - before.ms >= 0 ? '+' : ''}${(now.ms - before.ms).toFixed(0)} ms, ${now.jsKb - before.jsKb >= 0 ? '+' : ''}${(now.jsKb - before.jsKb).toFixed(1)} KB`
      : 'no previous run';
  console.log(
    `\nPages in headless Chromium (${baseUrl}), gzip, median of ${RUNS}: JS received over the network ` +
      'before the content first renders, and navigation start → that render:',
  );
  console.log(
    `  ${'page'.padEnd(36)} ${'cold'.padEnd(21)} ${'warm'.padEnd(21)} change since the previous run (cold; warm)`,
  );
  for (const [label, row] of Object.entries(rows)) {
    const before = previous?.[label];
    if ('move' in row) {
      const was = before && 'move' in before ? before.move : undefined;
      console.log(`  ${label.padEnd(36)} ${fmt(row.move)} ${''.padEnd(21)} ${change(row.move, was)}`);
    } else {
      const was = before && 'cold' in before ? before : undefined;
      console.log(
        `  ${label.padEnd(36)} ${fmt(row.cold)} ${fmt(row.warm)} ${change(row.cold, was?.cold)}; ${change(row.warm, was?.warm)}`,
      );
    }
  }
}

const product = process.env.BASE_URL ? undefined : await startProduct();
const baseUrl = process.env.BASE_URL ?? product!.url;
const browser = await launchBrowser();
try {
  const { formId, patient, owner } = await prepare(baseUrl);
  const login: PageSpec = {
    label: '/login (guest)',
    path: '/login',
    selector: '[data-remote="mfe-auth"] form input',
  };
  const forms: PageSpec = {
    label: '/forms (owner)',
    path: '/forms',
    session: owner,
    selector: '[data-remote="mfe-forms-builder"] table[aria-label="Formularze"] tbody tr',
  };
  const fill: PageSpec = {
    label: `fill page, ${FIELDS} fields (patient)`,
    path: `/formdata/add/${formId}`,
    session: patient,
    selector: '[data-remote="mfe-filling"]',
    text: `Pytanie ${FIELDS}`,
  };
  const rows: Record<string, Row> = {};
  for (const spec of [login, forms, fill]) rows[spec.label] = await coldAndWarm(browser, baseUrl, spec);
  rows['/forms → /filled-forms (side menu)'] = await moveBetweenRemotes(browser, baseUrl, owner, forms);

  printTable(rows, readLastRun(), baseUrl);
  mkdirSync(path.dirname(LAST_RUN_FILE), { recursive: true });
  writeFileSync(
    LAST_RUN_FILE,
    JSON.stringify({ measuredAt: new Date().toISOString(), baseUrl, runs: RUNS, rows }, null, 2),
  );
  console.log(`\nSaved as ${path.relative(repoRoot, LAST_RUN_FILE)} for the next run's comparison.`);
} finally {
  await browser.close();
  await product?.stop();
}
