import { createAlertStore, DEFAULT_ALERT_TIMEOUT_MS } from '../alert-store';

describe('alert store', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('closes an alert by itself after 3 seconds', () => {
    const alerts = createAlertStore();
    alerts.show({ text: 'Zapisano' });
    jest.advanceTimersByTime(DEFAULT_ALERT_TIMEOUT_MS - 1);
    expect(alerts.get()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(alerts.get()).toHaveLength(0);
  });

  it('keeps a persistent alert until it is dismissed', () => {
    const alerts = createAlertStore();
    const id = alerts.show({ text: 'Uwaga', persistent: true, isError: true });
    jest.advanceTimersByTime(60_000);
    expect(alerts.get()).toEqual([{ id, text: 'Uwaga', isError: true, persistent: true }]);
    alerts.dismiss(id);
    expect(alerts.get()).toHaveLength(0);
  });

  it('replaces an alert with the same custom id and restarts its timer', () => {
    const alerts = createAlertStore();
    alerts.show({ text: 'Pierwszy', customId: 'copy', timeoutMs: 1000 });
    jest.advanceTimersByTime(900);
    alerts.show({ text: 'Drugi', customId: 'copy', timeoutMs: 1000 });
    jest.advanceTimersByTime(900);
    expect(alerts.get().map((alert) => alert.text)).toEqual(['Drugi']);
    jest.advanceTimersByTime(100);
    expect(alerts.get()).toHaveLength(0);
  });
});
