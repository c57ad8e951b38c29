import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { apiCall, apiToken } from './api.js';
import { fileForSuite, PNG_BYTES } from './files.js';
import { attachFile } from './filling.js';
import { layout, publishForm, row, todayInScheduleZone, wholeDaySchedule } from './forms.js';
import { closeFirstLoginDialogIfShown, DEMO, signIn, type DemoAccount } from './session.js';
import type { productAndBrowserForSuite } from './suite.js';

/**
 * The steps of the tests of the device's send queue (issue 30): a form with a photo, filled by the
 * demo patient, queued offline, and what the server stored of it.
 */

export const QUEUED_MESSAGE =
  'Brak połączenia. Odpowiedzi zostaną wysłane automatycznie, gdy połączenie wróci.';

export interface StoredFilling {
  id: number;
  state: string;
  data: Record<string, unknown>;
  filesData: Record<string, { name: string }[]>;
}

export interface PublishedForm {
  formId: number;
  /** The slot the patient fills, for a scheduled form. */
  slotId: number | null;
  /** Where the patient fills it. */
  fillPath: string;
  /** What the server stored of the patient's answers: every filling sent, with its files. */
  stored(): Promise<StoredFilling[]>;
}

/** The form these tests fill: a name and a photo, plus what an edition adds in `extraRows`. */
export const formWithFile = (name: string, ...extraRows: ReturnType<typeof row>[]) => ({
  name,
  layoutElementObject: layout(
    row({ id: 'imie', type: 'TEXT', label: 'Imię i nazwisko', size: 60, maxRows: 1, required: true }),
    row({
      id: 'zdjecie',
      type: 'FILE',
      label: 'Zdjęcie wysypki',
      fileType: 'Image',
      maxNumberOfFiles: 2,
    }),
    ...extraRows,
  ),
});

/** Filled once, in today's window (the whole day). */
const onceToday = () => wholeDaySchedule('once', todayInScheduleZone());

const pngFile = fileForSuite('wysypka.png', PNG_BYTES);

export function sendQueueSteps({ product, browser }: ReturnType<typeof productAndBrowserForSuite>) {
  /** Publishes `formWithFile(name)` for the demo patient, with a slot today when `scheduledToday`. */
  async function publishFormWithFile(name: string, { scheduledToday = false } = {}): Promise<PublishedForm> {
    const owner = await apiToken(product().url, DEMO.owner);
    const form = { ...formWithFile(name), ...(scheduledToday ? { schedule: onceToday() } : {}) };
    const formId = await publishForm(product().url, owner, form, [DEMO.patient.login]);
    const call = <T>(method: string, url: string) => apiCall<T>(product().url, owner, method, url);
    let slotId: number | null = null;
    if (scheduledToday) {
      const patient = await apiToken(product().url, DEMO.patient);
      const { content: openSlots } = await apiCall<{ content: { id: number; form: { id: number } }[] }>(
        product().url,
        patient,
        'GET',
        '/api/v2/forms/scheduled?page=0&pageSize=100&sortBy=startDate',
      );
      slotId = openSlots.find((slot) => slot.form.id === formId)!.id;
    }
    return {
      formId,
      slotId,
      fillPath:
        slotId === null ? `/formdata/add/${formId}` : `/formdata/fill-scheduled-test/${formId}/${slotId}`,
      stored: async () => {
        const list = await call<{ id: number; state: string }[]>(
          'GET',
          `/api/form_data/by_form_id/${formId}`,
        );
        // A slot whose window passed unfilled is marked MISSED by the server: not a filling.
        const sent = list.filter(({ state }) => state !== 'MISSED');
        return Promise.all(sent.map(({ id }) => call<StoredFilling>('GET', `/api/form_data/${id}`)));
      },
    };
  }

  async function openSignedIn(context: BrowserContext, account: DemoAccount = DEMO.patient): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log('page error:', error.message));
    await signIn(page, product().url, account);
    // The help shown at a first login only: closed when it comes.
    await closeFirstLoginDialogIfShown(page);
    return page;
  }

  async function fillWithFile(page: Page, form: PublishedForm, formName: string) {
    const area = page.locator('[data-remote="mfe-filling"]');
    await page.goto(`${product().url}${form.fillPath}`);
    await area.getByRole('heading', { name: formName, level: 1 }).waitFor();
    await area.getByLabel('Imię i nazwisko', { exact: true }).fill('Maria Wiśniewska');
    await attachFile(area, 'Zdjęcie wysypki', pngFile);
    return area;
  }

  /**
   * Publishes `formWithFile(name)` (as publishFormWithFile) and, in a new browser context, signs
   * the demo patient in and fills it with its file for `work`; the context is closed afterwards.
   */
  async function withFilledForm(
    name: string,
    work: (filled: {
      form: PublishedForm;
      context: BrowserContext;
      page: Page;
      area: Locator;
    }) => Promise<void>,
    { scheduledToday = false } = {},
  ) {
    const form = await publishFormWithFile(name, { scheduledToday });
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await openSignedIn(context);
      const area = await fillWithFile(page, form, name);
      await work({ form, context, page, area });
    } finally {
      await context.close();
    }
  }

  /**
   * Queues a submission offline, lets `change` happen at the clinic meanwhile, brings the connection
   * back and checks the refusal both ways: the patient reads `reason` beside their kept answers, and
   * staff find `staffReason` under the form's results.
   */
  async function refusedAfterReconnect({
    name,
    scheduledToday = false,
    change,
    reason,
    staffReason,
  }: {
    name: string;
    scheduledToday?: boolean;
    change: (form: PublishedForm, ownerToken: string) => Promise<void>;
    reason: string;
    staffReason: RegExp;
  }) {
    const form = await publishFormWithFile(name, { scheduledToday });
    const owner = await apiToken(product().url, DEMO.owner);
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const staffContext = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await openSignedIn(context);
      const area = await fillWithFile(page, form, name);
      await context.setOffline(true);
      await area.getByRole('button', { name: 'Zapisz i wyślij' }).click();
      await page.waitForURL(`${product().url}/forms/queued`);
      await indicator(page, 1).waitFor();

      await change(form, owner);
      await context.setOffline(false);
      await page
        .getByRole('banner')
        .getByRole('button', { name: 'Nie przyjęto: 1' })
        .waitFor({ timeout: 30_000 });
      const card = area.getByRole('article', { name });
      await card.getByText(reason).waitFor();
      // The answers stay on the device, to read and copy.
      await card.getByText('Pokaż odpowiedzi').click();
      await card.getByText('Maria Wiśniewska').waitFor();
      await card.getByRole('button', { name: 'Kopiuj odpowiedzi' }).waitFor();
      assert.deepEqual(await form.stored(), []);

      // Staff find the refused late submission under the form's results.
      const staff = await openSignedIn(staffContext, DEMO.owner);
      await staff.goto(`${product().url}/formdata/all/${form.formId}`);
      const results = staff.locator('[data-remote="mfe-results"]');
      await results
        .getByRole('heading', { name: 'Odrzucone odpowiedzi wysłane po odzyskaniu połączenia' })
        .waitFor();
      const refusal = results.getByRole('table', { name: 'Odrzucone odpowiedzi' }).getByRole('row').nth(1);
      assert.match(await refusal.innerText(), staffReason);
      assert.match(await refusal.innerText(), new RegExp(DEMO.patient.name));
    } finally {
      await staffContext.close();
      await context.close();
    }
  }

  return { withFilledForm, refusedAfterReconnect };
}

/** The top bar's count of submissions waiting on the device. */
export const indicator = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('button', { name: `Oczekuje na wysłanie: ${count}` });

/** The fillings stored, once there is any (or `timeoutMs` passed). */
export async function storedOnce(stored: () => Promise<StoredFilling[]>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const fillings = await stored();
    if (fillings.length > 0 || Date.now() > until) return fillings;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
