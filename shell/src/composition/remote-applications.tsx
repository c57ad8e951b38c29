import { createRoot, type Root } from 'react-dom/client';
import { registerApplication, type AppProps, type LifeCycleFn, type LifeCycles } from 'single-spa';
import { ErrorPanel } from 'shared-ui/components';
import type {
  Appearance,
  Observable,
  RemoteIdentity,
  RemoteMountProps,
  ShellContract,
} from '@formularze/domain/contract';
import {
  remoteForPath,
  REMOTE_NAMES,
  type ActiveRemote,
  type RemoteName,
  type RemoteRegistry,
} from '@formularze/domain/schemas';
import { RemoteLoadError, type LoadedRemote, type RemoteLoader } from './remote-loader';
import type { RemoteStatusStore } from './remote-status';
import { whenIdle } from 'shared-ui/routing';
import { AreaFrame } from './AreaFrame';

export const AREA_LABELS: Record<RemoteName, string> = {
  'mfe-auth': 'Konto',
  'mfe-forms-builder': 'Budowanie formularzy',
  'mfe-filling': 'Wypełnianie formularzy',
  'mfe-results': 'Wyniki i projekty',
  'mfe-admin': 'Administracja',
};

export interface CompositionDeps {
  registry: RemoteRegistry;
  loader: RemoteLoader;
  statuses: RemoteStatusStore;
  appearance: Observable<Appearance>;
  /** The element the active area renders into. */
  outlet: () => HTMLElement;
  contractFor(identity: RemoteIdentity): ShellContract;
  /** False while the session is checked and on routes the user may not open (the guard redirects). */
  mayShow(pathname: string): boolean;
}

/** single-spa allows a lifecycle to be one function or an array run in order. */
async function runLifecycle(
  lifecycle: LifeCycleFn<RemoteMountProps> | LifeCycleFn<RemoteMountProps>[] | undefined,
  props: RemoteMountProps,
) {
  for (const step of lifecycle === undefined ? [] : Array.isArray(lifecycle) ? lifecycle : [lifecycle]) {
    await step(props as RemoteMountProps & AppProps);
  }
}

type Shown =
  { kind: 'remote'; loaded: LoadedRemote; props: RemoteMountProps } | { kind: 'error'; root: Root };

/**
 * One stay of the user in an area, from single-spa's `mount` to its `unmount`: loads the remote
 * and mounts it into a fresh element, or shows the error panel there. Every failure — manifest,
 * entry, code, incompatible contract or an exception while mounting — ends in this area's error
 * panel and never in single-spa's broken state, which would take the page down.
 */
function showArea(entry: ActiveRemote | undefined, name: RemoteName, deps: CompositionDeps) {
  const container = document.createElement('div');
  container.id = `area-${name}`;
  container.dataset.remote = name;
  deps.outlet().appendChild(container);
  /** Set when the user has left: whatever arrives later is not shown. */
  let left = false;
  let shown: Shown | null = null;

  const showError = (error: unknown) => {
    if (left) return;
    const incompatible = error instanceof RemoteLoadError && error.incompatible;
    const root = createRoot(container);
    root.render(
      <AreaFrame appearance={deps.appearance}>
        <ErrorPanel
          title={`Nie udało się wczytać modułu „${AREA_LABELS[name]}”`}
          message={
            incompatible
              ? 'Ta wersja modułu nie jest zgodna z wersją aplikacji. Pozostałe części aplikacji działają normalnie.'
              : 'Sprawdź połączenie z internetem i spróbuj ponownie. Pozostałe części aplikacji działają normalnie.'
          }
          onRetry={() => void retry()}
        />
      </AreaFrame>,
    );
    shown = { kind: 'error', root };
    deps.statuses.report(name, {
      state: 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
  };

  const mountLoaded = async (loaded: LoadedRemote) => {
    if (left) return;
    const identity = { name, version: loaded.version, fellBackFrom: loaded.fellBackFrom };
    const props: RemoteMountProps = { name, shell: deps.contractFor(identity), domElement: container };
    await runLifecycle(loaded.module.bootstrap, props);
    await runLifecycle(loaded.module.mount, props);
    if (left) {
      // The user left while the remote was mounting: it goes at once.
      await runLifecycle(loaded.module.unmount, props);
      return;
    }
    shown = { kind: 'remote', loaded, props };
    deps.statuses.report(name, {
      state: 'mounted',
      version: loaded.version,
      fellBackFrom: loaded.fellBackFrom,
    });
  };

  const load = async () => {
    if (!entry) {
      showError(new Error(`Moduł ${name} nie ma aktywnej wersji w rejestrze`));
      return;
    }
    deps.statuses.report(name, { state: 'loading' });
    try {
      const loaded = await deps.loader.load(entry);
      try {
        await mountLoaded(loaded);
      } catch (mountError) {
        if (loaded.fellBackFrom || !entry.lastKnownGood) throw mountError;
        console.error(`[formularze] ${name} ${loaded.version}: błąd montowania`, mountError);
        await mountLoaded(await deps.loader.loadFallback(entry));
      }
    } catch (error) {
      showError(error);
    }
  };

  const clear = async () => {
    const current = shown;
    shown = null;
    if (current?.kind === 'remote') await runLifecycle(current.loaded.module.unmount, current.props);
    if (current?.kind === 'error') current.root.unmount();
  };

  const retry = async () => {
    await clear();
    deps.loader.forget(name);
    await load();
  };

  // Not awaited by single-spa's `mount`: single-spa performs one route change at a time, so an
  // area waiting for its code (up to the loader's timeout) would hold every other area back.
  void load();

  return {
    async leave() {
      left = true;
      await clear();
      container.remove();
    },
  };
}

/** The single-spa application of one area. */
function areaLifecycles(
  entry: ActiveRemote | undefined,
  name: RemoteName,
  deps: CompositionDeps,
): LifeCycles {
  let current: ReturnType<typeof showArea> | null = null;
  return {
    bootstrap: async () => {},
    mount: async () => {
      current = showArea(entry, name, deps);
    },
    unmount: async () => {
      const leaving = current;
      current = null;
      await leaving?.leave();
    },
  };
}

/** Registers one single-spa application per area; each is active on the routes it owns. */
export function registerAreas(deps: CompositionDeps): void {
  for (const name of REMOTE_NAMES) {
    const entry = deps.registry.remotes.find((remote) => remote.name === name);
    registerApplication({
      name,
      app: async () => areaLifecycles(entry, name, deps),
      activeWhen: ({ pathname }) => remoteForPath(pathname) === name && deps.mayShow(pathname),
    });
  }
}

/** Fetches the remotes the user is not looking at while the browser has nothing else to do. */
export function preloadOtherAreas(
  deps: Pick<CompositionDeps, 'registry' | 'loader'>,
  current: RemoteName | null,
) {
  for (const entry of deps.registry.remotes) {
    if (entry.name === current) continue;
    whenIdle(() => void deps.loader.load(entry).catch(() => undefined));
  }
}
