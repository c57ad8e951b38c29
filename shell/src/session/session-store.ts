import { createObservable, type SessionSnapshot } from 'shared-ui/contract';

const TOKEN_KEY = 'token';

/**
 * The user's session. The token lives in session storage, so it ends with the tab. Until a
 * session is established the user is a guest.
 */
export function createSessionStore(storage: Storage = window.sessionStorage) {
  const store = createObservable<SessionSnapshot>({ status: 'guest', person: null });
  return {
    get: store.get,
    subscribe: store.subscribe,
    token: () => storage.getItem(TOKEN_KEY),
    async logout() {
      storage.removeItem(TOKEN_KEY);
      store.set({ status: 'guest', person: null });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
