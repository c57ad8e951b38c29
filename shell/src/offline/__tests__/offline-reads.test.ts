import { createObservable, type SessionSnapshot } from '@formularze/domain/contract';
import { clearOfflineReadsOnLogout } from '../offline-reads';
import { API_CACHE } from '../offline-routes';

const person = { id: 7 } as SessionSnapshot['person'];

function setup(initial: SessionSnapshot['status']) {
  const session = createObservable<SessionSnapshot>({ status: initial, person: null });
  const caches = { delete: jest.fn(async () => true) };
  clearOfflineReadsOnLogout(session, caches);
  return { session, caches };
}

test('the cached reads go when a signed-in session ends, whichever way it ends', () => {
  const { session, caches } = setup('checking');
  session.set({ status: 'authenticated', person });
  expect(caches.delete).not.toHaveBeenCalled();
  session.set({ status: 'guest', person: null });
  expect(caches.delete).toHaveBeenCalledWith(API_CACHE);
});

test('a stored token the API rejects at start clears them too', () => {
  const { session, caches } = setup('checking');
  session.set({ status: 'guest', person: null });
  expect(caches.delete).toHaveBeenCalledTimes(1);
});

test('a guest from the start has nothing to clear; signing in keeps what the session caches', () => {
  const { session, caches } = setup('guest');
  session.set({ status: 'authenticated', person });
  expect(caches.delete).not.toHaveBeenCalled();
});
