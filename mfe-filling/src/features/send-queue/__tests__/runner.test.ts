/** @jest-environment node */
import 'fake-indexeddb/auto';
import { createObservable, type SessionSnapshot } from '@formularze/domain/contract';
import type { CurrentPerson } from '@formularze/domain/schemas';
import type { ApiClient } from 'shared-ui/api-client';
import { clearSendQueue, queuedSubmissions, queueSubmission } from 'shared-ui/send-queue';
import { aFilledForm } from '../../../shared/filled-data/__tests__/filled-form-fixture';
import { createSendQueueRunner, type SendQueueRunner } from '../runner';

const KEY = '5f0b7c1e-2a44-4d7b-8f0e-6a3c2b1d9e77';
const patient = { id: 7 } as CurrentPerson;

const FIRST_RETRY_MS = 150;

/** A service worker container whose registration has Background Sync, as Chromium's has. */
function aWorker() {
  const register = jest.fn(async (_tag: string) => undefined);
  const container = Object.assign(new EventTarget(), {
    ready: Promise.resolve({ sync: { register } } as unknown as ServiceWorkerRegistration),
  });
  return { container, register };
}

function aRunner(client: { post: jest.Mock }, { firstRetryMs = FIRST_RETRY_MS } = {}) {
  const session = createObservable<SessionSnapshot>({ status: 'authenticated', person: patient });
  const alerts = { show: jest.fn(() => ''), dismiss: jest.fn() };
  const connection = new EventTarget();
  const worker = aWorker();
  const runner = createSendQueueRunner(
    { session, alerts, authToken: () => 'token' },
    { client: client as unknown as ApiClient, connection, worker: worker.container, firstRetryMs },
  );
  return { runner, alerts, connection, session, worker };
}

const filled = aFilledForm({
  state: 'COMPLETED',
  completedAt: '2026-06-10T08:00:00.000Z',
  formMetadataId: 77,
});

const queueOne = () =>
  queueSubmission({
    idempotencyKey: KEY,
    accountId: 7,
    formId: 5,
    formName: 'Ankieta bólu',
    formDataId: null,
    formMetadataId: 77,
    answers: { formId: 5, scheduledFormId: null, data: { imie: 'Maria' } },
    files: {},
    texts: [],
  });

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Waits until `check` passes (a loaded machine may take a while), failing with its last error. */
async function eventually(check: () => unknown | Promise<unknown>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await settle();
    }
  }
}

let runner: SendQueueRunner | null = null;
afterEach(async () => {
  runner?.stop();
  runner = null;
  await clearSendQueue();
});

test('offline it keeps the submission; when the connection returns it sends it once, with the same key', async () => {
  let online = false;
  const post = jest.fn(async () => {
    if (!online) throw Object.assign(new Error('Network Error'), { isAxiosError: true });
    return { data: filled };
  });
  await queueOne();
  const started = aRunner({ post });
  runner = started.runner;
  await eventually(async () => {
    expect(post).toHaveBeenCalledTimes(1);
    expect(await queuedSubmissions(7)).toMatchObject([{ state: 'waiting' }]);
  });

  online = true;
  started.connection.dispatchEvent(new Event('online'));
  await eventually(async () => expect(await queuedSubmissions(7)).toEqual([]));
  expect(post).toHaveBeenCalledTimes(2);
  const keys = post.mock.calls.map((call) => (call as unknown[])[2] as { headers: Record<string, string> });
  expect(keys.map((config) => config.headers['idempotency-key'])).toEqual([KEY, KEY]);
  expect(started.alerts.show).toHaveBeenCalledWith({
    text: 'Wysłano odpowiedzi z formularza „Ankieta bólu”.',
  });

  // Nothing left: another 'online' sends nothing more.
  started.connection.dispatchEvent(new Event('online'));
  await settle();
  expect(post).toHaveBeenCalledTimes(2);
});

test("a send the network did not answer asks for Background Sync, and the worker's wake-up sends it", async () => {
  let online = false;
  const post = jest.fn(async () => {
    if (!online) throw Object.assign(new Error('Network Error'), { isAxiosError: true });
    return { data: filled };
  });
  await queueOne();
  // A retry far away: only the worker's message can send it within the test.
  const started = aRunner({ post }, { firstRetryMs: 60_000 });
  runner = started.runner;
  await eventually(() => expect(started.worker.register).toHaveBeenCalledWith('formularze-send-queue'));
  expect(post).toHaveBeenCalledTimes(1);

  online = true;
  // Another page's message is not the queue's wake-up.
  started.worker.container.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
  await settle();
  expect(post).toHaveBeenCalledTimes(1);
  started.worker.container.dispatchEvent(new MessageEvent('message', { data: { type: 'SEND_QUEUE_SYNC' } }));
  await eventually(async () => expect(await queuedSubmissions(7)).toEqual([]));
  expect(post).toHaveBeenCalledTimes(2);
});

test('while the network does not answer it tries again after a wait that grows', async () => {
  const calledAt: number[] = [];
  const post = jest.fn(async () => {
    calledAt.push(Date.now());
    throw Object.assign(new Error('Network Error'), { isAxiosError: true });
  });
  await queueOne();
  runner = aRunner({ post }).runner;
  await eventually(() => expect(calledAt).toHaveLength(3), 10_000);
  const [first, second, third] = calledAt as [number, number, number];
  expect(second - first).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
  // The second wait is twice the first.
  expect(third - second).toBeGreaterThanOrEqual(2 * FIRST_RETRY_MS);
});

test('a submission queued while the sender runs is sent without waiting for an event', async () => {
  const post = jest.fn(async () => ({ data: filled }));
  runner = aRunner({ post }).runner;
  await settle();
  expect(post).not.toHaveBeenCalled();
  await queueOne();
  await eventually(async () => expect(await queuedSubmissions(7)).toEqual([]));
  expect(post).toHaveBeenCalledTimes(1);
});

test('two senders (two tabs) send one submission once', async () => {
  let answer: () => void = () => undefined;
  const post = jest.fn(() => new Promise((resolve) => (answer = () => resolve({ data: filled }))));
  await queueOne();
  runner = aRunner({ post }).runner;
  const second = aRunner({ post }).runner;
  await eventually(() => expect(post).toHaveBeenCalled());
  await settle();
  answer();
  await eventually(async () => expect(await queuedSubmissions(7)).toEqual([]));
  second.stop();
  expect(post).toHaveBeenCalledTimes(1);
});
