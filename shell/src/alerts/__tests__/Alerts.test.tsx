import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShellRuntimeContext, type ShellRuntime } from '../../frame/shell-context';
import { Alerts } from '../Alerts';
import { createAlertStore } from '../alert-store';

function renderAlerts() {
  const alerts = createAlertStore();
  render(
    <ShellRuntimeContext.Provider value={{ alerts } as unknown as ShellRuntime}>
      <Alerts />
    </ShellRuntimeContext.Provider>,
  );
  return alerts;
}

describe('Alerts', () => {
  afterEach(() => jest.useRealTimers());

  it('announces alerts to screen readers and closes one on click', async () => {
    const alerts = renderAlerts();
    act(() => void alerts.show({ text: 'Zapisano formularz', persistent: true }));
    const shown = await screen.findByText('Zapisano formularz');
    expect(shown.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(shown);
    expect(screen.queryByText('Zapisano formularz')).not.toBeInTheDocument();
  });

  it('closes an ordinary alert after 3 seconds and keeps a persistent one', async () => {
    // The message bars' code is loaded before the clock is frozen, as it is after the first alert.
    await import('../AlertMessages');
    jest.useFakeTimers();
    const alerts = renderAlerts();
    await act(async () => {
      alerts.show({ text: 'Krótki komunikat' });
      alerts.show({ text: 'Uwaga: wykryto inną sesję', isError: true, persistent: true });
    });
    await act(async () => void (await jest.advanceTimersByTimeAsync(0)));
    expect(screen.getByText('Krótki komunikat')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(2999));
    expect(screen.getByText('Krótki komunikat')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.queryByText('Krótki komunikat')).not.toBeInTheDocument();
    expect(screen.getByText('Uwaga: wykryto inną sesję')).toBeInTheDocument();
  });
});
