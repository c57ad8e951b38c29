import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiCall, apiToken } from '../src/api.js';
import { layout, publishForDemoPatient, row, todayInScheduleZone, wholeDaySchedule } from '../src/forms.js';
import { productOnItsOwnPostgres } from '../src/postgres-suite.js';
import { sendQueueSteps } from '../src/send-queue.js';
import { DEMO } from '../src/session.js';

/**
 * What follows once a slot's window has passed on the server. The tests move a window into the
 * past with SQL, on a PostgreSQL database of the file's own (`productOnItsOwnPostgres`).
 */
// The background jobs go round every half second, so a slot is settled soon after it ends.
const { unreachable, suite, withDatabase } = await productOnItsOwnPostgres('slot_window', {
  JOBS_INTERVAL_MS: '500',
});

const MISSED_FORM = 'Dzienny pomiar wagi e2e';

test("a scheduled fill whose day has passed shows the grey 'Brak wypełnienia' marker without a link", async (t) => {
  if (!suite) {
    t.skip(unreachable!);
    return;
  }
  const { product, signedInPage } = suite;
  const owner = await apiToken(product().url, DEMO.owner);
  const today = todayInScheduleZone();
  const formId = await publishForDemoPatient(product().url, owner, {
    name: MISSED_FORM,
    layoutElementObject: layout(
      row({ id: 'waga', type: 'NUMBER', label: 'Waga (kg)', numberType: 'DECIMAL', decimalDigitNumber: 1 }),
    ),
    schedule: wholeDaySchedule('once', today),
  });

  // As if the day had passed: the window ended an hour ago.
  const moved = await withDatabase((client) =>
    client.query(
      `update scheduled_forms
          set starts_at = now() - interval '1 day', ends_at = now() - interval '1 hour'
        where form_id = $1`,
      [formId],
    ),
  );
  assert.equal(moved.rowCount, 1, 'one slot: today, for the one patient');

  // The server's job marks it; the results list then holds the MISSED row.
  const missedRows = async () =>
    (
      await apiCall<{ content: { state: string }[] }>(
        product().url,
        owner,
        'POST',
        '/api/form_data/latest_for_projects_and_users',
        { page: 0, pageSize: 10, q: [{ field: 'form.id', operator: 'is', value: formId }] },
      )
    ).content.filter((row) => row.state === 'MISSED');
  const deadline = Date.now() + 15_000;
  while ((await missedRows()).length === 0) {
    assert.ok(Date.now() < deadline, 'the background job marked the slot MISSED within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const { page, close } = await signedInPage(DEMO.owner);
  try {
    await page.goto(`${product().url}/results`);
    const table = page.locator('[data-remote="mfe-results"]').getByRole('table', { name: 'Wyniki' });
    const row = table.locator('tbody tr').filter({ hasText: MISSED_FORM });
    await row.getByText('Brak wypełnienia', { exact: true }).waitFor();
    assert.ok((await row.innerText()).includes(DEMO.patient.name));
    assert.equal(await row.getByRole('link').count(), 0, 'nothing to open for a missed fill');
  } finally {
    await close();
  }
});

const steps = suite && sendQueueSteps(suite);

test("a slot's window closed while the answers waited on the device: the patient is told so and keeps them, staff see the refusal", async (t) => {
  if (!steps) {
    t.skip(unreachable!);
    return;
  }
  await steps.refusedAfterReconnect({
    name: 'Ankieta po terminie w drodze e2e',
    scheduledToday: true,
    // As if the window had ended while the patient was offline.
    change: async ({ slotId }) => {
      const moved = await withDatabase!((client) =>
        client.query(`update scheduled_forms set ends_at = now() - interval '1 second' where id = $1`, [
          slotId,
        ]),
      );
      assert.equal(moved.rowCount, 1);
    },
    reason:
      'Termin wypełnienia formularza minął, zanim odpowiedzi dotarły na serwer. Liczy się chwila, w której serwer je otrzymał.',
    staffReason: /Termin jego dostępności minął/,
  });
});
