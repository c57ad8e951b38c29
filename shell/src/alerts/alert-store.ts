import { createObservable, type AlertInput } from '@formularze/domain/contract';

export interface ShownAlert extends Required<Pick<AlertInput, 'text'>> {
  id: string;
  isError: boolean;
  persistent: boolean;
}

export const DEFAULT_ALERT_TIMEOUT_MS = 3000;

/** The one alert service of the app: the shell and every remote show alerts through it. */
export function createAlertStore() {
  const store = createObservable<ShownAlert[]>([]);
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let sequence = 0;

  const dismiss = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    store.set(store.get().filter((alert) => alert.id !== id));
  };

  const show = ({ text, isError = false, persistent = false, customId, timeoutMs }: AlertInput): string => {
    const id = customId ?? `alert-${++sequence}`;
    const alert: ShownAlert = { id, text, isError, persistent };
    store.set([...store.get().filter((existing) => existing.id !== id), alert]);
    clearTimeout(timers.get(id));
    if (!persistent)
      timers.set(
        id,
        setTimeout(() => dismiss(id), timeoutMs ?? DEFAULT_ALERT_TIMEOUT_MS),
      );
    return id;
  };

  return { get: store.get, subscribe: store.subscribe, show, dismiss };
}

export type AlertStore = ReturnType<typeof createAlertStore>;
