import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { LOCALHOST_CERTIFICATE, LOCALHOST_PRIVATE_KEY } from '../../test/localhost-certificate';
import { setupTestDatabase } from '../../test/helpers';
import { at, jobsTestWorld, START } from '../../test/jobs-fixture';
import {
  deliverDueWebhooks,
  FORM_DATA_CREATED_EVENT,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_MINUTES,
  type FormDataCreatedBody,
} from './webhooks';

const db = await setupTestDatabase();
const world = await jobsTestWorld(db);

/** The organization's receiver: answers each call with the next status (200 when none is left). */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const statuses: number[] = [];
let answering = true;
const receiver = createServer(
  { cert: LOCALHOST_CERTIFICATE, key: LOCALHOST_PRIVATE_KEY },
  (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      if (answering) response.writeHead(statuses.shift() ?? 200).end();
    });
  },
);
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
after(() => {
  receiver.closeAllConnections();
  receiver.close();
});
const HOOK_URL = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/formdata`;
/** The receiver is on loopback: the operator's setting for an internal receiver lets the calls through. */
const options = {
  ca: LOCALHOST_CERTIFICATE,
  timeoutMs: 500,
  internalNetworks: ['127.0.0.0/8'],
  cipher: world.cipher,
};

async function organizationWithWebhook() {
  received.length = 0;
  statuses.length = 0;
  answering = true;
  const organization = await world.organization();
  await db
    .updateTable('organizations')
    .set({ form_data_created_webhook_url: HOOK_URL })
    .where('id', '=', organization.organizationId)
    .execute();
  return organization;
}

const deliveries = () =>
  db
    .selectFrom('webhook_deliveries')
    .select(['id', 'attempts', 'next_attempt_at', 'delivered_at', 'failed_at', 'last_error'])
    .orderBy('id')
    .execute();

test('a submission is posted signed to the webhook; a failed call is tried again later', async () => {
  const { organizationId, ids, createForm, assign, owner, annaSubmits } = await organizationWithWebhook();
  const formId = await createForm();
  await assign(formId, [{ userId: ids.anna, selected: true }]);
  assert.equal((await world.call('PUT', `/api/forms/${formId}/activate`, owner)).statusCode, 204);

  await annaSubmits(formId, undefined, true);
  assert.deepEqual(await deliveries(), [], 'a draft is not a submission');
  await annaSubmits(formId);
  const [queued] = await deliveries();
  assert.ok(queued);

  statuses.push(500);
  assert.equal(await deliverDueWebhooks(db, START, options), 1);
  assert.deepEqual(await deliveries(), [
    {
      id: queued.id,
      attempts: 1,
      next_attempt_at: at(WEBHOOK_RETRY_MINUTES[0]),
      delivered_at: null,
      failed_at: null,
      last_error: 'answered HTTP 500',
    },
  ]);
  assert.equal(await deliverDueWebhooks(db, at(0.5), options), 0, 'not due before its time');

  assert.equal(await deliverDueWebhooks(db, at(1), options), 1);
  assert.deepEqual(
    (await deliveries()).map((row) => [row.attempts, row.delivered_at, row.next_attempt_at, row.last_error]),
    [[2, at(1), null, null]],
  );
  assert.equal(await deliverDueWebhooks(db, at(60), options), 0, 'delivered once');

  assert.equal(received.length, 2);
  const { headers, body } = received[1]!;
  // The owner reads the key with the organization profile; the database holds it sealed only.
  const profile = await world.app.inject({ method: 'GET', url: '/api/organizations/my', headers: owner });
  const secret: string = profile.json().formDataCreatedWebhookSecret;
  assert.match(secret, /^[0-9a-f]{64}$/);
  const stored = await db
    .selectFrom('organizations')
    .select(['webhook_secret', 'webhook_secret_sealed'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  assert.equal(stored.webhook_secret, null);
  assert.ok(stored.webhook_secret_sealed && !stored.webhook_secret_sealed.includes(secret));
  assert.equal(
    headers['x-formularze-signature'],
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  );
  assert.equal(headers['x-formularze-event'], FORM_DATA_CREATED_EVENT);
  assert.equal(headers['x-formularze-delivery'], String(queued.id));
  assert.equal(headers['content-type'], 'application/json');
  assert.equal(received[0]!.body, body, 'every attempt sends the same body');
  const data = await db
    .selectFrom('form_data')
    .selectAll()
    .where('state', '=', 'COMPLETED')
    .executeTakeFirstOrThrow();
  assert.deepEqual(JSON.parse(body), {
    event: FORM_DATA_CREATED_EVENT,
    formDataId: data.id,
    form: { id: formId, name: 'Ankieta bólu' },
    filledBy: { id: ids.anna },
    completedAt: START.toISOString(),
    answers: data.answers,
    totalWeight: data.total_weight,
    color: data.color,
    text: data.text,
  } satisfies FormDataCreatedBody);
});

test('a delivery is given up after its last attempt', async () => {
  const { activeForm, annaSubmits } = await organizationWithWebhook();
  const formId = await activeForm();
  await annaSubmits(formId);
  statuses.push(...Array<number>(WEBHOOK_MAX_ATTEMPTS).fill(503));
  let now = START;
  for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
    assert.equal(await deliverDueWebhooks(db, now, options), 1, `attempt ${attempt}`);
    const [row] = await deliveries();
    assert.equal(row?.attempts, attempt);
    if (attempt < WEBHOOK_MAX_ATTEMPTS) {
      assert.deepEqual(
        row.next_attempt_at,
        new Date(now.getTime() + WEBHOOK_RETRY_MINUTES[attempt - 1]! * 60_000),
      );
      now = row.next_attempt_at!;
    } else {
      assert.equal(row.next_attempt_at, null);
      assert.deepEqual(row.failed_at, now);
    }
  }
  assert.equal(await deliverDueWebhooks(db, at(30 * 24 * 60), options), 0);
  assert.equal(received.length, WEBHOOK_MAX_ATTEMPTS);
});

test('a submission neither waits for nor fails with a receiver that does not answer', async () => {
  const { activeForm, annaSubmits } = await organizationWithWebhook();
  const formId = await activeForm();
  await annaSubmits(formId);
  answering = false;
  let delivering = true;
  const delivery = deliverDueWebhooks(db, START, { ...options, timeoutMs: 1500 }).finally(() => {
    delivering = false;
  });
  while (!received.length) await new Promise((resolve) => setTimeout(resolve, 10));
  await annaSubmits(formId);
  assert.equal(delivering, true, 'the second submission was stored while the first call hung');
  assert.equal(await delivery, 1);
  const [hung, next] = await deliveries();
  assert.equal(hung?.last_error, 'no answer within 1500 ms');
  assert.equal(next?.attempts, 0);
  const completed = await db.selectFrom('form_data').select('id').where('state', '=', 'COMPLETED').execute();
  assert.equal(completed.length, 2);
});

test('nothing is queued without a webhook address', async () => {
  const { organizationId, activeForm, annaSubmits } = await organizationWithWebhook();
  await db
    .updateTable('organizations')
    .set({ form_data_created_webhook_url: null })
    .where('id', '=', organizationId)
    .execute();
  await annaSubmits(await activeForm());
  assert.deepEqual(await deliveries(), []);
});

test('a call to an internal address is refused at send time, after the name is resolved', async () => {
  const { organizationId, activeForm, annaSubmits } = await organizationWithWebhook();
  await annaSubmits(await activeForm());
  // Without the operator's setting, the loopback receiver is refused and never called.
  assert.equal(await deliverDueWebhooks(db, START, { ...options, internalNetworks: [] }), 1);
  let [delivery] = await deliveries();
  assert.match(delivery?.last_error ?? '', /^refused: 127\.0\.0\.1 is not a public address/);

  // A name saved while it pointed elsewhere, now resolving to loopback (DNS rebinding).
  const port = (receiver.address() as AddressInfo).port;
  await db
    .updateTable('organizations')
    .set({ form_data_created_webhook_url: `https://localhost:${port}/formdata` })
    .where('id', '=', organizationId)
    .execute();
  await db.updateTable('webhook_deliveries').set({ next_attempt_at: START }).execute();
  assert.equal(await deliverDueWebhooks(db, START, { ...options, internalNetworks: [] }), 1);
  [delivery] = await deliveries();
  assert.match(delivery?.last_error ?? '', /^refused: (127\.0\.0\.1|::1) is not a public address/);
  assert.equal(received.length, 0, 'the receiver was never called');
});
