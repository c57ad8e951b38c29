import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FilledDataPayload } from '@formularze/domain/schemas/filled-data';

/**
 * Submissions a patient sent while the connection was gone (issue 30, ADR 620): kept in this
 * browser's IndexedDB, per account, until the sender of the filling area has delivered them or the
 * patient discards a refused one. React-free: the shell counts them, the filling area fills and
 * sends them.
 */

const DATABASE = 'formularze-send-queue';
const STORE = 'submissions';
const CHANGES_CHANNEL = 'formularze-send-queue';

/** A file of the submission: its content until uploaded, then only the id the server gave it. */
export interface QueuedFile {
  name: string;
  blob: Blob | null;
  uploadedId: string | null;
  /** Sent with each try of its upload, so that a retry after a lost answer stores no second copy. */
  uploadKey: string;
}

/** One answer as the patient sees it, so a refused submission can be read and copied. */
export interface QueuedAnswerText {
  label: string;
  answer: string;
}

export type QueuedState = 'waiting' | 'sending' | 'refused';

export interface QueuedSubmission {
  /** Made once when the patient pressed "Zapisz i wyślij"; every attempt sends it (ADR 223). */
  idempotencyKey: string;
  accountId: number;
  formId: number;
  formName: string;
  /** The draft being submitted (PUT); null for a new filling (POST). */
  formDataId: number | null;
  /** Set once the metadata record exists, so a retry does not make another. */
  formMetadataId: number | null;
  /** The save request's body, without what the sending fills in. */
  answers: Omit<FilledDataPayload, 'formMetadataId' | 'filesDataUUID'>;
  /** Files by field id, in the field's order. */
  files: Record<string, QueuedFile[]>;
  texts: QueuedAnswerText[];
  state: QueuedState;
  /** Why the server refused it, in Polish, when `state` is 'refused'. */
  reason: string | null;
  queuedAt: number;
}

export type NewSubmission = Omit<QueuedSubmission, 'state' | 'reason' | 'queuedAt'>;

interface QueueSchema extends DBSchema {
  [STORE]: { key: string; value: QueuedSubmission; indexes: { byAccount: number } };
}

let database: Promise<IDBPDatabase<QueueSchema>> | null = null;
const openQueue = () =>
  (database ??= openDB<QueueSchema>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: 'idempotencyKey' }).createIndex('byAccount', 'accountId');
    },
  }));

/* ------------------------------------------------------------ Background Sync */

/**
 * The Background Sync tag under which the queue asks the browser for a wake-up when the
 * connection returns (ADR 613): the service worker answers it with `SEND_QUEUE_SYNC_MESSAGE` to
 * the open pages, whose sender delivers the queue.
 */
export const SEND_QUEUE_SYNC_TAG = 'formularze-send-queue';
export const SEND_QUEUE_SYNC_MESSAGE = { type: 'SEND_QUEUE_SYNC' } as const;
export type SendQueueSyncMessage = typeof SEND_QUEUE_SYNC_MESSAGE;

export const isSendQueueSyncMessage = (data: unknown): data is SendQueueSyncMessage =>
  (data as { type?: unknown } | null)?.type === SEND_QUEUE_SYNC_MESSAGE.type;

/* ------------------------------------------------------------ change notifications */

const localListeners = new Set<() => void>();
/** Marks this tab's announcements: its listening channel hears them too, and they were heard here already. */
const THIS_TAB = Math.random().toString(36).slice(2);
let channel: BroadcastChannel | null = null;
const changesChannel = () => {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANGES_CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<string>) => {
      if (data !== THIS_TAB) localListeners.forEach((listener) => listener());
    };
  }
  return channel;
};

function announceChange() {
  localListeners.forEach((listener) => listener());
  if (typeof BroadcastChannel === 'undefined') return;
  // A channel of its own: the listening one stays open only while someone listens.
  const announcer = new BroadcastChannel(CHANGES_CHANNEL);
  announcer.postMessage(THIS_TAB);
  announcer.close();
}

/** Calls `listener` after every change of the queue, in this tab or in another one. */
export function subscribeToSendQueue(listener: () => void): () => void {
  changesChannel();
  localListeners.add(listener);
  return () => {
    localListeners.delete(listener);
    if (!localListeners.size && channel) {
      channel.close();
      channel = null;
    }
  };
}

/* ------------------------------------------------------------ reading and writing */

export async function queueSubmission(
  submission: NewSubmission,
  now = Date.now(),
): Promise<QueuedSubmission> {
  const entry: QueuedSubmission = { ...submission, state: 'waiting', reason: null, queuedAt: now };
  await (await openQueue()).put(STORE, entry);
  announceChange();
  return entry;
}

/** The account's submissions, oldest first (they are sent in that order). */
export async function queuedSubmissions(accountId: number): Promise<QueuedSubmission[]> {
  const entries = await (await openQueue()).getAllFromIndex(STORE, 'byAccount', accountId);
  return entries.sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function queuedSubmission(idempotencyKey: string): Promise<QueuedSubmission | undefined> {
  return (await openQueue()).get(STORE, idempotencyKey);
}

/**
 * Changes one submission in a single transaction (two tabs never lose each other's change); an
 * entry removed meanwhile stays removed.
 */
export async function updateQueuedSubmission(
  idempotencyKey: string,
  change: (entry: QueuedSubmission) => QueuedSubmission,
): Promise<QueuedSubmission | undefined> {
  const tx = (await openQueue()).transaction(STORE, 'readwrite');
  const current = await tx.store.get(idempotencyKey);
  const next = current && change(current);
  if (next) await tx.store.put(next);
  await tx.done;
  if (next) announceChange();
  return next;
}

export async function removeQueuedSubmission(idempotencyKey: string): Promise<void> {
  await (await openQueue()).delete(STORE, idempotencyKey);
  announceChange();
}

/**
 * Forgets submissions: the account's, or every one kept in this browser (a logout: the device may
 * be shared and the answers are medical data, ADR 621).
 */
export async function clearSendQueue(accountId?: number): Promise<void> {
  const db = await openQueue();
  if (accountId === undefined) {
    await db.clear(STORE);
  } else {
    const tx = db.transaction(STORE, 'readwrite');
    for (const key of await tx.store.index('byAccount').getAllKeys(accountId)) await tx.store.delete(key);
    await tx.done;
  }
  announceChange();
}

/** Submissions still to be delivered (refused ones wait for the patient, not for the network). */
export const pendingCount = (entries: readonly QueuedSubmission[]) =>
  entries.filter((entry) => entry.state !== 'refused').length;

/** Hands the account's submissions to `onChange` now and after every change, until unsubscribed. */
export function watchQueuedSubmissions(
  accountId: number,
  onChange: (entries: QueuedSubmission[]) => void,
): () => void {
  let active = true;
  const read = () =>
    void queuedSubmissions(accountId).then(
      (entries) => active && onChange(entries),
      // Storage refused (private mode, full disk): nothing to show is the truth this device knows.
      () => active && onChange([]),
    );
  const unsubscribe = subscribeToSendQueue(read);
  read();
  return () => {
    active = false;
    unsubscribe();
  };
}
