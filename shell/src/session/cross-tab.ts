import type { AlertStore } from '../alerts/alert-store';
import { readSessionSignal, SESSION_SIGNAL_KEYS, type SessionSignalKey } from './session-signals';
import { isSignedOutError, type SessionStore } from './session-store';

export const OTHER_TAB_LOGOUT_MESSAGE = 'Uwaga: wykryto wylogowanie z poziomu innej zakładki przeglądarki.';
export const OTHER_TAB_SESSION_MESSAGE = 'Uwaga: wykryto inną sesję w osobnej zakładce przeglądarki.';

const isSignalKey = (key: string | null): key is SessionSignalKey =>
  (SESSION_SIGNAL_KEYS as readonly (string | null)[]).includes(key);

/**
 * Another tab of this browser signed in or out: check this tab's session again. A session ended
 * elsewhere ends here too; a different person signed in elsewhere is pointed out, since on a shared
 * computer the next answers might otherwise be given under the wrong name.
 */
export function watchOtherTabs({
  session,
  alerts,
  target = window,
}: {
  session: Pick<SessionStore, 'get' | 'refetch' | 'forget'>;
  alerts: Pick<AlertStore, 'show'>;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}): () => void {
  const warn = (text: string, customId: string) =>
    alerts.show({ text, isError: true, persistent: true, customId });

  const onStorage = async (event: StorageEvent) => {
    if (!isSignalKey(event.key)) return;
    const before = session.get();
    if (before.status !== 'authenticated' || !before.person) return;
    const signal = readSessionSignal(event.newValue);
    try {
      const person = await session.refetch();
      const otherPersonSignedIn =
        event.key === 'loggedIn' && signal?.personId != null && signal.personId !== person.id;
      if (person.id !== before.person.id || otherPersonSignedIn) {
        warn(OTHER_TAB_SESSION_MESSAGE, 'other-tab-session');
      }
    } catch (error) {
      if (!isSignedOutError(error)) return;
      session.forget();
      warn(OTHER_TAB_LOGOUT_MESSAGE, 'other-tab-logout');
    }
  };

  const listener = (event: Event) => void onStorage(event as StorageEvent);
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
