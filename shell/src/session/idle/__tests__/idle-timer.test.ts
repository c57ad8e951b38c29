import { createIdleTimer, LAST_ACTIVITY_KEY, type IdleTimerOptions } from '../idle-timer';

const TIMEOUT_MS = 840_000;

/** A fresh window stand-in and storage per test, so no listener or value leaks between tests. */
function start(options: Partial<IdleTimerOptions> = {}) {
  const target = new EventTarget();
  const storage = window.localStorage;
  const onStateChange = jest.fn();
  const onTimeout = jest.fn();
  const timer = createIdleTimer({ target, storage, onStateChange, onTimeout, ...options });
  const activity = (type = 'mousemove') => target.dispatchEvent(new Event(type));
  /** What another tab does: writes its activity and this tab gets a `storage` event. */
  const activityInAnotherTab = () => {
    storage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    target.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
  };
  return { timer, target, onStateChange, onTimeout, activity, activityInAnotherTab };
}

describe('idle timer', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('does nothing for 14 minutes, then warns with 60 seconds left', () => {
    const { timer, onStateChange } = start();
    jest.advanceTimersByTime(TIMEOUT_MS - 1);
    expect(onStateChange).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onStateChange).toHaveBeenLastCalledWith({ phase: 'warning', secondsLeft: 60 });
    expect(timer.getState()).toEqual({ phase: 'warning', secondsLeft: 60 });
    timer.stop();
  });

  it('counts down once a second and times out exactly once at zero', () => {
    const { onStateChange, onTimeout } = start();
    jest.advanceTimersByTime(TIMEOUT_MS + 1000);
    expect(onStateChange).toHaveBeenLastCalledWith({ phase: 'warning', secondsLeft: 59 });
    jest.advanceTimersByTime(58_000);
    expect(onStateChange).toHaveBeenLastCalledWith({ phase: 'warning', secondsLeft: 1 });
    expect(onTimeout).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(onStateChange).toHaveBeenLastCalledWith({ phase: 'ended' });
    jest.advanceTimersByTime(TIMEOUT_MS * 2);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it.each(['pointermove', 'mousemove', 'keydown', 'click', 'scroll', 'touchstart', 'wheel'])(
    'postpones the warning on %s',
    (type) => {
      const { timer, onStateChange, activity } = start();
      jest.advanceTimersByTime(600_000);
      activity(type);
      jest.advanceTimersByTime(TIMEOUT_MS - 1);
      expect(onStateChange).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(timer.getState()).toEqual({ phase: 'warning', secondsLeft: 60 });
      timer.stop();
    },
  );

  it('shares activity through local storage at most once a second', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const { timer, activity } = start();
    setItem.mockClear();
    // Three seconds of constant mouse movement right after the start (which wrote the first timestamp).
    for (let step = 0; step < 30; step++) {
      activity();
      jest.advanceTimersByTime(100);
    }
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now() - 1000));
    setItem.mockRestore();
    timer.stop();
  });

  it('postpones the warning when another tab reports activity', () => {
    const { timer, onStateChange, activityInAnotherTab } = start();
    jest.advanceTimersByTime(600_000);
    activityInAnotherTab();
    jest.advanceTimersByTime(TIMEOUT_MS - 1);
    expect(onStateChange).not.toHaveBeenCalled();
    timer.stop();
  });

  it('ignores storage events of other keys', () => {
    const { timer, target } = start();
    jest.advanceTimersByTime(TIMEOUT_MS);
    target.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    expect(timer.getState()).toEqual({ phase: 'warning', secondsLeft: 60 });
    timer.stop();
  });

  it('keeps the warning on ordinary input in this tab, but not on activity in another tab', () => {
    const { timer, activity, activityInAnotherTab } = start();
    jest.advanceTimersByTime(TIMEOUT_MS + 5000);
    activity('mousemove');
    activity('keydown');
    expect(timer.getState()).toEqual({ phase: 'warning', secondsLeft: 55 });
    activityInAnotherTab();
    expect(timer.getState()).toEqual({ phase: 'active' });
    timer.stop();
  });

  it('starts a full idle period again after "stay on page" and tells the other tabs', () => {
    const { timer, onTimeout } = start();
    jest.advanceTimersByTime(TIMEOUT_MS + 30_000);
    timer.stayOnPage();
    expect(timer.getState()).toEqual({ phase: 'active' });
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now()));
    jest.advanceTimersByTime(TIMEOUT_MS - 1);
    expect(timer.getState()).toEqual({ phase: 'active' });
    jest.advanceTimersByTime(1);
    expect(timer.getState()).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(onTimeout).not.toHaveBeenCalled();
    timer.stop();
  });

  it('times out at once when its timers were held back past the deadline (sleep, background tab)', () => {
    const { onTimeout, target } = start();
    // The clock moves on without the timers firing, as when a laptop sleeps.
    jest.setSystemTime(Date.now() + TIMEOUT_MS + 61_000);
    target.dispatchEvent(new Event('visibilitychange'));
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('removes every timer and listener on stop', () => {
    const target = new EventTarget();
    const added = jest.spyOn(target, 'addEventListener');
    const removed = jest.spyOn(target, 'removeEventListener');
    const { timer, onStateChange, activityInAnotherTab } = start({ target });
    timer.stop();
    expect(jest.getTimerCount()).toBe(0);
    expect(removed.mock.calls).toEqual(added.mock.calls);
    activityInAnotherTab();
    timer.stayOnPage();
    jest.advanceTimersByTime(TIMEOUT_MS * 2);
    expect(onStateChange).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });
});
