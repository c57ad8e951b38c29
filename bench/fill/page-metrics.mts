// What the render comparison measures in a page, defined once for every renderer. The probe runs in
// the page from navigation start (an init script); the runner reads it back.
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';

/** One renderer's fill page. */
export interface FillPage {
  name: string;
  url: string;
  /** The element holding the questionnaire: the probe looks for fields inside it only. */
  scope: string;
  /** Prepares a fresh browser context (e.g. the session of the product's patient). */
  prepare?(context: BrowserContext): Promise<void>;
  /** Which part of the page a script belongs to, for a breakdown of the JS (e.g. the remote). */
  scriptArea?(url: string): string;
}

/* The measured controls are found as a person (or a screen reader) finds them, in every page alike. */

/** Label `Pytanie 15` must not find `Pytanie 150`; a required marker may follow the label. */
const labelled = (label: string) => new RegExp(`^${label}(?!\\d)`);
/** The send button: its presence confirms the page is a fill page. */
const sendButton = (page: Page) => page.getByRole('button', { name: 'Zapisz i wyślij' });
const textField = (page: Page, label: string) => page.getByRole('textbox', { name: labelled(label) });
/** The visible text of an option of a single-choice question, which a person clicks. */
const choiceOption = (page: Page, label: string, option: string): Locator =>
  page.getByRole('radiogroup', { name: labelled(label) }).getByText(option, { exact: true });

export const READY_DEFINITION =
  'navigation start → the first animation frame in which the last question’s label is in the page ' +
  'and the first question’s control takes focus (focus() makes it document.activeElement)';
export const LATENCY_DEFINITION =
  'the event’s timeStamp (keydown; the first click of a click on an option’s text) → the first ' +
  'task after the next animation frame (requestAnimationFrame, then a zero-delay timeout, which ' +
  'runs once that frame is produced)';
export const LONG_TASK_DEFINITION =
  'tasks over 50 ms (PerformanceObserver "longtask") from navigation start to ready';
export const JS_DEFINITION =
  'every script response received until ready, each body gzip-compressed (level 9) here, summed';
export const HEAP_DEFINITION =
  'JSHeapUsedSize of CDP Performance.getMetrics after a forced garbage collection, 1 s after ready';

interface Probe {
  ready?: number;
  longTasks: { start: number; duration: number }[];
  keystrokes: number[];
  clicks: number[];
  armClick(): void;
}

declare global {
  interface Window {
    fillProbe: Probe;
  }
}

/** Runs in the page before its own scripts. */
function installProbe({ scope, lastLabel }: { scope: string; lastLabel: string }) {
  const afterNextFrame = (since: number, into: number[]) =>
    requestAnimationFrame(() => setTimeout(() => into.push(performance.now() - since)));
  let clickArmed = false;
  const probe: Probe = {
    longTasks: [],
    keystrokes: [],
    clicks: [],
    armClick: () => (clickArmed = true),
  };
  window.fillProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('keydown', (event) => afterNextFrame(event.timeStamp, probe.keystrokes), true);
  document.addEventListener(
    'click',
    (event) => {
      if (!clickArmed) return;
      clickArmed = false;
      afterNextFrame(event.timeStamp, probe.clicks);
    },
    true,
  );

  const lastLabelXPath = `//*[text()[normalize-space()='${lastLabel}']]`;
  const isReady = () => {
    const area = document.querySelector(scope);
    if (!area) return false;
    const label = document.evaluate(lastLabelXPath, area, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null);
    if (!label.singleNodeValue) return false;
    const first = area.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
    if (!first) return false;
    first.focus({ preventScroll: true });
    const focused = document.activeElement === first;
    first.blur();
    return focused;
  };
  const watch = () => {
    if (isReady()) probe.ready = performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

export interface LoadMetrics {
  readyMs: number;
  jsGzipBytes: number;
  jsGzipBytesByArea: Record<string, number>;
  /** Each script counted, in the order its response ended: path, gzip size, when it ended. */
  scriptList: Array<{ path: string; gzipBytes: number; endMs: number }>;
  scripts: number;
  longTasks: number;
  longTaskMs: number;
  heapBytes: number;
}

const SETTLE_MS = 1000;

const QUIET_POLL_MS = 250;
/** CPU time the whole browser may use in one poll and still count as quiet: 10% of one core. */
const QUIET_CPU_MS_PER_POLL = 25;
const QUIET_POLLS = 2;
const QUIET_TIMEOUT_MS = 15_000;

/**
 * Waits until every process of the browser has been near idle for two polls in a row. A new
 * context opens a window, and headless Chromium then starts that window's address-bar popup, a
 * WebUI page of its own: measured here, its renderer kept one of the two cores busy for ~2–3 s
 * after the window opened, so a page loaded at once shared the machine with it for its whole
 * load. The previous page's renderer, exiting, is waited out the same way.
 */
export async function waitForQuietBrowser(browser: Browser): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  const cpuSecondsByProcess = async () => {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { id: number; cpuTime: number }[];
    };
    return new Map(processInfo.map((process) => [process.id, process.cpuTime]));
  };
  try {
    const deadline = Date.now() + QUIET_TIMEOUT_MS;
    let quietPolls = 0;
    let previous = await cpuSecondsByProcess();
    while (quietPolls < QUIET_POLLS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
      const current = await cpuSecondsByProcess();
      let usedMs = 0;
      for (const [id, cpuTime] of current) usedMs += (cpuTime - (previous.get(id) ?? 0)) * 1000;
      quietPolls = usedMs <= QUIET_CPU_MS_PER_POLL ? quietPolls + 1 : 0;
      previous = current;
    }
  } finally {
    await cdp.detach();
  }
}

/**
 * Opens `fillPage` in a fresh context and measures its load, started once the browser is quiet;
 * answers the page for the interactions.
 */
export async function loadFillPage(
  context: BrowserContext,
  fillPage: FillPage,
  lastLabel: string,
): Promise<{ page: Page; metrics: LoadMetrics }> {
  await fillPage.prepare?.(context);
  const page = await context.newPage();
  // tsx keeps function names through an `__name` helper, which the page does not have.
  const probeArguments = JSON.stringify({ scope: fillPage.scope, lastLabel });
  await page.addInitScript({ content: `var __name = (fn) => fn; (${installProbe})(${probeArguments});` });
  await waitForQuietBrowser(context.browser()!);
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return;
    scripts.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(fillPage.url);
  // Polled by timer, not by animation frame, so the wait adds no frame callbacks of its own.
  await page.waitForFunction(() => window.fillProbe.ready !== undefined, null, {
    timeout: 120_000,
    polling: 100,
  });
  await sendButton(page).waitFor({ timeout: 5000 });
  const readyMs = await page.evaluate(() => window.fillProbe.ready!);
  const loadedBeforeReady = await page.evaluate(
    (ready) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= ready)
        .map((entry) => ({ url: entry.name, endMs: (entry as PerformanceResourceTiming).responseEnd })),
    readyMs,
  );
  const endOf = new Map(loadedBeforeReady.map(({ url, endMs }) => [url, endMs]));
  const counted = loadedBeforeReady.map(({ url }) => url).filter((url) => scripts.has(url));
  const sizes = await Promise.all(counted.map((url) => scripts.get(url)!));
  const jsGzipBytesByArea: Record<string, number> = {};
  counted.forEach((url, index) => {
    const area = fillPage.scriptArea?.(url) ?? fillPage.name;
    jsGzipBytesByArea[area] = (jsGzipBytesByArea[area] ?? 0) + sizes[index]!;
  });
  const longTasks = await page.evaluate(
    (ready) => window.fillProbe.longTasks.filter((task) => task.start <= ready),
    readyMs,
  );

  await page.waitForTimeout(SETTLE_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();

  return {
    page,
    metrics: {
      readyMs,
      jsGzipBytes: sizes.reduce((sum, size) => sum + size, 0),
      jsGzipBytesByArea,
      scriptList: counted.map((url, index) => ({
        path: new URL(url).pathname,
        gzipBytes: sizes[index]!,
        endMs: endOf.get(url)!,
      })),
      scripts: counted.length,
      longTasks: longTasks.length,
      longTaskMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
      heapBytes: metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN,
    },
  };
}

const PAUSE_MS = 150;

/** Types `keystrokes` characters into the text field, one at a time; answers each one's latency. */
export async function measureKeystrokes(page: Page, label: string, keystrokes: number): Promise<number[]> {
  const field = textField(page, label);
  await field.scrollIntoViewIfNeeded();
  await field.focus();
  await page.waitForTimeout(PAUSE_MS);
  await page.evaluate(() => (window.fillProbe.keystrokes.length = 0));
  const text = 'ankieta bolu pacjenta'.repeat(Math.ceil(keystrokes / 21)).slice(0, keystrokes);
  await page.keyboard.type(text, { delay: PAUSE_MS });
  await page.waitForFunction((count) => window.fillProbe.keystrokes.length >= count, keystrokes);
  return page.evaluate(() => [...window.fillProbe.keystrokes]);
}

/** Clicks the options of the single-choice question in turn; answers each click's latency. */
export async function measureClicks(
  page: Page,
  label: string,
  options: readonly string[],
  clicks: number,
): Promise<number[]> {
  await choiceOption(page, label, options[0]!).scrollIntoViewIfNeeded();
  await page.waitForTimeout(PAUSE_MS);
  for (let click = 0; click < clicks; click += 1) {
    const option = choiceOption(page, label, options[(click + 1) % options.length]!);
    await page.evaluate(() => window.fillProbe.armClick());
    await option.click();
    await page.waitForFunction((count) => window.fillProbe.clicks.length >= count, click + 1);
    await page.waitForTimeout(PAUSE_MS);
  }
  return page.evaluate(() => [...window.fillProbe.clicks]);
}
