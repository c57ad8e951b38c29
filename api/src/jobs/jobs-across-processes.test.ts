import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { DEFAULT_FORM_SETTINGS, type FormSettings } from '@formularze/domain/schemas/forms';
import type { Database } from '../db/schema';
import {
  createScratchDatabase,
  startApiProcesses,
  temporaryFile,
  type ApiProcess,
} from '../../test/api-processes';
import { skipUnlessPostgres } from '../../test/helpers';
import { LOCALHOST_CERTIFICATE } from '../../test/localhost-certificate';
import { startSmtpSink, startWebhookReceiver } from '../../test/message-sinks';

const serverUrl = process.env.DATABASE_URL;
const skip = skipUnlessPostgres('PGlite allows one process per database');

const PROCESSES = 3;
const PATIENTS = 40;
/** Ended slots per patient: 600 in all, more than one claim batch of `markMissedSlots` (500). */
const ENDED_SLOTS_PER_PATIENT = 15;
const QUEUED_MAILS = 60;
const WEBHOOK_DELIVERIES = 45;
const HOUR = 60 * 60_000;

/** One reminder 10 hours before the end: for a slot ending in 5 hours, exactly one moment is due. */
const SETTINGS: FormSettings = {
  ...DEFAULT_FORM_SETTINGS,
  fillReminders: [{ notification: 1, timeBeforeEnd: 600 }],
  defaultAssignmentDuration: 0,
};

const patientMail = (n: number) => `pacjent-${n}@klinika.test`;
const queuedMail = (n: number) => `odbiorca-${n}@poczta.test`;

/**
 * Due work of every background job, committed at once while the processes are already polling:
 * ended slots (to be MISSED), open slots with a due reminder, queued mail and webhook deliveries.
 */
async function prepareDueWork(db: Kysely<Database>, webhookUrl: string) {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const { id: organizationId } = await trx
      .insertInto('organizations')
      .values({ name: 'Klinika wieloprocesowa', form_data_created_webhook_url: webhookUrl })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: formId } = await trx
      .insertInto('forms')
      .values({
        organization_id: organizationId,
        name: 'Dzienniczek',
        status: 'ACTIVE',
        template: JSON.stringify({ type: 'FORM', children: [] }),
        rules: '[]',
        settings: JSON.stringify(SETTINGS),
        schedule: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const patients = await trx
      .insertInto('users')
      .values(
        Array.from({ length: PATIENTS }, (_, n) => ({
          organization_id: organizationId,
          email: patientMail(n),
          password_hash: 'nobody signs in here',
          authorities: 'ROLE_USER',
          enable_reminders: true,
          preferred_channel: 'mail' as const,
        })),
      )
      .returning('id')
      .execute();
    await trx
      .insertInto('form_allowed_users')
      .values(
        patients.map(({ id }) => ({
          form_id: formId,
          user_id: id,
          valid_since: '2020-01-01',
          valid_to: null,
        })),
      )
      .execute();
    const slot = (userId: number, startsIn: number, endsIn: number) => ({
      form_id: formId,
      user_id: userId,
      starts_at: new Date(now + startsIn),
      ends_at: new Date(now + endsIn),
    });
    await trx
      .insertInto('scheduled_forms')
      .values(
        patients.flatMap(({ id }) => [
          slot(id, -HOUR, 5 * HOUR),
          ...Array.from({ length: ENDED_SLOTS_PER_PATIENT }, (_, k) =>
            slot(id, -(k + 3) * HOUR, -(k + 2) * HOUR),
          ),
        ]),
      )
      .execute();
    await trx
      .insertInto('outbox')
      .values(
        Array.from({ length: QUEUED_MAILS }, (_, n) => ({
          recipient: queuedMail(n),
          channel: 'mail' as const,
          subject: `Wiadomosc ${n}`,
          body: 'Treść wiadomości.',
        })),
      )
      .execute();
    const deliveries = await trx
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: WEBHOOK_DELIVERIES }, (_, n) => ({
          organization_id: organizationId,
          event: 'formData.created',
          body: JSON.stringify({ n }),
          next_attempt_at: new Date(now),
        })),
      )
      .returning('id')
      .execute();
    return { formId, deliveryIds: deliveries.map(({ id }) => String(id)) };
  });
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** How many items each process reports having done in `job` (its "work done" log lines). */
function workDoneByProcess(processes: ApiProcess[], job: string): number[] {
  return processes.map((api) =>
    api
      .logRecords()
      .filter((record) => record.job === job && record.msg === 'background job: work done')
      .reduce((sum, record) => sum + Number(record.done), 0),
  );
}

const countBy = <T>(items: T[]) => {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
};

describe('background jobs and mail delivery in three API processes on one database', { skip }, () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let trustedCertificate: Awaited<ReturnType<typeof temporaryFile>>;
  let apis: Awaited<ReturnType<typeof startApiProcesses>>;

  before(async () => {
    database = await createScratchDatabase(serverUrl!, 'formularze_jobs');
    smtp = await startSmtpSink();
    receiver = await startWebhookReceiver();
    trustedCertificate = await temporaryFile('localhost.pem', LOCALHOST_CERTIFICATE);
    // Started together on an empty database: they migrate and seed it at the same time too.
    apis = await startApiProcesses(PROCESSES, {
      DATABASE_URL: database.url,
      JOBS_INTERVAL_MS: '200',
      SEED_DEMO: 'true',
      SMTP_URL: smtp.url,
      NODE_EXTRA_CA_CERTS: trustedCertificate.file,
      // The receiver is on loopback: the operator's setting for an internal receiver.
      WEBHOOK_INTERNAL_NETWORKS: '127.0.0.0/8',
      // One key for all, as processes of one database need: each unseals the webhook secret another sealed.
      API_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    });
  });
  after(async () => {
    await apis?.stop();
    await smtp?.close();
    await receiver?.close();
    await trustedCertificate?.remove();
    await database?.drop();
  });

  test('every item of due work is done exactly once while all three run', { timeout: 240_000 }, async () => {
    const { db } = database;
    const { formId, deliveryIds } = await prepareDueWork(db, receiver.url);
    const remindersExpected = PATIENTS;
    const mailsExpected = QUEUED_MAILS + remindersExpected;
    const endedSlots = PATIENTS * ENDED_SLOTS_PER_PATIENT;

    const count = async (query: Promise<{ n: string | number | bigint } | undefined>) =>
      Number((await query)?.n ?? 0);
    const unsettled = () =>
      count(
        db
          .selectFrom('scheduled_forms')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('form_id', '=', formId)
          .where('settled_at', 'is', null)
          .where('ends_at', '<=', new Date())
          .executeTakeFirst(),
      );
    const unsent = () =>
      count(
        db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('sent_at', 'is', null)
          .executeTakeFirst(),
      );
    const undelivered = () =>
      count(
        db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('delivered_at', 'is', null)
          .executeTakeFirst(),
      );
    await until(
      async () =>
        (await unsettled()) === 0 &&
        (await unsent()) === 0 &&
        (await undelivered()) === 0 &&
        smtp.received.length >= mailsExpected &&
        receiver.deliveries.length >= WEBHOOK_DELIVERIES,
      'every job has done its work',
    );
    // A few more rounds of every process, for a late duplicate to show.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    // One MISSED per ended slot; the open slots are not missed.
    const missed = await db
      .selectFrom('form_data')
      .innerJoin('scheduled_forms as s', 's.id', 'form_data.scheduled_form_id')
      .select(['form_data.scheduled_form_id as slot', 's.ends_at'])
      .where('form_data.form_id', '=', formId)
      .where('form_data.state', '=', 'MISSED')
      .execute();
    assert.equal(missed.length, endedSlots);
    assert.equal(new Set(missed.map((row) => row.slot)).size, endedSlots);
    assert.ok(missed.every((row) => row.ends_at.getTime() <= Date.now()));

    // One reminder per open slot (its one due moment), queued as one message.
    const reminders = await db
      .selectFrom('slot_reminders')
      .innerJoin('scheduled_forms as s', 's.id', 'slot_reminders.scheduled_form_id')
      .select('slot_reminders.scheduled_form_id as slot')
      .where('s.form_id', '=', formId)
      .execute();
    assert.equal(reminders.length, remindersExpected);
    assert.equal(new Set(reminders.map((row) => row.slot)).size, remindersExpected);

    // Every message was handed to the mail server once, in one attempt.
    const outbox = await db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'attempts', 'sent_at'])
      .execute();
    const ours = outbox.filter(
      (message) => message.recipient.startsWith('pacjent-') || message.recipient.startsWith('odbiorca-'),
    );
    assert.equal(ours.length, mailsExpected);
    assert.deepEqual(
      outbox.filter((message) => message.attempts !== 1 || !message.sent_at),
      [],
      'every message sent in its first attempt',
    );
    const mailsPerRecipient = countBy(smtp.received.flatMap((mail) => mail.recipients));
    const expectedRecipients = [
      ...Array.from({ length: QUEUED_MAILS }, (_, n) => queuedMail(n)),
      ...Array.from({ length: PATIENTS }, (_, n) => patientMail(n)),
    ];
    for (const recipient of expectedRecipients) {
      assert.equal(mailsPerRecipient.get(recipient), 1, `mail to ${recipient}`);
    }
    assert.equal(smtp.received.length, outbox.length, 'the mail server got nothing but the outbox, once');
    assert.equal(
      smtp.received.filter((mail) => mail.subject === 'Przypomnienie o formularzu').length,
      remindersExpected,
    );

    // Every webhook delivery reached the receiver once.
    const callsPerDelivery = countBy(receiver.deliveries);
    assert.deepEqual([...callsPerDelivery.keys()].sort(), [...deliveryIds].sort());
    assert.ok(
      [...callsPerDelivery.values()].every((calls) => calls === 1),
      'one call per delivery',
    );
    const delivered = await db
      .selectFrom('webhook_deliveries')
      .select(['attempts', 'delivered_at'])
      .execute();
    assert.ok(delivered.every((row) => row.attempts === 1 && row.delivered_at));

    // The processes' own accounts add up to the same totals: nothing was done twice.
    const sum = (counts: number[]) => counts.reduce((total, n) => total + n, 0);
    const byProcess = {
      missedSlots: workDoneByProcess(apis.processes, 'missedSlots'),
      fillReminders: workDoneByProcess(apis.processes, 'fillReminders'),
      webhooks: workDoneByProcess(apis.processes, 'webhooks'),
    };
    assert.equal(sum(byProcess.missedSlots), endedSlots);
    assert.equal(sum(byProcess.fillReminders), remindersExpected);
    assert.equal(sum(byProcess.webhooks), WEBHOOK_DELIVERIES);
    // Which process did what (it varies from run to run).
    console.log(`work done per process: ${JSON.stringify(byProcess)}`);

    // Started together on an empty database, the three agreed on one schema and one demo seed.
    const organizations = await sql<{ name: string }>`select name from organizations order by id`.execute(db);
    assert.deepEqual(
      organizations.rows.map((row) => row.name),
      ['Demo', 'Klinika wieloprocesowa'],
    );
  });
});
