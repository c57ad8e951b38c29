import type { ShellContract } from '@formularze/domain/contract';
import { createApiClient, type ApiClient } from 'shared-ui/api-client';
import {
  isSendQueueSyncMessage,
  queuedSubmissions,
  SEND_QUEUE_SYNC_TAG,
  subscribeToSendQueue,
} from 'shared-ui/send-queue';
import { sendQueuedSubmission, type SendOutcome } from './send-entry';

/** Waits between tries while the network does not answer: doubling from 5 s up to 5 minutes. */
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/**
 * Runs `send` holding a lock named after the submission, across the tabs of this browser, or
 * answers null when another tab holds it: two tabs never send one submission at once. Without Web
 * Locks (old browsers, tests) only this tab is guarded.
 */
const heldHere = new Set<string>();
async function withSubmissionLock(
  key: string,
  send: () => Promise<SendOutcome>,
): Promise<SendOutcome | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    return locks.request(`formularze-send-queue:${key}`, { ifAvailable: true }, (lock) =>
      lock ? send() : null,
    );
  }
  if (heldHere.has(key)) return null;
  heldHere.add(key);
  try {
    return await send();
  } finally {
    heldHere.delete(key);
  }
}

/** The service worker's side of Background Sync, where the browser has it. */
type SyncWorker = Pick<ServiceWorkerContainer, 'ready' | 'addEventListener' | 'removeEventListener'>;
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the browser to wake the service worker once the connection returns (Background Sync, ADR
 * 613), which wakes this sender even while its retry timer waits or the tab sleeps in the
 * background. Browsers without it rely on 'online' and the timer.
 */
function askForBackgroundSync(worker: SyncWorker | undefined) {
  void worker?.ready
    .then((registration: SyncRegistration) => registration.sync?.register(SEND_QUEUE_SYNC_TAG))
    .catch(() => undefined);
}

export interface SendQueueRunner {
  /** Sends what waits now; a run already going goes round once more. */
  run(): Promise<void>;
  stop(): void;
}

/**
 * The sender of the signed-in patient's queued submissions: when started, when the connection
 * returns ('online', or the service worker's Background Sync), when someone signs in, when a
 * submission is queued (in any tab), and after a growing wait while the network does not answer. A session that ended stops it until the next
 * sign-in.
 */
export function createSendQueueRunner(
  shell: Pick<ShellContract, 'session' | 'authToken' | 'alerts'>,
  {
    client = createApiClient(() => shell.authToken()),
    connection = window,
    worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
    firstRetryMs = FIRST_RETRY_MS,
  }: {
    client?: ApiClient;
    connection?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
    worker?: SyncWorker;
    firstRetryMs?: number;
  } = {},
): SendQueueRunner {
  let running: Promise<void> | null = null;
  let again = false;
  /** Set while waiting for the network (a retry timer) or for a new session: changes do not wake it. */
  let blocked = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryMs = firstRetryMs;

  const retryLater = () => {
    blocked = true;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      blocked = false;
      void run();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  };

  const wake = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    blocked = false;
    void run();
  };

  async function pass(accountId: number) {
    for (const entry of await queuedSubmissions(accountId)) {
      if (entry.state === 'refused') continue;
      const outcome = await withSubmissionLock(entry.idempotencyKey, () =>
        sendQueuedSubmission(client, entry.idempotencyKey),
      );
      if (outcome === 'sent') {
        retryMs = firstRetryMs;
        shell.alerts.show({ text: `Wysłano odpowiedzi z formularza „${entry.formName}”.` });
      } else if (outcome === 'unanswered') {
        askForBackgroundSync(worker);
        return retryLater();
      } else if (outcome === 'signed-out') {
        blocked = true;
        return;
      }
    }
  }

  function run(): Promise<void> {
    const person = shell.session.get().person;
    if (blocked || !person) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass(person.id);
        } while (again && !blocked);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const wakeOnSync = (event: Event) => isSendQueueSyncMessage((event as MessageEvent).data) && wake();

  const unsubscribeSession = shell.session.subscribe(wake);
  const unsubscribeQueue = subscribeToSendQueue(() => void run());
  connection.addEventListener('online', wake);
  worker?.addEventListener('message', wakeOnSync);
  void run();

  return {
    run,
    stop() {
      unsubscribeSession();
      unsubscribeQueue();
      connection.removeEventListener('online', wake);
      worker?.removeEventListener('message', wakeOnSync);
      if (retryTimer) clearTimeout(retryTimer);
    },
  };
}
