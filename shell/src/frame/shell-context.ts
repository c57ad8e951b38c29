import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ApiClient } from 'shared-ui/api-client';
import type { Observable } from 'shared-ui/contract';
import type { RemoteRegistry } from 'shared-ui/schemas';
import type { RemoteStatusStore } from '../composition/remote-status';
import type { ShellServices } from '../contract/create-shell-contract';

export interface ShellRuntime extends ShellServices {
  registry: RemoteRegistry;
  api: ApiClient;
  statuses: RemoteStatusStore;
  updateAvailable: Observable<boolean>;
  /** The element single-spa mounts areas into; the layout places it. */
  outlet: HTMLElement;
}

export const ShellRuntimeContext = createContext<ShellRuntime | null>(null);

export function useShellRuntime(): ShellRuntime {
  const runtime = useContext(ShellRuntimeContext);
  if (!runtime) throw new Error('ShellRuntimeContext is missing');
  return runtime;
}

export function useObservable<T>(observable: Observable<T>): T {
  return useSyncExternalStore(observable.subscribe, observable.get);
}
