import type { SessionKind } from '@formularze/domain/schemas';

/**
 * Signals the tabs of one browser exchange through local storage. Every write carries a time, so
 * that two equal events still change the value and fire the other tabs' `storage` event.
 */
export const SESSION_SIGNAL_KEYS = ['loggedIn', 'loggedOut'] as const;
export type SessionSignalKey = (typeof SESSION_SIGNAL_KEYS)[number];

export interface SessionSignal {
  at: number;
  personId: number | null;
}

const LAST_LOGOUT_KIND_KEY = 'lastLogoutKind';

export function publishSessionSignal(
  storage: Storage,
  key: SessionSignalKey,
  personId: number | null,
  logoutKind?: SessionKind,
): void {
  const signal: SessionSignal = { at: Date.now(), personId };
  storage.setItem(key, JSON.stringify(signal));
  if (logoutKind) storage.setItem(LAST_LOGOUT_KIND_KEY, logoutKind);
}

export function readSessionSignal(value: string | null): SessionSignal | null {
  try {
    const parsed = JSON.parse(value ?? 'null') as Partial<SessionSignal> | null;
    return typeof parsed?.at === 'number' ? { at: parsed.at, personId: parsed.personId ?? null } : null;
  } catch {
    return null;
  }
}

/** Guests are sent to the staff login when the last logout in this browser was a staff member's. */
export function lastLogoutWasEmployee(storage: Storage = window.localStorage): boolean {
  return storage.getItem(LAST_LOGOUT_KIND_KEY) === 'employee';
}
