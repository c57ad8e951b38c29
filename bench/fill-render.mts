// The fill page beside SurveyJS and Form.io: one generated 300-field questionnaire (one page, every
// field required) rendered in the same headless Chromium by the product's /formdata/add/{formId}
// (opened by the demo patient), by SurveyJS's React renderer and by Form.io's renderer, each from a
// production bundle. Prints load size, time to interactive, long tasks, input latencies and heap.
// The SurveyJS and Form.io pages come from bench/fill-compare (their own package and lockfile,
// installed here on the first run; never part of the product's dependencies).
// Usage: npm run bench:fill (BASE_URL to use a running product instead of starting one; RUNS loads
// per renderer, 3 by default; FIELDS for another size; ONLY=product,surveyjs,formio to pick renderers).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/src/browser.ts';
import { startProduct, type RunningProduct } from '../e2e/src/product.ts';
import {
  HEAP_DEFINITION,
  JS_DEFINITION,
  LATENCY_DEFINITION,
  loadFillPage,
  LONG_TASK_DEFINITION,
  measureClicks,
  measureKeystrokes,
  READY_DEFINITION,
  type FillPage,
  type LoadMetrics,
} from './fill/page-metrics.mts';
import { activeFormForPatient, signInPatient } from './fill/product-api.mts';
import { formioForm, OPTIONS, questionLabel, questionnaire, surveyJsSurvey } from './fill/questionnaire.mts';

const RUNS = Number(process.env.RUNS ?? 3);
const FIELDS = Number(process.env.FIELDS ?? 300);
const ONLY = (process.env.ONLY ?? 'product,surveyjs,formio').split(',');
const KEYSTROKES = 20;
const CLICKS = 10;
const TYPED_FIELD = 150;
const CLICKED_QUESTION = 100;
const TARGETS = { readyShareOfSurveyJs: 0.5, keystrokeMs: 10, clickMs: 20 };
const VIEWPORT = { width: 1280, height: 900 };

const compareDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fill-compare');
const questions = questionnaire(FIELDS);
const formName = `Ankieta ${FIELDS} pytań`;

/** Installs the comparison's own dependencies once and bundles the SurveyJS and Form.io pages. */
async function buildComparisonPages(): Promise<string> {
  if (!existsSync(path.join(compareDir, 'node_modules'))) {
    console.log('Installing the comparison pages’ dependencies (bench/fill-compare)…');
    const installed = spawnSync('npm', ['install', '--prefix', compareDir, '--no-audit', '--no-fund'], {
      stdio: 'inherit',
    });
    if (installed.status !== 0) throw new Error('npm install in bench/fill-compare failed');
  }
  const { buildPages } = (await import(path.join(compareDir, 'build.mjs'))) as {
    buildPages(): Promise<string>;
  };
  return buildPages();
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
};

/** Serves `/<renderer>/…` from the built pages, and each renderer's definition of the questionnaire. */
async function serveComparisonPages(dist: string): Promise<{ url: string; close(): void }> {
  const definitions: Record<string, unknown> = {
    surveyjs: surveyJsSurvey(questions, formName),
    formio: formioForm(questions, formName),
  };
  const server = http.createServer(async (request, response) => {
    const [, renderer = '', requested] = new URL(request.url!, 'http://local').pathname.split('/');
    const file = requested || 'index.html';
    const headers = { 'cache-control': 'no-store' };
    if (file === 'definition.json' && renderer in definitions) {
      response.writeHead(200, { ...headers, 'content-type': CONTENT_TYPES['.json'] });
      return response.end(JSON.stringify(definitions[renderer]));
    }
    try {
      const body = await readFile(path.join(dist, path.basename(renderer), path.basename(file)));
      response.writeHead(200, {
        ...headers,
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

async function productPage(baseUrl: string): Promise<FillPage> {
  const formId = await activeFormForPatient(baseUrl, questions, formName);
  const token = await signInPatient(baseUrl);
  return {
    name: 'Formularze',
    url: `${baseUrl}/formdata/add/${formId}`,
    scope: '[data-remote="mfe-filling"]',
    // Remotes are served from /deployments/<remote>/<version>/; everything else is the shell's.
    scriptArea: (url) => new URL(url).pathname.match(/^\/deployments\/([^/]+)\//)?.[1] ?? 'shell',
    // The shell keeps the session token of the tab in session storage.
    async prepare(context) {
      await context.addInitScript((session) => {
        if (!sessionStorage.getItem('token')) {
          sessionStorage.setItem('token', session);
          sessionStorage.setItem('sessionKind', 'patient');
        }
      }, token);
    },
  };
}

const comparisonPage = (pagesUrl: string, renderer: string, name: string): FillPage => ({
  name,
  url: `${pagesUrl}/${renderer}/`,
  scope: '#root',
});

interface Result {
  loads: LoadMetrics[];
  keystrokes: number[];
  clicks: number[];
}

async function measure(browser: Browser, fillPage: FillPage, result: Result, counted: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const { page, metrics } = await loadFillPage(context, fillPage, questionLabel(FIELDS));
    if (!counted) return;
    result.loads.push(metrics);
    result.keystrokes.push(...(await measureKeystrokes(page, questionLabel(TYPED_FIELD), KEYSTROKES)));
    result.clicks.push(...(await measureClicks(page, questionLabel(CLICKED_QUESTION), OPTIONS, CLICKS)));
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};
const medianOf = (
  loads: LoadMetrics[],
  key: Exclude<keyof LoadMetrics, 'jsGzipBytesByArea' | 'scriptList'>,
) => median(loads.map((load) => load[key]));

let product: RunningProduct | undefined;
let closePages: (() => void) | undefined;
const browser = await launchBrowser();
try {
  const fillPages: FillPage[] = [];
  if (ONLY.includes('product')) {
    let baseUrl = process.env.BASE_URL;
    if (!baseUrl) {
      console.log('Building and starting the product…');
      product = await startProduct();
      baseUrl = product.url;
    }
    fillPages.push(await productPage(baseUrl));
  }
  if (ONLY.some((renderer) => renderer !== 'product')) {
    const pages = await serveComparisonPages(await buildComparisonPages());
    closePages = pages.close;
    if (ONLY.includes('surveyjs')) fillPages.push(comparisonPage(pages.url, 'surveyjs', 'SurveyJS'));
    if (ONLY.includes('formio')) fillPages.push(comparisonPage(pages.url, 'formio', 'Form.io'));
  }

  const results = new Map<FillPage, Result>(
    fillPages.map((fillPage) => [fillPage, { loads: [], keystrokes: [], clicks: [] }]),
  );
  // One uncounted load each warms the browser; then the renderers take turns, so a busy moment of
  // the shared machine does not fall on one of them only.
  for (const fillPage of fillPages) await measure(browser, fillPage, results.get(fillPage)!, false);
  for (let run = 0; run < RUNS; run += 1) {
    for (const fillPage of fillPages) await measure(browser, fillPage, results.get(fillPage)!, true);
  }

  const rows = fillPages.map((fillPage) => {
    const { loads, keystrokes, clicks } = results.get(fillPage)!;
    const medianLoad = [...loads].sort((a, b) => a.jsGzipBytes - b.jsGzipBytes)[
      Math.floor(loads.length / 2)
    ]!;
    return {
      name: fillPage.name,
      jsKb: medianOf(loads, 'jsGzipBytes') / 1024,
      scripts: medianOf(loads, 'scripts'),
      readyMs: medianOf(loads, 'readyMs'),
      longTasks: medianOf(loads, 'longTasks'),
      longTaskMs: medianOf(loads, 'longTaskMs'),
      keystrokeMs: median(keystrokes),
      clickMs: median(clicks),
      firstClickMs: median(loads.map((_, run) => clicks[run * CLICKS]!)),
      heapMb: medianOf(loads, 'heapBytes') / 1024 / 1024,
      scriptList: medianLoad.scriptList,
      jsKbByArea: Object.entries(medianLoad.jsGzipBytesByArea)
        .sort(([, a], [, b]) => b - a)
        .map(([area, bytes]) => `${area} ${(bytes / 1024).toFixed(1)}`),
    };
  });

  console.log(
    `\nFill page of a ${FIELDS}-field questionnaire (one page, all required), headless Chromium ` +
      `${VIEWPORT.width}×${VIEWPORT.height}, median of ${RUNS} cold loads per renderer:`,
  );
  console.table(
    Object.fromEntries(
      rows.map((row) => [
        row.name,
        {
          'JS gzip KB': row.jsKb.toFixed(1),
          'JS files': row.scripts,
          'ready ms': Math.round(row.readyMs),
          'long tasks': row.longTasks,
          'long tasks ms': Math.round(row.longTaskMs),
          [`keystroke ms (field ${TYPED_FIELD})`]: row.keystrokeMs.toFixed(1),
          [`click ms (question ${CLICKED_QUESTION})`]: row.clickMs.toFixed(1),
          'first click ms': row.firstClickMs.toFixed(1),
          'heap MB': row.heapMb.toFixed(1),
        },
      ]),
    ),
  );
  for (const row of rows.filter((candidate) => candidate.jsKbByArea.length > 1)) {
    console.log(`${row.name}: JS gzip KB until ready by area (median load): ${row.jsKbByArea.join(', ')}`);
  }
  // SCRIPTS=1: which scripts the median load waited for, to find what a change added before ready.
  if (process.env.SCRIPTS) {
    for (const row of rows) {
      console.log(`${row.name}: scripts until ready (median load), by when each arrived:`);
      console.table(
        row.scriptList.map(({ path, gzipBytes, endMs }) => ({
          script: path,
          'gzip KB': (gzipBytes / 1024).toFixed(1),
          'arrived ms': Math.round(endMs),
        })),
      );
    }
  }
  console.log('Definitions:');
  console.log(`  ready: ${READY_DEFINITION}`);
  console.log(`  JS gzip: ${JS_DEFINITION}`);
  console.log(`  long tasks: ${LONG_TASK_DEFINITION}`);
  console.log(
    `  keystroke / click: ${LATENCY_DEFINITION}; median of ${KEYSTROKES} keystrokes typed into field ` +
      `${TYPED_FIELD} and of ${CLICKS} clicks on the options of question ${CLICKED_QUESTION}, per load`,
  );
  console.log(`  heap: ${HEAP_DEFINITION}`);

  const own = rows.find((row) => row.name === 'Formularze');
  const surveyJs = rows.find((row) => row.name === 'SurveyJS');
  if (own) {
    const others = rows.filter((row) => row !== own);
    const checks: [string, boolean | undefined][] = [
      [
        `ready ≤ ${TARGETS.readyShareOfSurveyJs} × SurveyJS’s`,
        surveyJs && own.readyMs <= TARGETS.readyShareOfSurveyJs * surveyJs.readyMs,
      ],
      [`keystroke ≤ ${TARGETS.keystrokeMs} ms`, own.keystrokeMs <= TARGETS.keystrokeMs],
      [`click ≤ ${TARGETS.clickMs} ms`, own.clickMs <= TARGETS.clickMs],
      [
        `JS gzip below ${others.map((row) => row.name).join(' and ') || 'the others'}`,
        others.length ? others.every((row) => own.jsKb < row.jsKb) : undefined,
      ],
    ];
    console.log('Targets of the product’s fill page:');
    for (const [target, passed] of checks) {
      console.log(`  ${passed === undefined ? 'n/a ' : passed ? 'PASS' : 'FAIL'}  ${target}`);
    }
    if (checks.some(([, passed]) => passed === false)) process.exitCode = 1;
  }
} finally {
  await browser.close();
  closePages?.();
  await product?.stop();
}
