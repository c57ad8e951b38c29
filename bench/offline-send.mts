// How long a submission queued on a patient's device takes to reach the server once the connection
// returns (issue 30): a 300-field questionnaire with two 1 MB files, from the browser's 'online' to
// the filled form being stored. The patient's home page is open (its sender runs) while the browser
// is offline; the submission is put in the device's queue as "Zapisz i wyślij" leaves it (answers,
// the files as blobs, no upload yet), then the connection comes back. Filling the 300 fields by hand
// is not part of what is measured, so the entry is written to the queue directly.
// Usage: npm run bench:offline-send (BASE_URL to use a running product; RUNS, 5 by default).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/src/browser.ts';
import { startProduct, type RunningProduct } from '../e2e/src/product.ts';
import { DEMO, signIn } from '../e2e/src/session.ts';
import { activeFormForPatient, callApi, signInOwner, signInPatient } from './fill/product-api.mts';
import { productAnswers, questionnaire } from './fill/questionnaire.mts';

const RUNS = Number(process.env.RUNS ?? 5);
const FIELDS = 300;
const FILE_BYTES = 1024 * 1024;
const FORM_NAME = `Ankieta ${FIELDS} pytań z dwoma plikami`;
const FILE_FIELDS = ['skan_1', 'skan_2'];

/** Writes one submission into the page's send queue, as the fill page queues it offline. */
function queueInPage(page: Page, entry: Record<string, unknown>, files: Record<string, string>) {
  return page.evaluate(
    async ({ entry, files }) => {
      const withFiles = {
        ...entry,
        files: Object.fromEntries(
          Object.entries(files).map(([fieldId, base64]) => [
            fieldId,
            [
              {
                name: `${fieldId}.bin`,
                // Inline: a named helper here would reach the page as a reference to tsx's __name.
                blob: new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], {
                  type: 'application/octet-stream',
                }),
                uploadedId: null,
                uploadKey: crypto.randomUUID(),
              },
            ],
          ]),
        ),
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('formularze-send-queue');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('submissions', 'readwrite');
        tx.objectStore('submissions').put(withFiles);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { entry, files },
  );
}

async function main() {
  let product: RunningProduct | undefined;
  const baseUrl = process.env.BASE_URL ?? (product = await startProduct()).url;
  const browser = await launchBrowser();
  try {
    const questions = questionnaire(FIELDS);
    const formId = await activeFormForPatient(baseUrl, questions, FORM_NAME, {
      extraFields: FILE_FIELDS.map((id) => ({
        id,
        type: 'FILE',
        label: `Skan ${id.slice(-1)}`,
        fileType: 'Any',
        maxNumberOfFiles: 1,
      })),
    });
    const patientToken = await signInPatient(baseUrl);
    const me = await callApi<{ id: number }>(baseUrl, 'GET', '/api/persons/my', {
      token: patientToken,
      expected: 200,
    });
    const owner = await signInOwner(baseUrl);
    const storedCount = async () =>
      (
        await callApi<unknown[]>(baseUrl, 'GET', `/api/form_data/by_form_id/${formId}`, {
          token: owner,
          expected: 200,
        })
      ).length;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, baseUrl, DEMO.patient);
    await page.locator('[data-remote="mfe-filling"]').getByRole('heading').first().waitFor();
    // The sender has opened the queue (and so made its store) once the home page shows.
    await page.waitForFunction(async () =>
      (await indexedDB.databases()).some((database) => database.name === 'formularze-send-queue'),
    );

    const times: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      await context.setOffline(true);
      const answers = productAnswers(questions, run);
      await queueInPage(
        page,
        {
          idempotencyKey: randomUUID(),
          accountId: me.id,
          formId,
          formName: FORM_NAME,
          formDataId: null,
          formMetadataId: null,
          answers: { formId, scheduledFormId: null, ...answers },
          texts: [],
          state: 'waiting',
          reason: null,
          queuedAt: Date.now(),
        },
        Object.fromEntries(FILE_FIELDS.map((id) => [id, randomBytes(FILE_BYTES).toString('base64')])),
      );
      const started = performance.now();
      await context.setOffline(false);
      while ((await storedCount()) < run) await new Promise((resolve) => setTimeout(resolve, 20));
      times.push(performance.now() - started);
      console.log(`run ${run}: ${times.at(-1)!.toFixed(0)} ms from online to stored`);
    }
    // What was stored is the whole submission: its two files, at their size.
    const [latest] = await callApi<{ id: number }[]>(baseUrl, 'GET', `/api/form_data/by_form_id/${formId}`, {
      token: owner,
      expected: 200,
    });
    const filled = await callApi<{ filesData: Record<string, { size: number }[]> }>(
      baseUrl,
      'GET',
      `/api/form_data/${latest!.id}`,
      { token: owner, expected: 200 },
    );
    const sizes = FILE_FIELDS.map((id) => filled.filesData[id]?.[0]?.size);
    if (sizes.some((size) => size !== FILE_BYTES))
      throw new Error(`files stored as ${sizes.join(', ')} bytes`);
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `online again → stored (${FIELDS} fields, two ${FILE_BYTES / 1024 / 1024} MB files, ${RUNS} runs): ` +
        `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, ` +
        `min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    await product?.stop();
  }
}

await main();
