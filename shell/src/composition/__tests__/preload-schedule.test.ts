import { afterFirstAreaSettles, PRELOAD_DELAY_MS } from '../preload-schedule';
import { createRemoteStatusStore } from '../remote-status';

/** jsdom has no requestIdleCallback: "idle" falls back to a timer of at most this long. */
const IDLE_FALLBACK_MS = 2000;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('preloading the other areas', () => {
  it('waits while the area on screen is still loading', () => {
    const statuses = createRemoteStatusStore();
    const preload = jest.fn();
    statuses.report('mfe-filling', { state: 'loading' });
    afterFirstAreaSettles(statuses, preload);

    jest.advanceTimersByTime(60_000);
    expect(preload).not.toHaveBeenCalled();
  });

  it('starts once the area has mounted, a moment has passed and the browser is idle', () => {
    const statuses = createRemoteStatusStore();
    const preload = jest.fn();
    afterFirstAreaSettles(statuses, preload);
    statuses.report('mfe-filling', { state: 'loading' });
    statuses.report('mfe-filling', { state: 'mounted', version: '1.0.0', fellBackFrom: null });

    jest.advanceTimersByTime(PRELOAD_DELAY_MS + IDLE_FALLBACK_MS - 1);
    expect(preload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(preload).toHaveBeenCalledTimes(1);

    statuses.report('mfe-results', { state: 'mounted', version: '1.0.0', fellBackFrom: null });
    jest.advanceTimersByTime(60_000);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('also starts when the area failed, so the rest of the application stays quick', () => {
    const statuses = createRemoteStatusStore();
    const preload = jest.fn();
    statuses.report('mfe-admin', { state: 'failed', message: '404' });
    afterFirstAreaSettles(statuses, preload);

    jest.advanceTimersByTime(PRELOAD_DELAY_MS + IDLE_FALLBACK_MS);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const statuses = createRemoteStatusStore();
    const preload = jest.fn();
    const cancel = afterFirstAreaSettles(statuses, preload);
    statuses.report('mfe-auth', { state: 'mounted', version: '1.0.0', fellBackFrom: null });
    cancel();

    jest.advanceTimersByTime(60_000);
    expect(preload).not.toHaveBeenCalled();
  });
});
