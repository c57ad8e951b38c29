import { createObservable, type SessionSnapshot } from '@formularze/domain/contract';
import type { CurrentPerson } from '@formularze/domain/schemas';
import { forgetQueuedSendsOnLogout } from '../send-queue-on-logout';

const clearSendQueue = jest.fn(async (_accountId: number) => undefined);
jest.mock('shared-ui/send-queue', () => ({ clearSendQueue: (id: number) => clearSendQueue(id) }));

const person = (id: number) => ({ id }) as CurrentPerson;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it("forgets the account's queued submissions whenever its session ends here, and only then", async () => {
  const session = createObservable<SessionSnapshot>({ status: 'checking', person: null });
  forgetQueuedSendsOnLogout(session);
  session.set({ status: 'authenticated', person: person(7) });
  session.set({ status: 'authenticated', person: person(7) });
  await settle();
  expect(clearSendQueue).not.toHaveBeenCalled();

  // Any logout: from the menu, idle, another tab — the session becomes a guest's.
  session.set({ status: 'guest', person: null });
  await settle();
  expect(clearSendQueue).toHaveBeenCalledWith(7);

  session.set({ status: 'guest', person: null });
  session.set({ status: 'authenticated', person: person(8) });
  session.set({ status: 'guest', person: null });
  await settle();
  expect(clearSendQueue.mock.calls).toEqual([[7], [8]]);
});
