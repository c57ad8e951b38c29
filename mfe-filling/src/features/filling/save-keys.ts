/**
 * The idempotency keys of one filling's saves. A save whose answer was lost on a weak connection
 * may have been stored: its retry carries the same key, so the server answers with the form it
 * stored instead of storing a second one. A different request (other answers, a draft instead of
 * a submission) is another save and gets a new key, as does the next save after a success. A
 * refused save stored nothing, so its key may be sent again.
 */
export function saveKeys(newKey: () => string = () => crypto.randomUUID()) {
  let pending: { request: string; key: string } | null = null;
  return {
    /** The key for `request`: the pending one when this retries the same request. */
    keyFor(request: unknown): string {
      const fingerprint = JSON.stringify(request);
      if (pending?.request !== fingerprint) pending = { request: fingerprint, key: newKey() };
      return pending.key;
    },
    /** The save was stored: the next one is a new save, even with the same answers. */
    succeeded(): void {
      pending = null;
    },
  };
}
