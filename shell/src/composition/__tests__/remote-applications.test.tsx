import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl, start, triggerAppChange } from 'single-spa';
import {
  createObservable,
  SHELL_CONTRACT_VERSION,
  type Appearance,
  type ShellContract,
} from '@formularze/domain/contract';
import type { ActiveRemote, RemoteName, RemoteRegistry } from '@formularze/domain/schemas';
import { registerAreas } from '../remote-applications';
import { RemoteLoadError, type LoadedRemote, type RemoteLoader, type RemoteModule } from '../remote-loader';
import { createRemoteStatusStore } from '../remote-status';

const entry = (name: RemoteName, version: string): ActiveRemote => ({
  name,
  version,
  manifestUrl: `/deployments/${name}/${version}/mf-manifest.json`,
  entryUrl: `/deployments/${name}/${version}/remoteEntry.js`,
  activatedAt: '2026-11-22T00:00:00Z',
  lastKnownGood: {
    version: '0.9.0+cccccccc',
    manifestUrl: `/deployments/${name}/0.9.0+cccccccc/mf-manifest.json`,
    entryUrl: `/deployments/${name}/0.9.0+cccccccc/remoteEntry.js`,
  },
});

/** A remote that renders one line of text, like a real one renders its screen. */
function remoteShowing(text: string, options: { failMount?: boolean } = {}): RemoteModule {
  return {
    contractVersion: SHELL_CONTRACT_VERSION,
    bootstrap: async () => {},
    mount: async (props) => {
      if (options.failMount) throw new Error('mount exploded');
      props.domElement.textContent = text;
    },
    unmount: async (props) => {
      props.domElement.textContent = '';
    },
  };
}

const registry: RemoteRegistry = {
  revision: 3,
  remotes: [
    entry('mfe-auth', '1.0.0+aaaaaaaa'),
    entry('mfe-admin', '1.0.0+bbbbbbbb'),
    entry('mfe-results', '1.0.0+dddddddd'),
    entry('mfe-filling', '1.0.0+eeeeeeee'),
  ],
};

/** The filling area's code, held back until a test lets it arrive (a slow or hanging server). */
let fillingArrives: (() => void) | null = null;

const behaviour = {
  adminFails: true,
  /** Stands in for the route guard: a path the user may not open. */
  forbiddenPath: '/settings',
};

const loader: RemoteLoader & { load: jest.Mock; loadFallback: jest.Mock } = {
  load: jest.fn(async (remote: ActiveRemote): Promise<LoadedRemote> => {
    if (remote.name === 'mfe-admin' && behaviour.adminFails) {
      throw new RemoteLoadError('mfe-admin', [{ version: remote.version, error: new Error('404') }]);
    }
    if (remote.name === 'mfe-filling' && !fillingArrives) {
      await new Promise<void>((resolve) => (fillingArrives = resolve));
    }
    const failMount = remote.name === 'mfe-results';
    return {
      module: remoteShowing(`${remote.name} ${remote.version}`, { failMount }),
      version: remote.version,
      fellBackFrom: null,
    };
  }),
  loadFallback: jest.fn(async (remote: ActiveRemote): Promise<LoadedRemote> => ({
    module: remoteShowing(`${remote.name} awaryjnie ${remote.lastKnownGood!.version}`),
    version: remote.lastKnownGood!.version,
    fellBackFrom: remote.version,
  })),
  forget: jest.fn(),
};

const statuses = createRemoteStatusStore();
const outlet = document.createElement('main');
const contracts: ShellContract[] = [];

beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  document.body.appendChild(outlet);
  registerAreas({
    registry,
    loader,
    statuses,
    appearance: createObservable<Appearance>({ theme: 'light', fontLevel: 0 }),
    outlet: () => outlet,
    contractFor: (identity) => {
      const contract = { remote: identity } as ShellContract;
      contracts.push(contract);
      return contract;
    },
    mayShow: (pathname) => pathname !== behaviour.forbiddenPath,
  });
  window.history.replaceState(null, '', '/login');
  start({ urlRerouteOnly: true });
});

async function visit(path: string) {
  navigateToUrl(path);
  await triggerAppChange();
}

describe('areas composed with single-spa', () => {
  it('mounts the area that owns the route and hands it its identity', async () => {
    await visit('/login');
    expect(await screen.findByText('mfe-auth 1.0.0+aaaaaaaa')).toBeInTheDocument();
    expect(contracts.at(-1)?.remote).toEqual({
      name: 'mfe-auth',
      version: '1.0.0+aaaaaaaa',
      fellBackFrom: null,
    });
    expect(statuses.get()['mfe-auth']).toEqual({
      state: 'mounted',
      version: '1.0.0+aaaaaaaa',
      fellBackFrom: null,
    });
  });

  it('shows an error panel with a retry for an area that fails, while other areas keep working', async () => {
    await visit('/admin-panel/login');
    expect(await screen.findByText('Nie udało się wczytać modułu „Administracja”')).toBeInTheDocument();
    expect(screen.queryByText(/mfe-auth/)).not.toBeInTheDocument();
    expect(statuses.get()['mfe-admin']).toMatchObject({ state: 'failed' });

    await visit('/login');
    expect(await screen.findByText('mfe-auth 1.0.0+aaaaaaaa')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await visit('/admin-panel/login');
    behaviour.adminFails = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('mfe-admin 1.0.0+bbbbbbbb')).toBeInTheDocument();
    expect(loader.forget).toHaveBeenCalledWith('mfe-admin');
  });

  it('falls back to the last known good version when the active one throws while mounting', async () => {
    await visit('/results');
    expect(await screen.findByText('mfe-results awaryjnie 0.9.0+cccccccc')).toBeInTheDocument();
    await waitFor(() =>
      expect(statuses.get()['mfe-results']).toEqual({
        state: 'mounted',
        version: '0.9.0+cccccccc',
        fellBackFrom: '1.0.0+dddddddd',
      }),
    );
  });

  it('lets the user move to another area while one area still waits for its code', async () => {
    navigateToUrl('/');
    await waitFor(() => expect(fillingArrives).not.toBeNull());
    // single-spa performs one route change at a time: this one must not wait for the filling area.
    await visit('/login');
    expect(await screen.findByText('mfe-auth 1.0.0+aaaaaaaa')).toBeInTheDocument();

    // The code that arrives after the user left is not mounted over the area now on screen.
    fillingArrives!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/mfe-filling/)).not.toBeInTheDocument();
    expect(screen.getByText('mfe-auth 1.0.0+aaaaaaaa')).toBeInTheDocument();

    await visit('/');
    expect(await screen.findByText('mfe-filling 1.0.0+eeeeeeee')).toBeInTheDocument();
  });

  it('mounts nothing on a route the guard refuses', async () => {
    await visit('/login');
    expect(await screen.findByText('mfe-auth 1.0.0+aaaaaaaa')).toBeInTheDocument();
    loader.load.mockClear();
    await visit('/settings');
    await waitFor(() => expect(screen.queryByText(/mfe-auth/)).not.toBeInTheDocument());
    expect(screen.queryByText(/mfe-admin/)).not.toBeInTheDocument();
    expect(loader.load).not.toHaveBeenCalled();
  });

  it('shows an error panel for an area missing from the registry', async () => {
    await visit('/forms');
    expect(
      await screen.findByText('Nie udało się wczytać modułu „Budowanie formularzy”'),
    ).toBeInTheDocument();
  });
});
