import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import {
  instructionsFileFor,
  MANUAL_FILES,
  mediaUrl,
  PATIENT_VIDEO_FILE,
  ROUTES,
} from '@formularze/domain/schemas';
import { apiToken } from '../src/api.js';
import { layout, publishForDemoPatient, row } from '../src/forms.js';
import { DEMO, signIn, type DemoAccount } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

// The product as `npm start` serves it: the built-in help (help/dist, made by the build) behind
// an operator's media folder that holds no help file of its own.
const { product, browser } = productAndBrowserForSuite();

const POLISH_LETTERS = 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ';
const PLATFORM_ADMIN = { login: 'admin@demo.local', name: 'Admin Platformy', door: '/login-employee' };

/** A help file as the browser gets it: status, type and bytes. */
async function fetchHelpFile(url: string) {
  const response = await fetch(product().url + url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function assertServesPdf(url: string | null, what: string) {
  assert.ok(url, `${what}: no link shown`);
  const file = await fetchHelpFile(url);
  assert.equal(file.status, 200, `${what}: ${url}`);
  assert.equal(file.type, 'application/pdf', `${what}: ${url}`);
  assert.equal(file.bytes.subarray(0, 5).toString(), '%PDF-', `${what}: ${url}`);
}

/** The characters a PDF's embedded fonts map back to text (their ToUnicode CMaps). */
function charactersDrawn(pdf: Buffer): Set<string> {
  const text = pdf.toString('latin1');
  const drawn = new Set<string>();
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue; // an image or another stream that is not deflated text
    }
    if (!content.includes('begincmap')) continue;
    for (const [hex] of content.matchAll(/(?<=<)[0-9a-f]{4}(?=>)/gi)) {
      drawn.add(String.fromCodePoint(parseInt(hex, 16)));
    }
  }
  return drawn;
}

/** Where the top bar's Instrukcja points on the page on screen, once the shell has asked for the help files. */
async function instructionsLink(page: Page): Promise<string | null> {
  const button = page.getByRole('link', { name: 'Instrukcja' });
  await button.waitFor({ timeout: 15_000 });
  return button.getAttribute('href');
}

/** The video player opened by a FILM button: a dialog with a `<video controls>` that really plays the file. */
async function assertVideoPlayer(page: Page) {
  const player = page.getByRole('dialog', { name: 'Film instruktażowy' });
  await player.waitFor();
  const video = player.locator('video');
  assert.equal(await video.getAttribute('src'), mediaUrl(PATIENT_VIDEO_FILE));
  assert.notEqual(await video.getAttribute('controls'), null);
  // The browser read the file's header: it is a video it can play, of a real length.
  const duration = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        if (element.readyState >= 1) resolve(element.duration);
        element.addEventListener('loadedmetadata', () => resolve(element.duration));
        element.addEventListener('error', () => reject(new Error(`video error ${element.error?.code}`)));
      }),
  );
  assert.ok(duration >= 20 && duration <= 90, `video of ${duration} s`);
  await player.getByRole('button', { name: 'Zamknij' }).click();
  await player.waitFor({ state: 'detached' });
}

async function signedInPage(account: DemoAccount | typeof PLATFORM_ADMIN): Promise<Page> {
  const page = await browser().newPage();
  await signIn(page, product().url, account as DemoAccount);
  return page;
}

const firstLoginDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: 'Witamy w aplikacji Formularze' });

test('the build provides one PDF per audience, one per view with an instructions button, and the video', async () => {
  const listed = new Set(
    ((await (await fetch(`${product().url}/api/media`)).json()) as { files: string[] }).files,
  );
  const views = [...new Set(ROUTES.map((route) => instructionsFileFor(route.path)))];
  for (const file of [...Object.values(MANUAL_FILES), ...views, PATIENT_VIDEO_FILE]) {
    assert.ok(listed.has(file), `${file} is not installed`);
  }
  for (const file of [...Object.values(MANUAL_FILES), ...views]) await assertServesPdf(mediaUrl(file), file);

  const video = await fetchHelpFile(mediaUrl(PATIENT_VIDEO_FILE));
  assert.equal(video.status, 200);
  assert.equal(video.type, 'video/mp4');
  // Faststart: the index (moov) comes before the media data, so playback starts before the download ends.
  assert.ok(video.bytes.indexOf('moov') < video.bytes.indexOf('mdat'), 'moov before mdat');
  assert.ok(video.bytes.length < 2 * 1024 * 1024, `video of ${video.bytes.length} bytes`);
});

test('the manuals embed a font and draw every Polish letter with it', async () => {
  const drawn = new Set<string>();
  for (const file of Object.values(MANUAL_FILES)) {
    const pdf = (await fetchHelpFile(mediaUrl(file))).bytes;
    const text = pdf.toString('latin1');
    assert.match(text, /\/FontFile2 /, `${file} embeds its font`);
    assert.match(text, /\/BaseFont \/[A-Z]{6}\+DejaVuSans/, `${file} is set in DejaVu Sans`);
    // The PDF standard fonts have no Polish letters: none may be used.
    assert.doesNotMatch(text, /\/BaseFont \/(Helvetica|Times|Courier)/, file);
    for (const character of charactersDrawn(pdf)) drawn.add(character);
  }
  // The manuals are written in Polish: together they use every letter of its alphabet.
  const missing = [...POLISH_LETTERS.toLowerCase()].filter((letter) => !drawn.has(letter));
  assert.deepEqual(missing, []);
});

test("a guest's Instrukcja on every public view, and the help page's manuals, answer with a PDF", async () => {
  const page = await browser().newPage();
  for (const address of [
    '/login',
    '/login-employee',
    '/register',
    '/password-reset',
    '/password-employee-reset',
    '/password-reset-link-expired',
    '/about',
    '/admin-panel/login',
    '/help',
  ]) {
    await page.goto(product().url + address);
    const link = await instructionsLink(page);
    assert.equal(link, mediaUrl(instructionsFileFor(address)), address);
    await assertServesPdf(link, address);
  }
  const manuals = page.getByRole('region', { name: 'Instrukcje do pobrania' }).getByRole('link');
  await manuals.first().waitFor();
  const hrefs = await manuals.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  assert.deepEqual(hrefs.sort(), Object.values(MANUAL_FILES).map(mediaUrl).sort());
  for (const href of hrefs) await assertServesPdf(href, `help page: ${href}`);
  await page.getByRole('button', { name: 'Film instruktażowy' }).click();
  await assertVideoPlayer(page);
  await page.close();
});

test("a patient's first-login dialog, POMOC and each view's Instrukcja open PDFs, and FILM plays the video", async () => {
  const owner = await apiToken(product().url, DEMO.owner);
  // Two forms waiting: with a single one, the start page would open it by itself mid-check.
  const [formId] = await Promise.all(
    ['Ankieta pomocy e2e', 'Dzienniczek pomocy e2e'].map((name) =>
      publishForDemoPatient(product().url, owner, {
        name,
        layoutElementObject: layout(
          row({ id: 'uwagi', type: 'TEXT', label: 'Uwagi', size: 200, maxRows: 1 }),
        ),
      }),
    ),
  );
  const page = await signedInPage(DEMO.patient);
  const dialog = firstLoginDialog(page);
  await assertServesPdf(
    await dialog.getByRole('link', { name: 'POMOC' }).getAttribute('href', { timeout: 15_000 }),
    'first-login POMOC',
  );
  assert.equal(
    await dialog.getByRole('link', { name: 'POMOC' }).getAttribute('href'),
    mediaUrl(MANUAL_FILES.patient),
  );
  await dialog.getByRole('button', { name: 'FILM' }).click();
  await assertVideoPlayer(page);
  await dialog.getByRole('button', { name: 'Zamknij' }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'POMOC' }).click();
  const manual = page.getByRole('menuitem', { name: 'Instrukcja (PDF)' });
  assert.equal(await manual.getAttribute('href'), mediaUrl(MANUAL_FILES.patient));
  await assertServesPdf(await manual.getAttribute('href'), 'POMOC menu');
  await page.getByRole('menuitem', { name: 'Film instruktażowy' }).click();
  await assertVideoPlayer(page);

  for (const address of [
    '/',
    '/forms/active',
    `/formdata/add/${formId}`,
    '/test-kit',
    '/shopping-cart',
    '/orders',
    '/profile',
    '/password-change',
  ]) {
    await page.goto(product().url + address);
    const link = await instructionsLink(page);
    assert.equal(link, mediaUrl(instructionsFileFor(address)), address);
    await assertServesPdf(link, address);
  }
  await page.close();
});

test("staff's first-login POMOC opens their role's manual and each of their views has its instructions", async () => {
  const cases = [
    {
      account: DEMO.owner,
      manual: MANUAL_FILES.owner,
      views: [
        '/forms',
        '/results',
        '/filled-forms',
        '/groups',
        '/form_group/add',
        '/persons',
        '/person/add',
        '/terms',
      ],
    },
    { account: DEMO.editor, manual: MANUAL_FILES.coordinator, views: ['/profile/api-keys'] },
    { account: PLATFORM_ADMIN, manual: MANUAL_FILES.owner, views: ['/settings'] },
  ];
  for (const { account, manual, views } of cases) {
    const page = await signedInPage(account);
    const dialog = firstLoginDialog(page);
    const help = dialog.getByRole('link', { name: 'POMOC' });
    await help.waitFor({ timeout: 15_000 });
    assert.equal(await help.getAttribute('href'), mediaUrl(manual), account.login);
    // The video is the patients': staff get no FILM button.
    assert.equal(await dialog.getByRole('button', { name: 'FILM' }).count(), 0);
    await dialog.getByRole('button', { name: 'Zamknij' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Without a video, POMOC is the manual itself.
    assert.equal(await page.getByRole('link', { name: 'POMOC' }).getAttribute('href'), mediaUrl(manual));
    for (const address of views) {
      await page.goto(product().url + address);
      const link = await instructionsLink(page);
      assert.equal(link, mediaUrl(instructionsFileFor(address)), address);
      await assertServesPdf(link, address);
    }
    await page.close();
  }
});
