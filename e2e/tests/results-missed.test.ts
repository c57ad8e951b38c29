import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pg from 'pg';
import { apiCall, apiToken } from '../src/api.js';
import { publishForm } from '../src/forms.js';
import { DEMO, signIn } from '../src/session.js';
import { productAndBrowserForSuite } from '../src/suite.js';

/**
 * A slot turns MISSED on the server once its window has passed. The test moves a window into the
 * past with SQL, which the embedded PGlite (one process only) does not allow beside the running
 * server: this file needs a PostgreSQL server, where it makes and drops its own database.
 */
const SERVER_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `e2e_results_${process.pid}`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const unreachable = await withClient(SERVER_URL, (client) =>
  client.query(`create database ${DATABASE}`),
).then(
  () => null,
  (error: Error) => `PostgreSQL is not reachable at ${SERVER_URL}: ${error.message}`,
);
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${DATABASE}`;

const suite = unreachable
  ? null
  : // The background jobs go round every half second, so the slot is settled soon after it ends.
    productAndBrowserForSuite({ env: { DATABASE_URL: databaseUrl.href, JOBS_INTERVAL_MS: '500' } });
// Registered after the suite's own hook, so the server has stopped; FORCE ends any connection left.
after(async () => {
  if (!unreachable) {
    await withClient(SERVER_URL, (client) =>
      client.query(`drop database if exists ${DATABASE} with (force)`),
    );
  }
});

/** `YYYY-MM-DD` of today in the organization's zone, where schedules are read. */
const todayInScheduleZone = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());

const MISSED_FORM = 'Dzienny pomiar wagi e2e';

test("a scheduled fill whose day has passed shows the grey 'Brak wypełnienia' marker without a link", async (t) => {
  if (!suite) {
    t.skip(unreachable!);
    return;
  }
  const { product, browser } = suite;
  const owner = await apiToken(product().url, DEMO.owner);
  const today = todayInScheduleZone();
  const formId = await publishForm(
    product().url,
    owner,
    {
      name: MISSED_FORM,
      layoutElementObject: {
        type: 'FORM',
        children: [
          {
            type: 'ROW',
            children: [
              {
                id: 'waga',
                type: 'NUMBER',
                label: 'Waga (kg)',
                numberType: 'DECIMAL',
                decimalDigitNumber: 1,
              },
            ],
          },
        ],
      },
      schedule: {
        one: true,
        multi: false,
        startDate: today,
        endDate: today,
        timePeriods: [{ dayOfWeek: 'EVERYDAY', startTime: '00:00', endTime: '23:59' }],
      },
    },
    [DEMO.patient.login],
  );

  // As if the day had passed: the window ended an hour ago.
  const moved = await withClient(databaseUrl.href, (client) =>
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

  await apiCall(product().url, owner, 'PUT', '/api/persons/after_first_login');
  const context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  try {
    await signIn(page, product().url, DEMO.owner);
    await page.goto(`${product().url}/results`);
    const table = page.locator('[data-remote="mfe-results"]').getByRole('table', { name: 'Wyniki' });
    const row = table.locator('tbody tr').filter({ hasText: MISSED_FORM });
    await row.getByText('Brak wypełnienia', { exact: true }).waitFor();
    assert.ok((await row.innerText()).includes(DEMO.patient.name));
    assert.equal(await row.getByRole('link').count(), 0, 'nothing to open for a missed fill');
  } finally {
    await context.close();
  }
});
