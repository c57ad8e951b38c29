/**
 * The database's name and its deletion, apart from the storage code: the shell deletes the copies on
 * every logout and so bundles this file alone, without the IndexedDB wrapper the fill page uses.
 */
export const DEVICE_ANSWERS_DB = 'formularze-answers';

/**
 * Deletes every copy of every account (logout). Resolves once the database is gone, or once the
 * browser reports a page still holding it: the deletion then completes as soon as that page lets go,
 * which the storage does at once (its `blocking` handler), so a logout never waits on another tab.
 */
export function clearDeviceAnswers(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DEVICE_ANSWERS_DB);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
