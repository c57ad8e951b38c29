import { saveDeviceAnswers, type DeviceFillKey } from './store';

/** Typing pauses at least this long before the copy is written: one write per burst, not per key. */
export const DEVICE_ANSWERS_WRITE_DELAY_MS = 400;

export interface DeviceAnswersWriter {
  /** Notes that the answers changed now; they are written once typing pauses. Never waits for storage. */
  changed(values: Record<string, unknown>): void;
  /** Writes a pending change at once (the page is being hidden or closed). */
  flush(): void;
  /** Drops a pending change: the answers were saved, or they are no longer this account's to keep. */
  cancel(): void;
}

/**
 * Keeps the device copy of one fill up to date off the keystroke's path: a change only sets a timer,
 * and the write (a structured clone into IndexedDB) happens after the pause. `mayWrite` is asked at
 * write time, so a change typed just before a logout is not written after it.
 */
export function createDeviceAnswersWriter(
  key: DeviceFillKey,
  {
    delayMs = DEVICE_ANSWERS_WRITE_DELAY_MS,
    mayWrite = () => true,
  }: { delayMs?: number; mayWrite?(): boolean } = {},
): DeviceAnswersWriter {
  let pending: { values: Record<string, unknown>; typedAt: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    const answers = pending;
    pending = null;
    if (!answers || !mayWrite()) return;
    // A copy that cannot be written (storage full, private mode, a value that cannot be cloned) must
    // never disturb the filling: the server drafts still work.
    saveDeviceAnswers(key, answers).catch(() => undefined);
  };

  return {
    changed(values) {
      pending = { values, typedAt: Date.now() };
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    flush,
    cancel() {
      clearTimeout(timer);
      pending = null;
    },
  };
}
