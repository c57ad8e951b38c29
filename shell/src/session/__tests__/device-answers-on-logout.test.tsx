import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import type { ApiClient } from 'shared-ui/api-client';
import { aPerson } from 'shared-ui/testing';
import {
  clearDeviceAnswers,
  loadDeviceAnswers,
  saveDeviceAnswers,
  type DeviceFillKey,
} from 'shared-ui/device-answers';
import { createObservable } from '@formularze/domain/contract';
import { createAlertStore } from '../../alerts/alert-store';
import { ShellRuntimeContext, type ShellRuntime } from '../../frame/shell-context';
import { SessionOverlays } from '../../frame/signed-in/SessionOverlays';
import { watchOtherTabs } from '../cross-tab';
import { createSessionStore } from '../session-store';

/** Issue 30, point 7: whichever way a session ends, the answers kept on this device go with it. */

const anna = aPerson('ROLE_USER', { id: 7 });
const annasFill: DeviceFillKey = { personId: 7, formId: 5, scheduledFormId: null, formDataId: null };
const otherAccountsFill: DeviceFillKey = { ...annasFill, personId: 8, formDataId: 42 };

let signedIn = true;
const api = {
  get: jest.fn(async () => {
    if (!signedIn) throw Object.assign(new Error('HTTP 401'), { response: { status: 401 } });
    return { data: anna };
  }),
  post: jest.fn(async () => ({ data: undefined })),
} as unknown as ApiClient;

async function annaSignedInWithCopies() {
  signedIn = true;
  window.sessionStorage.clear();
  await clearDeviceAnswers();
  const typedAt = Date.now();
  await saveDeviceAnswers(annasFill, { values: { f0: 'ból głowy' }, typedAt });
  await saveDeviceAnswers(otherAccountsFill, { values: { f0: 'kaszel' }, typedAt });
  const session = createSessionStore({ api });
  await session.signIn('token', 'patient');
  return session;
}

/** Both accounts' copies are gone, once the deletion the logout started has finished. */
const expectNoCopies = () =>
  waitFor(async () => {
    await expect(loadDeviceAnswers(annasFill)).resolves.toBeNull();
    await expect(loadDeviceAnswers(otherAccountsFill)).resolves.toBeNull();
  });

afterEach(() => jest.useRealTimers());

describe('the answers kept on this device', () => {
  it('are deleted by a logout from the menu', async () => {
    const session = await annaSignedInWithCopies();
    await session.logout();
    expect(session.get().status).toBe('guest');
    await expectNoCopies();
  });

  it('are deleted by the automatic logout after 14 minutes without activity', async () => {
    const session = await annaSignedInWithCopies();
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const runtime = {
      session,
      config: createObservable({ autoLogoutEnabled: true }),
    } as unknown as ShellRuntime;
    render(
      <ShellRuntimeContext.Provider value={runtime}>
        <SessionOverlays />
      </ShellRuntimeContext.Provider>,
    );
    await act(async () => jest.advanceTimersByTime(14 * 60_000 + 60_000));
    jest.useRealTimers();
    expect(session.get().status).toBe('guest');
    await expectNoCopies();
  });

  it('are deleted when another tab logs out', async () => {
    const session = await annaSignedInWithCopies();
    const alerts = createAlertStore();
    const stop = watchOtherTabs({ session, alerts });
    signedIn = false;
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'loggedOut', newValue: JSON.stringify({ at: 1, personId: 7 }) }),
    );
    await waitFor(() => expect(session.get().status).toBe('guest'));
    stop();
    await expectNoCopies();
  });
});
