import { SHELL_CONTRACT_VERSION } from '@formularze/domain/contract';
import type { ActiveRemote } from '@formularze/domain/schemas';
import {
  createRemoteLoader,
  REMOTE_LOAD_TIMEOUT_MS,
  RemoteLoadError,
  type FederationRuntime,
} from '../remote-loader';

const ACTIVE = '1.1.0+aaaaaaaa';
const GOOD = '1.0.0+bbbbbbbb';

const entry: ActiveRemote = {
  name: 'mfe-auth',
  version: ACTIVE,
  manifestUrl: `/deployments/mfe-auth/${ACTIVE}/mf-manifest.json`,
  entryUrl: `/deployments/mfe-auth/${ACTIVE}/remoteEntry.js`,
  activatedAt: '2026-11-22T00:00:00Z',
  lastKnownGood: {
    version: GOOD,
    manifestUrl: `/deployments/mfe-auth/${GOOD}/mf-manifest.json`,
    entryUrl: `/deployments/mfe-auth/${GOOD}/remoteEntry.js`,
  },
};

const lifecycles = (contractVersion = SHELL_CONTRACT_VERSION) => ({
  contractVersion,
  bootstrap: async () => {},
  mount: async () => {},
  unmount: async () => {},
});

/** A federation runtime whose remote answers depend on the entry URL registered last. */
function fakeRuntime(answer: (entryUrl: string) => Promise<unknown>) {
  const registrations: Array<{ entry: string; force: boolean }> = [];
  let current = '';
  const runtime: FederationRuntime = {
    registerRemotes(remotes, options) {
      current = remotes[0]!.entry;
      registrations.push({ entry: current, force: Boolean(options?.force) });
    },
    loadRemote: async <T>() => (await answer(current)) as T,
  };
  return { runtime, registrations };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('remote loader', () => {
  it('loads the active version from its entry URL resolved against the page', async () => {
    const { runtime, registrations } = fakeRuntime(async () => lifecycles());
    const loaded = await createRemoteLoader(runtime, 'http://localhost:8080/login').load(entry);
    expect(loaded).toMatchObject({ version: ACTIVE, fellBackFrom: null });
    expect(registrations).toEqual([
      { entry: `http://localhost:8080/deployments/mfe-auth/${ACTIVE}/remoteEntry.js`, force: false },
    ]);
  });

  it('falls back to the last known good version when the active one fails, and says so', async () => {
    const { runtime, registrations } = fakeRuntime(async (url) => {
      if (url.includes(ACTIVE)) throw new Error('404 mf-manifest.json');
      return lifecycles();
    });
    const loaded = await createRemoteLoader(runtime, 'http://localhost/').load(entry);
    expect(loaded).toMatchObject({ version: GOOD, fellBackFrom: ACTIVE });
    expect(registrations[1]).toMatchObject({ force: true });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining(`użyto ${GOOD}`), expect.anything());
  });

  it('refuses a remote built for another contract major version', async () => {
    const { runtime } = fakeRuntime(async (url) =>
      lifecycles(url.includes(ACTIVE) ? '2.0.0' : SHELL_CONTRACT_VERSION),
    );
    const loaded = await createRemoteLoader(runtime, 'http://localhost/').load(entry);
    expect(loaded.version).toBe(GOOD);
  });

  it('gives up with every failure when no version works', async () => {
    const { runtime } = fakeRuntime(async () => lifecycles('2.0.0'));
    const error = await createRemoteLoader(runtime, 'http://localhost/')
      .load(entry)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as RemoteLoadError).failures.map((failure) => failure.version)).toEqual([ACTIVE, GOOD]);
    expect((error as RemoteLoadError).incompatible).toBe(true);
  });

  it('shares one attempt between concurrent callers and retries after forget', async () => {
    let calls = 0;
    const { runtime, registrations } = fakeRuntime(async () => {
      calls += 1;
      if (calls <= 2) throw new Error('offline');
      return lifecycles();
    });
    const loader = createRemoteLoader(runtime, 'http://localhost/');
    const [first, second] = await Promise.allSettled([loader.load(entry), loader.load(entry)]);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('rejected');
    expect(calls).toBe(2);

    loader.forget('mfe-auth');
    await expect(loader.load(entry)).resolves.toMatchObject({ version: ACTIVE });
    expect(registrations.at(-1)).toMatchObject({ force: true });
  });

  it('reports a fallback to the server, and only a fallback', async () => {
    const onFallback = jest.fn();
    const failing = fakeRuntime(async (url) => {
      if (url.includes(ACTIVE)) throw new Error('404 remoteEntry.js');
      return lifecycles();
    });
    await createRemoteLoader(failing.runtime, 'http://localhost/', onFallback).load(entry);
    expect(onFallback).toHaveBeenCalledWith({ remote: 'mfe-auth', from: ACTIVE, to: GOOD });

    onFallback.mockClear();
    const working = fakeRuntime(async () => lifecycles());
    await createRemoteLoader(working.runtime, 'http://localhost/', onFallback).load(entry);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it("falls back from a developer's server that does not answer without reporting a broken deployment", async () => {
    const onFallback = jest.fn();
    const developers = { ...entry, entryUrl: 'http://localhost:3004/remoteEntry.js', devOverride: true };
    const { runtime } = fakeRuntime(async (url) => {
      if (url.startsWith('http://localhost:3004/')) throw new Error('connection refused');
      return lifecycles();
    });
    const loaded = await createRemoteLoader(runtime, 'http://localhost/', onFallback).load(developers);
    expect(loaded.version).toBe(GOOD);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('reports a fallback after the active version failed to mount', async () => {
    const onFallback = jest.fn();
    const { runtime } = fakeRuntime(async () => lifecycles());
    await createRemoteLoader(runtime, 'http://localhost/', onFallback).loadFallback(entry);
    expect(onFallback).toHaveBeenCalledWith({ remote: 'mfe-auth', from: ACTIVE, to: GOOD });
  });

  describe('a version whose code never arrives', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const hangingActive = () =>
      fakeRuntime((url) => (url.includes(ACTIVE) ? new Promise(() => {}) : Promise.resolve(lifecycles())));

    it('is given up after the timeout for the last known good version, and reported', async () => {
      const onFallback = jest.fn();
      const loading = createRemoteLoader(hangingActive().runtime, 'http://localhost/', onFallback).load(
        entry,
      );
      const settled = jest.fn();
      loading.then(settled, settled);

      await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1);
      expect(settled).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      await expect(loading).resolves.toMatchObject({ version: GOOD, fellBackFrom: ACTIVE });
      expect(onFallback).toHaveBeenCalledWith({ remote: 'mfe-auth', from: ACTIVE, to: GOOD });
    });

    it('fails after the timeout when there is nothing to fall back to; a retry loads it', async () => {
      let serverHangs = true;
      const { runtime } = fakeRuntime(() =>
        serverHangs ? new Promise(() => {}) : Promise.resolve(lifecycles()),
      );
      const loader = createRemoteLoader(runtime, 'http://localhost/');
      const onlyActive = { ...entry, lastKnownGood: null };
      const failed = loader.load(onlyActive).catch((caught: unknown) => caught);

      await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
      const error = (await failed) as RemoteLoadError;
      expect(error).toBeInstanceOf(RemoteLoadError);
      expect(String(error.failures[0]!.error)).toContain('przekroczono czas oczekiwania');

      serverHangs = false;
      loader.forget('mfe-auth');
      await expect(loader.load(onlyActive)).resolves.toMatchObject({ version: ACTIVE });
    });
  });
});
