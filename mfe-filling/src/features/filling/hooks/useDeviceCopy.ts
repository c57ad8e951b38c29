import { useEffect, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useSession, useShell } from 'shared-ui/remote';
import {
  createDeviceAnswersWriter,
  loadDeviceAnswers,
  removeDeviceAnswers,
  type DeviceAnswers,
} from 'shared-ui/device-answers';
import { deviceFillKey } from '../device-copy';
import type { FormValues } from '../fill-model';
import type { FillTarget } from './useFillData';

export type StoredCopy = { status: 'loading' } | { status: 'ready'; copy: DeviceAnswers | null };

/**
 * The longest the page waits for the device's storage. Reading takes milliseconds; a database held
 * by a page that does not let go (an old build in another tab, during a deletion) must not keep the
 * form from opening.
 */
export const STORED_COPY_WAIT_MS = 1000;

/** This account's copy of the fill on this device, read while the page's data loads. */
export function useStoredCopy(target: FillTarget): StoredCopy {
  const personId = useSession().person?.id ?? null;
  const { formId, scheduledFormId, formDataId } = target;
  const fill = `${personId}/${formId}/${scheduledFormId}/${formDataId}`;
  const [stored, setStored] = useState<{ fill: string; copy: DeviceAnswers | null } | null>(null);
  useEffect(() => {
    if (personId === null) return;
    let waiting = true;
    // Whichever comes first, the copy or the end of the wait, decides; the other is ignored.
    const settle = (copy: DeviceAnswers | null) => {
      if (!waiting) return;
      waiting = false;
      setStored({ fill, copy });
    };
    // A device that cannot keep copies (no IndexedDB, storage refused, too slow) fills as before.
    const giveUp = setTimeout(() => settle(null), STORED_COPY_WAIT_MS);
    loadDeviceAnswers(deviceFillKey(personId, { formId, scheduledFormId, formDataId }))
      .catch(() => null)
      .then(settle);
    return () => {
      waiting = false;
      clearTimeout(giveUp);
    };
  }, [personId, formId, scheduledFormId, formDataId, fill]);
  if (personId === null) return { status: 'ready', copy: null };
  return stored?.fill === fill ? { status: 'ready', copy: stored.copy } : { status: 'loading' };
}

/**
 * Keeps the device copy of the answers as they are typed (issue 30, ADR 600). A change only starts
 * a timer (the writer's pause): nothing on the keystroke's path waits for storage. A pending change
 * is written when the tab is hidden or the page closes, and dropped once the session is no longer
 * this account's. `discard` forgets the copy after a successful save.
 */
export function useDeviceCopyWriter(form: UseFormReturn<FormValues>, target: FillTarget, enabled: boolean) {
  const shell = useShell();
  const personId = useSession().person?.id ?? null;
  const { formId, scheduledFormId, formDataId } = target;
  const key = useMemo(
    () => (personId === null ? null : deviceFillKey(personId, { formId, scheduledFormId, formDataId })),
    [personId, formId, scheduledFormId, formDataId],
  );
  const writer = useMemo(
    () =>
      key &&
      createDeviceAnswersWriter(key, { mayWrite: () => shell.session.get().person?.id === key.personId }),
    [key, shell],
  );

  useEffect(() => {
    if (!writer || !enabled) return;
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values }) => writer.changed(values),
    });
    const flushWhenHidden = () => document.visibilityState === 'hidden' && writer.flush();
    window.addEventListener('pagehide', writer.flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', writer.flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      // Leaving the page keeps what was typed last, unless the session ended (mayWrite).
      writer.flush();
    };
  }, [writer, enabled, form]);

  return {
    discard() {
      writer?.cancel();
      if (key) removeDeviceAnswers(key).catch(() => undefined);
    },
  };
}
