import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiToken } from '../src/api.js';
import { csvRecords } from '../src/csv.js';
import { downloadedBy } from '../src/files.js';
import {
  daysFromToday,
  layout,
  publishForm,
  row,
  todayInScheduleZone,
  wholeDaySchedule,
} from '../src/forms.js';
import { heldMessages } from '../src/outbox.js';
import { productOnItsOwnPostgres } from '../src/postgres-suite.js';
import { DEMO } from '../src/session.js';

/**
 * The adherence grid of a scheduled form (ADRs 305–309): a coordinator finds the patients who
 * missed two fills in a row and reminds them. Past windows are made with SQL, on a PostgreSQL
 * database of the file's own.
 */
const { unreachable, suite, withDatabase } = await productOnItsOwnPostgres('adherence');

const FORM = 'Dzienniczek ciśnienia e2e';
/** Two more patients of the demo organization: one misses as often as Maria, one only once. */
const PIOTR = {
  email: 'piotr.e2e@demo.local',
  phone: '+48600300500',
  firstName: 'Piotr',
  surname: 'Zieliński',
};
/** Maria's e-mail, where her reminders go (she has not chosen SMS). */
const MARIA_CONTACT = 'pacjent@demo.local';
const EWA = { email: 'ewa.e2e@demo.local', phone: '+48600300600', firstName: 'Ewa', surname: 'Lis' };

test('a coordinator filters the patients with two misses in a row, reminds them, and each gets one message', async (t) => {
  if (!suite) {
    t.skip(unreachable!);
    return;
  }
  const { product, signedInPage } = suite;
  await withDatabase!(async (client) => {
    for (const patient of [PIOTR, EWA]) {
      await client.query(
        `insert into users (email, phone, first_name, surname, authorities, activated, password_hash, organization_id)
         select $1, $2, $3, $4, 'ROLE_USER', true, 'nie-loguje-się', organization_id from users where email = 'pacjent@demo.local'`,
        [patient.email, patient.phone, patient.firstName, patient.surname],
      );
    }
  });
  const owner = await apiToken(product().url, DEMO.owner);
  const formId = await publishForm(
    product().url,
    owner,
    {
      name: FORM,
      layoutElementObject: layout(
        row({ id: 'skurczowe', type: 'NUMBER', label: 'Ciśnienie skurczowe', numberType: 'INTEGER' }),
      ),
      schedule: wholeDaySchedule('repeatedly', todayInScheduleZone(), daysFromToday(4)),
    },
    [DEMO.patient.login, PIOTR.phone, EWA.phone],
  );
  // Today's window stays open; the next days' become the past: two for Maria and Piotr, one for Ewa.
  const moved = await withDatabase!((client) =>
    client.query(
      `update scheduled_forms s
          set starts_at = now() - make_interval(days => (r.n - 1)::int) - interval '3 hours',
              ends_at = now() - make_interval(days => (r.n - 1)::int) - interval '2 hours'
         from (select s2.id, u.email, row_number() over (partition by s2.user_id order by s2.starts_at) as n
                 from scheduled_forms s2 join users u on u.id = s2.user_id where s2.form_id = $1) r
        where s.id = r.id and (r.n = 2 or (r.n = 3 and r.email <> $2))`,
      [formId, EWA.email],
    ),
  );
  assert.equal(moved.rowCount, 5);

  const { page, close } = await signedInPage(DEMO.editor, { acceptDownloads: true });
  try {
    await page.goto(`${product().url}/results/${formId}`);
    const area = page.locator('[data-remote="mfe-results"]');
    await area.getByRole('link', { name: 'Terminowość wypełnień' }).click();
    await page.waitForURL(new RegExp(`/results/${formId}/adherence$`));
    const grid = area.getByRole('table', { name: 'Terminowość wypełnień' });
    await grid.getByText(EWA.firstName, { exact: false }).waitFor();

    await area
      .getByRole('combobox', { name: 'Pominięte z rzędu' })
      .selectOption({ label: '≥ 2 pominięte z rzędu' });
    await grid.getByText(`${EWA.firstName} ${EWA.surname}`).waitFor({ state: 'detached' });
    const rows = grid.locator('tbody tr');
    assert.deepEqual(
      (await rows.allInnerTexts())
        .map((text) =>
          [DEMO.patient.name, `${PIOTR.firstName} ${PIOTR.surname}`].find((name) => text.includes(name)),
        )
        .sort(),
      [DEMO.patient.name, `${PIOTR.firstName} ${PIOTR.surname}`].sort(),
    );

    await area.getByRole('checkbox', { name: 'Zaznacz wszystkich na stronie' }).check();
    await area.getByRole('button', { name: 'Wyślij przypomnienie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wysłać przypomnienie 2 pacjentom?' });
    await dialog.getByRole('button', { name: 'Wyślij' }).click();
    await page.getByText('Wysłano 2 przypomnienia.').waitFor();
    await rows
      .first()
      .getByText(/^Przypomniano: /)
      .waitFor();

    // The delivery worker holds each message (no mail or SMS gateway here) within a round of its queueing.
    const reminded = async () =>
      (await heldMessages(product().url))
        .filter((message) =>
          message.body?.startsWith(`Przypomnienie: formularz „${FORM}” czeka na wypełnienie do `),
        )
        .map((message) => message.recipient)
        .sort();
    const expected = [MARIA_CONTACT, PIOTR.email].sort();
    const deadline = Date.now() + 20_000;
    while ((await reminded()).length < expected.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.deepEqual(await reminded(), expected, 'one message for each reminded patient, none for Ewa');

    // The export follows the filter: the two patients' slots, one row each.
    const exported = await downloadedBy(page, area.getByRole('button', { name: 'Pobierz CSV' }));
    assert.equal(exported.fileName, 'terminowosc.csv');
    const records = csvRecords(exported.content);
    assert.deepEqual(
      [...new Set(records.map((record) => record['Pacjent']))].sort(),
      [DEMO.patient.name, `${PIOTR.firstName} ${PIOTR.surname}`].sort(),
    );
    assert.equal(records.filter((record) => record['Status'] === 'Pominięty').length, 4);
  } finally {
    await close();
  }
});
