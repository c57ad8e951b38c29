// The form editor with 300 fields in headless Chromium (issue 6, "Performance"):
// - render: from the end of the form's response (GET /api/forms/{id}, resource timing) to the first
//   free task after the frame that shows the last card — the editor is drawn and the main thread
//   answers input again;
// - move: a field moved with the keyboard (Enter on its 'Przesuń … w lewo' button) from the key's
//   keydown to the first free task after the next frame.
// Usage: start the product (`npm start`), then `npm run bench:form-editor` (BASE_URL to point
// elsewhere, RUNS editor loads, MOVES keyboard moves per load, FIELDS for another size).
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/src/browser.ts';
import { DEMO, DEMO_PASSWORD, signIn } from '../e2e/src/session.ts';
import { FIELDS_PER_ROW, paletteFormLayout } from './palette-form.mts';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const RUNS = Number(process.env.RUNS ?? 5);
const MOVES = Number(process.env.MOVES ?? 10);
const FIELDS = Number(process.env.FIELDS ?? 300);
const RENDER_BUDGET_MS = 1000;
const MOVE_BUDGET_MS = 50;

async function createForm(): Promise<number> {
  const login = await fetch(`${BASE_URL}/employees/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.owner.login, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const saved = await fetch(`${BASE_URL}/api/forms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({
      name: `Pomiar edytora ${new Date().toISOString()}`,
      layoutElementObject: paletteFormLayout(FIELDS),
    }),
  });
  const answer = await saved.text();
  if (saved.status !== 201) throw new Error(`POST /api/forms: ${saved.status} ${answer}`);
  return (JSON.parse(answer) as { id: number }).id;
}

interface Marks {
  editorShown?: number;
  moveStarted?: number;
  moveShown?: number;
}

/** Opens /forms/edit/{id} from the list (its code already loaded) and measures the editor's render. */
async function measureRender(page: Page, id: number): Promise<number> {
  const area = page.locator('[data-remote="mfe-forms-builder"]');
  await page.goto(`${BASE_URL}/forms`);
  await area.getByRole('heading', { name: 'Formularze', exact: true }).waitFor();
  await page.evaluate(
    ({ formId, lastField }) => {
      const marks = window as unknown as Marks;
      delete marks.editorShown;
      new MutationObserver((_records, observer) => {
        if (document.querySelector(`[data-field-id="${lastField}"]`)) {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (marks.editorShown = performance.now())));
        }
      }).observe(document.body, { childList: true, subtree: true });
      history.pushState(null, '', `/forms/edit/${formId}`);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    { formId: id, lastField: `pole_${FIELDS}` },
  );
  await page.waitForFunction(() => (window as unknown as Marks).editorShown !== undefined);
  return page.evaluate((formId) => {
    const arrived = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith(`/api/forms/${formId}`))
      .at(-1) as PerformanceResourceTiming | undefined;
    if (!arrived) throw new Error(`no response of /api/forms/${formId} in the resource timing`);
    return (window as unknown as Marks).editorShown! - arrived.responseEnd;
  }, id);
}

/** Moves the middle row's last field left, then back right, by Enter on the focused move button. */
async function measureMove(page: Page, direction: 'left' | 'right'): Promise<number> {
  const fieldId = `pole_${Math.ceil(FIELDS / FIELDS_PER_ROW / 2) * FIELDS_PER_ROW}`;
  await page.evaluate(
    ({ fieldId, direction }) => {
      const marks = window as unknown as Marks;
      delete marks.moveStarted;
      delete marks.moveShown;
      const card = document.querySelector(`[data-field-id="${fieldId}"]`)!;
      const before = card.previousElementSibling;
      const button = card.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`)!;
      button.focus();
      document.addEventListener('keydown', () => (marks.moveStarted = performance.now()), {
        capture: true,
        once: true,
      });
      const row = card.parentElement!;
      new MutationObserver((_records, observer) => {
        const moved = document.querySelector(`[data-field-id="${fieldId}"]`);
        if (moved && moved.previousElementSibling !== before) {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (marks.moveShown = performance.now())));
        }
      }).observe(row, { childList: true, subtree: true });
    },
    { fieldId, direction },
  );
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (window as unknown as Marks).moveShown !== undefined);
  return page.evaluate(() => {
    const marks = window as unknown as Marks;
    return marks.moveShown! - marks.moveStarted!;
  });
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;
/** The verdict is the median's: a shared machine's single slow frame is shown by p95 and max. */
const line = (label: string, values: number[], budget: number) => {
  const median = percentile(values, 0.5);
  const verdict = median <= budget ? `within the ${budget} ms budget` : `OVER the ${budget} ms budget`;
  return `  ${label}: median ${median.toFixed(0)} ms, p95 ${percentile(values, 0.95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length} runs) — ${verdict}`;
};

const id = await createForm();
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
// Leaving the moved (unsaved) form for the next run: the browser's question is answered 'leave'.
page.on('dialog', (dialog) => void dialog.accept());
await signIn(page, BASE_URL, DEMO.owner);
// The help dialog of a first login, if this product has never seen the owner.
const welcome = page.getByRole('dialog', { name: 'Witamy w aplikacji Formularze' });
if (
  await welcome.waitFor({ timeout: 3000 }).then(
    () => true,
    () => false,
  )
) {
  await welcome.getByRole('button', { name: 'Zamknij' }).click();
}

const renders: number[] = [];
const moves: number[] = [];
// A first load to warm the browser's caches of the area's code; not counted.
await measureRender(page, id);
for (let run = 0; run < RUNS; run += 1) {
  renders.push(await measureRender(page, id));
  for (let move = 0; move < MOVES; move += 1)
    moves.push(await measureMove(page, move % 2 === 0 ? 'left' : 'right'));
}
await browser.close();

console.log(`Editor of a ${FIELDS}-field form (${BASE_URL}, form ${id}), headless Chromium:`);
console.log(line('rendered and interactive after the form arrived', renders, RENDER_BUDGET_MS));
console.log(line('keyboard move of one field to the next frame', moves, MOVE_BUDGET_MS));
