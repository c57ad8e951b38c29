import type { ApiClient } from 'shared-ui/api-client';
import { clearDeviceAnswers } from 'shared-ui/device-answers';
import { createObservable, type SessionSnapshot } from '@formularze/domain/contract';
import {
  currentPerson,
  permissionsFor,
  type CurrentPerson,
  type SessionKind,
} from '@formularze/domain/schemas';
import type { EarlySessionRequest } from '../page-start/early-requests';
import { CURRENT_PERSON_PATH, TOKEN_KEY } from './early-session-request';
import { publishSessionSignal } from './session-signals';

const KIND_KEY = 'sessionKind';

const LOGOUT_PATH: Record<SessionKind, string> = {
  patient: '/api/auth/logout',
  employee: '/employees/v1/logout',
};

/** The API's answer for a token that no longer opens a session. */
export function isSignedOutError(error: unknown): boolean {
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  return status === 401 || status === 403;
}

async function fetchCurrentPerson(api: ApiClient): Promise<CurrentPerson> {
  const response = await api.get(CURRENT_PERSON_PATH);
  return currentPerson.parse(response.data);
}

interface SessionStoreOptions {
  api: ApiClient;
  /** Per tab: the token ends with the tab. */
  tabStorage?: Storage;
  /** Shared by the tabs: login and logout signals, and which door the last logout used. */
  sharedStorage?: Storage;
  /** The check the page's entry started before the shell loaded, answered in place of a new one. */
  earlyRequest?: EarlySessionRequest | null;
}

/**
 * The user's session. The token lives in session storage; until `start` has checked it the
 * session is `checking`, and without one the user is a guest.
 */
export function createSessionStore({
  api,
  tabStorage = window.sessionStorage,
  sharedStorage = window.localStorage,
  earlyRequest,
}: SessionStoreOptions) {
  let unansweredEarlyRequest = earlyRequest ?? null;
  const store = createObservable<SessionSnapshot>({
    status: tabStorage.getItem(TOKEN_KEY) ? 'checking' : 'guest',
    person: null,
  });

  const clear = () => {
    tabStorage.removeItem(TOKEN_KEY);
    tabStorage.removeItem(KIND_KEY);
    store.set({ status: 'guest', person: null });
  };

  const load = async () => {
    const person = await fetchCurrentPerson(api);
    store.set({ status: 'authenticated', person });
    return person;
  };

  const kind = () => (tabStorage.getItem(KIND_KEY) as SessionKind | null) ?? 'patient';

  return {
    get: store.get,
    subscribe: store.subscribe,
    token: () => tabStorage.getItem(TOKEN_KEY),
    kind,

    /** Checks the tab's token; a rejected one leaves a guest. */
    async start(): Promise<void> {
      const token = tabStorage.getItem(TOKEN_KEY);
      if (!token) return clear();
      try {
        const early = unansweredEarlyRequest;
        unansweredEarlyRequest = null;
        if (early?.token === token) {
          store.set({ status: 'authenticated', person: currentPerson.parse(await early.person) });
        } else {
          await load();
        }
      } catch (error) {
        if (!isSignedOutError(error)) throw error;
        clear();
      }
    },

    async signIn(token: string, kind: SessionKind): Promise<void> {
      tabStorage.setItem(TOKEN_KEY, token);
      tabStorage.setItem(KIND_KEY, kind);
      const person = await load();
      publishSessionSignal(sharedStorage, 'loggedIn', person.id);
    },

    /** Loads the person again, e.g. after accepting terms. Throws what the API answered. */
    refetch: load,

    /**
     * Ends the session here and on the server; the server's answer does not matter. Every logout
     * (the menu, the idle timeout, declining the terms) also deletes the answers kept on this device
     * (ADR 600): medical data does not outlive the session on a shared computer.
     */
    async logout(): Promise<void> {
      const endedKind = kind();
      const personId = store.get().person?.id ?? null;
      await api.post(LOGOUT_PATH[endedKind]).catch(() => undefined);
      clear();
      await clearDeviceAnswers();
      publishSessionSignal(sharedStorage, 'loggedOut', personId, endedKind);
    },

    /**
     * Forgets a session that another tab ended, without telling the tabs again. That tab deleted the
     * device's answers already; deleting them here too covers a tab closed before it finished.
     */
    forget() {
      clear();
      void clearDeviceAnswers();
    },

    permissions() {
      const person = store.get().person;
      return permissionsFor({
        authorities: person?.authorities ?? '',
        organization: person?.organization,
      });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
