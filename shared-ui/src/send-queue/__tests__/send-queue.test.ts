/** @jest-environment node */
import 'fake-indexeddb/auto';
import {
  clearSendQueue,
  pendingCount,
  queuedSubmission,
  queuedSubmissions,
  queueSubmission,
  removeQueuedSubmission,
  subscribeToSendQueue,
  updateQueuedSubmission,
} from '..';
import { aNewSubmission } from '../../testing/new-submission';

afterEach(() => clearSendQueue());

test('a queued submission keeps its answers and its files as blobs, waiting', async () => {
  await queueSubmission(aNewSubmission(), 1000);
  const [stored] = await queuedSubmissions(7);
  expect(stored).toMatchObject({
    state: 'waiting',
    reason: null,
    queuedAt: 1000,
    answers: { data: { imie: 'Maria' } },
  });
  expect(await stored!.files.zdjecie![0]!.blob!.text()).toBe('PNG…');
  expect(await stored!.files.zdjecie![0]!.blob!.type).toBe('image/png');
});

test('each account sees only its own submissions, oldest first', async () => {
  await queueSubmission(aNewSubmission({ idempotencyKey: 'k-later' }), 2000);
  await queueSubmission(aNewSubmission({ idempotencyKey: 'k-first' }), 1000);
  await queueSubmission(aNewSubmission({ idempotencyKey: 'k-other', accountId: 8 }), 1500);
  expect((await queuedSubmissions(7)).map((entry) => entry.idempotencyKey)).toEqual(['k-first', 'k-later']);
  expect((await queuedSubmissions(8)).map((entry) => entry.idempotencyKey)).toEqual(['k-other']);
});

test('an update changes the stored entry; an entry removed meanwhile is not brought back', async () => {
  const { idempotencyKey } = await queueSubmission(aNewSubmission());
  await updateQueuedSubmission(idempotencyKey, (entry) => ({
    ...entry,
    state: 'refused',
    reason: 'Zamknięty',
  }));
  expect(await queuedSubmission(idempotencyKey)).toMatchObject({ state: 'refused', reason: 'Zamknięty' });
  await removeQueuedSubmission(idempotencyKey);
  expect(await updateQueuedSubmission(idempotencyKey, (entry) => entry)).toBeUndefined();
  expect(await queuedSubmission(idempotencyKey)).toBeUndefined();
});

test('clearing one account leaves the others; clearing all leaves nothing', async () => {
  await queueSubmission(aNewSubmission({ idempotencyKey: 'k-7' }));
  await queueSubmission(aNewSubmission({ idempotencyKey: 'k-8', accountId: 8 }));
  await clearSendQueue(7);
  expect(await queuedSubmissions(7)).toEqual([]);
  expect(await queuedSubmissions(8)).toHaveLength(1);
  await clearSendQueue();
  expect(await queuedSubmissions(8)).toEqual([]);
});

test('the pending count leaves out refused submissions', async () => {
  await queueSubmission(aNewSubmission({ idempotencyKey: 'k-1' }));
  await queueSubmission(aNewSubmission({ idempotencyKey: 'k-2' }));
  await updateQueuedSubmission('k-2', (entry) => ({ ...entry, state: 'refused', reason: 'Zamknięty' }));
  expect(pendingCount(await queuedSubmissions(7))).toBe(1);
});

test('subscribers hear of changes made in this tab and in another one', async () => {
  const heard = jest.fn();
  const unsubscribe = subscribeToSendQueue(heard);
  await queueSubmission(aNewSubmission());
  expect(heard).toHaveBeenCalledTimes(1);

  // Another tab is another channel of the same name.
  const otherTab = new BroadcastChannel('formularze-send-queue');
  otherTab.postMessage('another-tab');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toHaveBeenCalledTimes(2);
  otherTab.close();

  unsubscribe();
  await removeQueuedSubmission('b0c5d0c4-3d0e-4c1a-9a57-1d4c1d8d1e01');
  expect(heard).toHaveBeenCalledTimes(2);
});
