// The adherence grid's first page in the browser (ADR 307): 100 patients of 1 000, each with 52
// weekly slots (5 200 cell buttons), served to the real screen at /results/{formId}/adherence in
// headless Chromium. The API's answer is a generated page (the browser's route handler), so the
// time is the screen's alone: from the answer's last byte (the resource timing's responseEnd) to
// the frame after the hundredth row is in the document. Target: ≤ 500 ms.
// Usage: npm run bench:adherence-render (BASE_URL to use a running product instead of starting
// one; RUNS loads, 10 by default; SLOTS per patient, 52 by default: the grid's default period of
// 90 days shows 15 of a weekly schedule).
import type { AdherencePage, AdherenceSlot, SlotStatus } from '@formularze/domain/schemas/adherence';
import { writeFileSync } from 'node:fs';
import type { Protocol } from 'playwright-core/types/protocol';
import { launchBrowser } from '../e2e/src/browser.ts';
import { startProduct, type RunningProduct } from '../e2e/src/product.ts';
import { callApi, signInOwner } from './fill/product-api.mts';

const RUNS = Number(process.env.RUNS ?? 10);
/** A file to write the last load's CPU profile to (Chrome's format), its self times summed per script. */
const PROFILE = process.env.PROFILE;
const PATIENTS_ON_PAGE = 100;
const WEEKS = Number(process.env.SLOTS ?? 52);
const BUDGET_MS = 500;
/** The rows the grid draws with their cells at once (`ROWS_ON_FIRST_SCREEN`); 1 000 px show 13. */
const FIRST_SCREEN_ROWS = 20;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A page as the API would answer it: most slots on time, some late or missed, one open, one upcoming. */
function generatedPage(): AdherencePage {
  const now = Date.now();
  const content = Array.from({ length: PATIENTS_ON_PAGE }, (_, patient) => {
    const slots: AdherenceSlot[] = Array.from({ length: WEEKS }, (_, week) => {
      const startsAt = now - (WEEKS - 2 - week) * WEEK_MS - 3_600_000;
      const status: SlotStatus =
        week === WEEKS - 1
          ? 'UPCOMING'
          : week === WEEKS - 2
            ? 'OPEN'
            : (patient + week) % 9 === 0
              ? 'MISSED'
              : (patient + week) % 31 === 0
                ? 'LATE'
                : 'ON_TIME';
      const filled = status === 'ON_TIME' || status === 'LATE';
      return {
        id: patient * WEEKS + week + 1,
        formId: 1,
        bagId: 1,
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 12 * 3_600_000).toISOString(),
        status,
        filledFormId: filled ? patient * WEEKS + week + 1 : null,
        filledAt: filled ? new Date(startsAt + 3 * 3_600_000).toISOString() : null,
        score: filled ? (patient * week) % 28 : null,
      };
    });
    return {
      person: { id: patient + 1, name: `Pacjent Nr ${String(patient + 1).padStart(4, '0')}` },
      dueSlots: 50,
      onTimeSlots: slots.filter((slot) => slot.status === 'ON_TIME').length,
      adherence: Math.round((100 * slots.filter((slot) => slot.status === 'ON_TIME').length) / 50),
      missedStreak: 0,
      remindedAt: null,
      slots,
    };
  });
  return { content, totalElements: 1_000, page: 0, pageSize: PATIENTS_ON_PAGE };
}

/** What a load is timed to, from the answer's last byte: the frames after each moment. */
interface Painted {
  /** Every row of the page in the document, those of the first screen with their cells. */
  firstScreen?: number;
  /** Every cell of the page in the document. */
  wholePage?: number;
}

/**
 * Installed before the page's own scripts: the frames after the page's rows (with the first
 * screen's cells) and after all of its cells are in the document.
 */
function installRowProbe({
  rows,
  firstScreenRows,
  cells,
}: {
  rows: number;
  firstScreenRows: number;
  cells: number;
}) {
  // No inner named functions: tsx would wrap them in a helper the page does not have.
  const painted: Painted = {};
  (window as unknown as { __painted: Painted }).__painted = painted;
  const observer = new MutationObserver(() => {
    const table = document.querySelector('table[aria-label="Terminowość wypełnień"]');
    const bodyRows = table?.querySelectorAll('tbody tr');
    if (!bodyRows || bodyRows.length < rows) return;
    const moments: (keyof Painted)[] = [];
    if (painted.firstScreen === undefined && bodyRows[firstScreenRows - 1]!.querySelector('button')) {
      moments.push('firstScreen');
    }
    if (table!.querySelectorAll('[role="group"] button').length >= cells) {
      observer.disconnect();
      moments.push('wholePage');
    }
    for (const moment of moments) {
      requestAnimationFrame(() => setTimeout(() => (painted[moment] ??= performance.now()), 0));
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Where the profiled load's time went: self time per script and the costliest functions. */
function printSelfTimes(profile: Protocol.Profiler.Profile) {
  const selfMs = new Map<number, number>();
  profile.samples?.forEach((nodeId, index) => {
    selfMs.set(nodeId, (selfMs.get(nodeId) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  const perScript = new Map<string, number>();
  const perFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    const script = url.split('/').slice(-2).join('/') || `(${functionName || 'program'})`;
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
    const where = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}:${columnNumber + 1}`;
    perFunction.set(where, (perFunction.get(where) ?? 0) + ms);
  }
  const top = (totals: Map<string, number>, count: number) =>
    [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log('Self time per script (ms):');
  for (const [script, ms] of top(perScript, 12)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${script}`);
  console.log('Costliest functions (ms):');
  for (const [where, ms] of top(perFunction, 25)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${where}`);
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))]!;

let product: RunningProduct | undefined;
const browser = await launchBrowser();
try {
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    console.log('Building and starting the product…');
    product = await startProduct();
    baseUrl = product.url;
  }
  const token = await signInOwner(baseUrl);
  await callApi(baseUrl, 'PUT', '/api/persons/after_first_login', { token, expected: 204 });
  const body = JSON.stringify(generatedPage());
  console.log(
    `A page of ${PATIENTS_ON_PAGE} patients × ${WEEKS} slots: ${(body.length / 1024).toFixed(0)} KB of JSON`,
  );

  const timings = { firstScreen: [] as number[], wholePage: [] as number[] };
  for (let run = 0; run <= RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addInitScript((session) => {
      sessionStorage.setItem('token', session);
      sessionStorage.setItem('sessionKind', 'employee');
    }, token);
    await context.addInitScript(installRowProbe, {
      rows: PATIENTS_ON_PAGE,
      firstScreenRows: FIRST_SCREEN_ROWS,
      cells: PATIENTS_ON_PAGE * WEEKS,
    });
    const page = await context.newPage();
    const profiling = PROFILE && run === RUNS ? await page.context().newCDPSession(page) : undefined;
    if (profiling) {
      await profiling.send('Profiler.enable');
      await profiling.send('Profiler.setSamplingInterval', { interval: 100 });
    }
    await context.route('**/api/form_data/adherence/**', async (route) => {
      // Started as the answer is handed over, so the profile holds the screen's work alone.
      await profiling?.send('Profiler.start');
      await route.fulfill({ status: 200, contentType: 'application/json', body });
    });
    await page.goto(`${baseUrl}/results/1/adherence`);
    await page.waitForFunction(
      () => (window as unknown as { __painted: Painted }).__painted.wholePage !== undefined,
      null,
      { timeout: 30_000 },
    );
    const painted = await page.evaluate(() => {
      const answer = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/api/form_data/adherence/')) as PerformanceResourceTiming;
      const { firstScreen, wholePage } = (window as unknown as { __painted: Painted }).__painted;
      return { firstScreen: firstScreen! - answer.responseEnd, wholePage: wholePage! - answer.responseEnd };
    });
    if (profiling) {
      const { profile } = await profiling.send('Profiler.stop');
      writeFileSync(PROFILE!, JSON.stringify(profile));
      printSelfTimes(profile);
    }
    // The first load warms the browser's caches and is not counted.
    if (run > 0) {
      timings.firstScreen.push(painted.firstScreen);
      timings.wholePage.push(painted.wholePage);
    }
    await context.close();
  }
  const report = (what: string, values: number[]) => {
    const p50 = percentile(values, 0.5);
    console.log(
      `${what}: p50 ${p50.toFixed(0)} ms, p95 ${percentile(values, 0.95).toFixed(0)} ms, ` +
        `max ${Math.max(...values).toFixed(0)} ms over ${RUNS} loads (target ≤ ${BUDGET_MS} ms): ` +
        (p50 <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'),
    );
  };
  console.log('From the answer to the frame after…');
  report(`the rows, the first ${FIRST_SCREEN_ROWS} with their cells`, timings.firstScreen);
  report(`every cell of the page`, timings.wholePage);
} finally {
  await browser.close();
  await product?.stop();
}
