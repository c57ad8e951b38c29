import type { RemoteRegistry } from '@formularze/domain/schemas/remotes';
import { createAppUpdate } from '../../frame/app-update';
import { registerServiceWorker } from '../register-service-worker';

type Listener = () => void;

function fakeWorkbox() {
  const listeners = new Map<string, Listener[]>();
  return {
    addEventListener: jest.fn((type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    ),
    register: jest.fn(async () => undefined),
    messageSkipWaiting: jest.fn(),
    emit: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
  };
}

const registry: RemoteRegistry = { revision: 4, remotes: [] };

async function setup() {
  const workbox = fakeWorkbox();
  const active = { postMessage: jest.fn() };
  const reload = jest.fn();
  const update = createAppUpdate(reload);
  await registerServiceWorker({
    registry,
    update,
    workbox: workbox as never,
    container: { ready: Promise.resolve({ active } as unknown as ServiceWorkerRegistration) },
  });
  return { workbox, active, update, reload };
}

test('the worker is told the registry this page started with', async () => {
  const { active } = await setup();
  expect(active.postMessage).toHaveBeenCalledWith({ type: 'FOLLOW_REGISTRY', registry });
});

test('a waiting worker is offered through the update prompt and takes over only when the user chooses it', async () => {
  const { workbox, update, reload } = await setup();
  expect(update.available.get()).toBe(false);
  workbox.emit('waiting');
  expect(update.available.get()).toBe(true);
  expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

  update.apply();
  expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  expect(reload).not.toHaveBeenCalled();
});

test('newer remotes alone: "Odśwież" reloads the page', () => {
  const reload = jest.fn();
  const update = createAppUpdate(reload);
  update.offerReload();
  expect(update.available.get()).toBe(true);
  update.apply();
  expect(reload).toHaveBeenCalledTimes(1);
});
