import type { ApiClient } from 'shared-ui/api-client';
import type { CurrentPerson } from '@formularze/domain/schemas';
import { createAlertStore } from '../../alerts/alert-store';
import { OTHER_TAB_LOGOUT_MESSAGE, OTHER_TAB_SESSION_MESSAGE, watchOtherTabs } from '../cross-tab';
import { lastLogoutWasEmployee } from '../session-signals';
import { createSessionStore } from '../session-store';

const person = (id: number, authorities = 'ROLE_USER'): CurrentPerson => ({
  id,
  firstName: 'Maria',
  surname: 'Wiśniewska',
  mail: 'pacjent@demo.local',
  phone: null,
  authorities,
  firstLogin: false,
  currentTermsAccepted: true,
  organization: { id: 1, orgName: 'Demo', editorsCanManageForms: false, editorsCanManageUsers: false },
});

const rejected = (status: number) => Object.assign(new Error(`HTTP ${status}`), { response: { status } });

/** The API as the session sees it: who the token belongs to, and the calls made. */
function fakeApi(answer: () => CurrentPerson | Error) {
  const calls: string[] = [];
  const api = {
    get: jest.fn(async (url: string) => {
      calls.push(`GET ${url}`);
      const result = answer();
      if (result instanceof Error) throw result;
      return { data: result };
    }),
    post: jest.fn(async (url: string) => {
      calls.push(`POST ${url}`);
      return { data: undefined };
    }),
    put: jest.fn(),
    delete: jest.fn(),
  } as unknown as ApiClient;
  return { api, calls };
}

function storageEvent(key: string, value: unknown) {
  return new StorageEvent('storage', { key, newValue: JSON.stringify(value) });
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('session store', () => {
  it('is a guest without a token and checks a stored token at start', async () => {
    const { api } = fakeApi(() => person(7));
    expect(createSessionStore({ api }).get().status).toBe('guest');

    window.sessionStorage.setItem('token', 'abc');
    const session = createSessionStore({ api });
    expect(session.get().status).toBe('checking');
    await session.start();
    expect(session.get()).toMatchObject({ status: 'authenticated', person: { id: 7 } });
  });

  it('drops a token the server no longer accepts', async () => {
    window.sessionStorage.setItem('token', 'expired');
    const session = createSessionStore({ api: fakeApi(() => rejected(401)).api });
    await session.start();
    expect(session.get().status).toBe('guest');
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('signs in, tells the other tabs, and logs out through the door it came in', async () => {
    const { api, calls } = fakeApi(() => person(3, 'ROLE_OWNER'));
    const session = createSessionStore({ api });
    await session.signIn('tok', 'employee');
    expect(session.get().status).toBe('authenticated');
    expect(JSON.parse(window.localStorage.getItem('loggedIn')!)).toMatchObject({ personId: 3 });
    expect(session.permissions().has('terms-page:view')).toBe(true);

    await session.logout();
    expect(calls).toContain('POST /employees/v1/logout');
    expect(session.get().status).toBe('guest');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('loggedOut')!)).toMatchObject({ personId: 3 });
    expect(lastLogoutWasEmployee()).toBe(true);
  });

  it('grants editors what their organization allows', async () => {
    const editor = {
      ...person(4, 'ROLE_EDITOR'),
      organization: { id: 1, orgName: 'Demo', editorsCanManageForms: true, editorsCanManageUsers: false },
    };
    const session = createSessionStore({ api: fakeApi(() => editor).api });
    await session.signIn('tok', 'employee');
    expect(session.permissions().has('form:edit')).toBe(true);
    expect(session.permissions().has('editor:editPerson')).toBe(false);
  });
});

describe('other tabs', () => {
  async function signedInTab(answer: () => CurrentPerson | Error) {
    const session = createSessionStore({ api: fakeApi(answer).api });
    await session.signIn('tok', 'patient');
    const alerts = createAlertStore();
    const stop = watchOtherTabs({ session, alerts });
    return { session, alerts, stop };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('ends this tab with a persistent alert when another tab logged the session out', async () => {
    let answer: () => CurrentPerson | Error = () => person(7);
    const { session, alerts, stop } = await signedInTab(() => answer());
    answer = () => rejected(403);
    window.dispatchEvent(storageEvent('loggedOut', { at: 1, personId: 7 }));
    await settle();
    expect(session.get().status).toBe('guest');
    expect(alerts.get()).toEqual([
      expect.objectContaining({ text: OTHER_TAB_LOGOUT_MESSAGE, isError: true, persistent: true }),
    ]);
    stop();
  });

  it('points out that another person signed in in another tab', async () => {
    const { session, alerts, stop } = await signedInTab(() => person(7));
    window.dispatchEvent(storageEvent('loggedIn', { at: 2, personId: 8 }));
    await settle();
    expect(session.get().status).toBe('authenticated');
    expect(alerts.get()).toEqual([
      expect.objectContaining({ text: OTHER_TAB_SESSION_MESSAGE, persistent: true }),
    ]);
    stop();
  });

  it('stays quiet when the same person signs in elsewhere, and ignores unrelated keys', async () => {
    const { alerts, stop } = await signedInTab(() => person(7));
    window.dispatchEvent(storageEvent('loggedIn', { at: 3, personId: 7 }));
    window.dispatchEvent(storageEvent('theme', 'high-contrast'));
    await settle();
    expect(alerts.get()).toEqual([]);
    stop();
  });
});
