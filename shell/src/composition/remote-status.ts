import { createObservable } from '@formularze/domain/contract';
import type { RemoteName } from '@formularze/domain/schemas';

export type RemoteStatus =
  | { state: 'loading' }
  | { state: 'mounted'; version: string; fellBackFrom: string | null }
  | { state: 'failed'; message: string };

/** What the footer shows for each remote that this page has tried to show. */
export function createRemoteStatusStore() {
  const store = createObservable<Partial<Record<RemoteName, RemoteStatus>>>({});
  return {
    ...store,
    report(name: RemoteName, status: RemoteStatus) {
      store.set({ ...store.get(), [name]: status });
    },
  };
}

export type RemoteStatusStore = ReturnType<typeof createRemoteStatusStore>;
