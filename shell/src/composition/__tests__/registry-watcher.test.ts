import type { RemoteRegistry } from '@formularze/domain/schemas';
import { hasNewerRemotes, REGISTRY_CHECK_INTERVAL_MS, watchRegistry } from '../registry-watcher';

const registry = (authVersion: string, revision: number): RemoteRegistry => ({
  revision,
  remotes: [
    {
      name: 'mfe-auth',
      version: authVersion,
      manifestUrl: `/deployments/mfe-auth/${authVersion}/mf-manifest.json`,
      entryUrl: `/deployments/mfe-auth/${authVersion}/remoteEntry.js`,
      activatedAt: '2026-11-22T00:00:00Z',
      lastKnownGood: null,
    },
  ],
});

describe('registry watcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('tells about newer remotes once, and only when the versions differ', async () => {
    const started = registry('1.0.0+aaaaaaaa', 1);
    let latest = registry('1.0.0+aaaaaaaa', 2);
    const onNewer = jest.fn();
    const stop = watchRegistry({ started, fetchLatest: async () => latest, onNewer });

    await jest.advanceTimersByTimeAsync(REGISTRY_CHECK_INTERVAL_MS);
    expect(onNewer).not.toHaveBeenCalled();

    latest = registry('1.0.1+bbbbbbbb', 3);
    await jest.advanceTimersByTimeAsync(REGISTRY_CHECK_INTERVAL_MS);
    expect(onNewer).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(REGISTRY_CHECK_INTERVAL_MS * 3);
    expect(onNewer).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps watching after a failed check', async () => {
    const onNewer = jest.fn();
    let fail = true;
    const stop = watchRegistry({
      started: registry('1.0.0+aaaaaaaa', 1),
      fetchLatest: async () => {
        if (fail) throw new Error('offline');
        return registry('1.0.1+bbbbbbbb', 2);
      },
      onNewer,
    });
    await jest.advanceTimersByTimeAsync(REGISTRY_CHECK_INTERVAL_MS);
    fail = false;
    await jest.advanceTimersByTimeAsync(REGISTRY_CHECK_INTERVAL_MS);
    expect(onNewer).toHaveBeenCalledTimes(1);
    stop();
  });

  it('compares versions, not revisions', () => {
    expect(hasNewerRemotes(registry('1.0.0+aaaaaaaa', 1), registry('1.0.0+aaaaaaaa', 9))).toBe(false);
    expect(hasNewerRemotes(registry('1.0.0+aaaaaaaa', 1), registry('0.9.0+cccccccc', 2))).toBe(true);
  });
});
