import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupTestDatabase } from '../../test/helpers';
import { deliverDueMessages, MAX_DELIVERY_ATTEMPTS } from './delivery';
import { enqueueMessage, type OutgoingMessage } from './outbox-repository';
import { createTransport, type MessageTransport } from './transports';

const db = await setupTestDatabase();

const NOW = new Date('2026-03-02T08:00:00Z');
const clock = () => NOW;

function recordingLogger() {
  const lines: { level: string; details: object; message: string }[] = [];
  return {
    lines,
    info: (details: object, message: string) => void lines.push({ level: 'info', details, message }),
    warn: (details: object, message: string) => void lines.push({ level: 'warn', details, message }),
  };
}

const mail = (n: number): OutgoingMessage => ({
  recipient: `osoba${n}@org.test`,
  channel: 'mail',
  subject: 'Temat',
  body: `Treść ${n}: http://localhost/password-reset-link?token=t${n}&role=user`,
});

async function enqueueAt(message: OutgoingMessage) {
  const id = await enqueueMessage(db, message);
  // Due from the fake clock's point of view.
  await db.updateTable('outbox').set({ next_attempt_at: NOW }).where('id', '=', id).execute();
  return id;
}

test('without SMTP_URL a message waits in the outbox, logged without its link, and is not marked sent', async () => {
  const id = await enqueueAt(mail(1));
  const logger = recordingLogger();
  const transport = createTransport({ smtpUrl: undefined, mailFrom: 'x@y.z', logger });
  assert.deepEqual(await deliverDueMessages(db, { transport, clock, logger }), {
    sent: 0,
    notSent: 1,
    failed: 0,
  });
  const [line] = logger.lines;
  assert.equal(line?.level, 'info');
  assert.doesNotMatch(JSON.stringify(line), /token=t1|password-reset-link/);
  assert.match(line?.message ?? '', /outbox viewer/);
  const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  assert.equal(row.sent_at, null);
  assert.equal(row.next_attempt_at, null, 'not tried again (and not logged again)');
  assert.equal(row.attempts, 1);
  assert.equal(
    row.last_error,
    'Brak skonfigurowanej wysyłki dla tego kanału: wiadomość czeka w skrzynce nadawczej',
  );
  assert.deepEqual(await deliverDueMessages(db, { transport, clock, logger }), {
    sent: 0,
    notSent: 0,
    failed: 0,
  });
});

test('two workers at once send every message exactly once (FOR UPDATE SKIP LOCKED)', async () => {
  const ids = [];
  for (let n = 0; n < 25; n += 1) ids.push(await enqueueAt(mail(n)));
  const sends = new Map<number, number>();
  const transport: MessageTransport = {
    async send(message) {
      sends.set(message.id, (sends.get(message.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
      return 'sent';
    },
  };
  const logger = recordingLogger();
  const worker = async () => {
    let total = 0;
    for (;;) {
      const round = await deliverDueMessages(db, { transport, clock, logger });
      total += round.sent;
      if (round.sent === 0) return total;
    }
  };
  const [first, second] = await Promise.all([worker(), worker()]);
  assert.equal(first + second, 25);
  assert.deepEqual(
    [...sends.keys()].sort((a, b) => a - b),
    ids,
  );
  assert.ok([...sends.values()].every((count) => count === 1));
  const pending = await db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
  assert.equal(pending.length, 0);
});

test('a failing send is tried again later, then given up', async () => {
  const id = await enqueueAt(mail(1));
  const logger = recordingLogger();
  const transport: MessageTransport = {
    send: () => Promise.reject(new Error('SMTP 421 service not available')),
  };
  let at = NOW;
  for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
    const round = await deliverDueMessages(db, { transport, clock: () => at, logger });
    assert.equal(round.failed, 1, `attempt ${attempt}`);
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.attempts, attempt);
    assert.equal(row.last_error, 'Wysyłka nie powiodła się: SMTP 421 service not available');
    if (attempt < MAX_DELIVERY_ATTEMPTS) {
      assert.ok(row.next_attempt_at && row.next_attempt_at > at);
      // Not due again before its time.
      assert.equal((await deliverDueMessages(db, { transport, clock: () => at, logger })).failed, 0);
      at = new Date(row.next_attempt_at);
    } else {
      assert.equal(row.next_attempt_at, null);
    }
  }
});
