import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ApiClient } from 'shared-ui/api-client';
import type { Observable } from '@formularze/domain/contract';
import type { RemoteRegistry } from '@formularze/domain/schemas';
import type { RemoteStatusStore } from '../composition/remote-status';
import type { ShellServices } from '../contract/create-shell-contract';
import type { AppUpdate } from './app-update';

export interface ShellRuntime extends ShellServices {
  registry: RemoteRegistry;
  api: ApiClient;
  statuses: RemoteStatusStore;
  update: AppUpdate;
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
