import type { SessionStore } from './session-store';

/**
 * Forgets the submissions a person left waiting on this device when their session here ends: a
 * logout from the menu (after the warning), by idle timeout or from another tab (ADR 621). The
 * device may be shared and the answers are medical data. Other accounts' submissions stay.
 */
export function forgetQueuedSendsOnLogout(session: Pick<SessionStore, 'get' | 'subscribe'>): () => void {
  let signedIn = session.get().person?.id ?? null;
  return session.subscribe(({ status, person }) => {
    if (status === 'guest' && signedIn !== null) {
      const accountId = signedIn;
      void import('shared-ui/send-queue').then(({ clearSendQueue }) => clearSendQueue(accountId));
    }
    if (status !== 'checking') signedIn = person?.id ?? null;
  });
}
