import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DEVICE_ANSWERS_DB } from './clear';

/**
 * The device copy of typed answers (issue 30, ADR 600): what a patient types is kept in this
 * browser's IndexedDB, per account and per fill, so a reload, a crash or a closed browser loses
 * nothing. React-free: the fill page writes and reads it, the shell wipes it on every logout.
 */

const STORE = 'answers';
const BY_TYPED_AT = 'typedAt';

/** A copy not typed into for this long is deleted unread: a device is not an archive of medical data. */
export const DEVICE_ANSWERS_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Whose answers, to which fill: the account and the fill page's target. */
export interface DeviceFillKey {
  personId: number;
  formId: number;
  scheduledFormId: number | null;
  formDataId: number | null;
}

/** The answers as typed (files as the browser's File objects) and when they were last typed. */
export interface DeviceAnswers<Values = Record<string, unknown>> {
  values: Values;
  /** Epoch milliseconds, the device's clock. */
  typedAt: number;
}

type StoredKey = [number, number, number, number];

interface AnswersSchema extends DBSchema {
  answers: {
    key: StoredKey;
    value: DeviceAnswers & { personId: number };
    indexes: { typedAt: number };
  };
}

// Ids are positive, so 0 stands for "none" (a new fill, no scheduled slot): IndexedDB keys cannot hold null.
const storedKey = ({ personId, formId, scheduledFormId, formDataId }: DeviceFillKey): StoredKey => [
  personId,
  formId,
  scheduledFormId ?? 0,
  formDataId ?? 0,
];

let connection: Promise<IDBPDatabase<AnswersSchema>> | null = null;

/** The database, opened once per page; null where the browser offers no IndexedDB. */
function database(): Promise<IDBPDatabase<AnswersSchema>> | null {
  if (typeof indexedDB === 'undefined') return null;
  connection ??= openDB<AnswersSchema>(DEVICE_ANSWERS_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE).createIndex(BY_TYPED_AT, 'typedAt');
    },
    // A logout in any tab deletes the database (clearDeviceAnswers); holding it open would stall that.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      connection = null;
    },
    terminated() {
      connection = null;
    },
  });
  const opening = connection;
  opening.catch(() => {
    if (connection === opening) connection = null;
  });
  return opening;
}

/** Keeps `answers` as the fill's copy, replacing the previous one. */
export async function saveDeviceAnswers(key: DeviceFillKey, answers: DeviceAnswers): Promise<void> {
  const db = await database();
  await db?.put(STORE, { personId: key.personId, ...answers }, storedKey(key));
}

/** The fill's copy, if this account typed one here recently enough; expired copies are deleted on the way. */
export async function loadDeviceAnswers(key: DeviceFillKey, now = Date.now()): Promise<DeviceAnswers | null> {
  const db = await database();
  if (!db) return null;
  const tx = db.transaction(STORE, 'readwrite');
  let expired = await tx.store
    .index(BY_TYPED_AT)
    .openCursor(IDBKeyRange.upperBound(now - DEVICE_ANSWERS_MAX_AGE_MS));
  while (expired) {
    await expired.delete();
    expired = await expired.continue();
  }
  const stored = await tx.store.get(storedKey(key));
  await tx.done;
  return stored ? { values: stored.values, typedAt: stored.typedAt } : null;
}

/** Forgets the fill's copy: it was saved to the server, or the patient chose the server's version. */
export async function removeDeviceAnswers(key: DeviceFillKey): Promise<void> {
  const db = await database();
  await db?.delete(STORE, storedKey(key));
}
