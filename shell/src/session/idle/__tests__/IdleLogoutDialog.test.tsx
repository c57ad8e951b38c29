import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LAST_ACTIVITY_KEY } from '../idle-timer';
import { IdleLogout } from '../IdleLogoutDialog';

const TIMEOUT_MS = 840_000;

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const dialog = () => screen.queryByRole('alertdialog', { name: 'Brak aktywności' });
const countdown = () => screen.getByRole('timer');

describe('IdleLogout', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

  it('shows nothing for 14 minutes, then the dialog with 60 seconds', () => {
    render(<IdleLogout enabled onLogout={jest.fn()} />);
    advance(TIMEOUT_MS - 1);
    expect(dialog()).not.toBeInTheDocument();
    advance(1);
    expect(dialog()).toBeInTheDocument();
    expect(dialog()).toHaveAccessibleDescription('Automatyczne wylogowanie nastąpi za 60 sekund');
    expect(countdown()).toHaveTextContent('Automatyczne wylogowanie nastąpi za 60 sekund');
    expect(screen.getByRole('button', { name: 'Pozostań na stronie' })).toHaveFocus();
  });

  it('counts down in Polish and announces only a few of the seconds', () => {
    render(<IdleLogout enabled onLogout={jest.fn()} />);
    advance(TIMEOUT_MS);
    const live = dialog()!.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent(/^$/);
    advance(30_000);
    expect(countdown()).toHaveTextContent('za 30 sekund');
    expect(live).toHaveTextContent('Automatyczne wylogowanie nastąpi za 30 sekund');
    advance(1000);
    expect(live).toHaveTextContent('za 30 sekund');
    advance(26_000);
    expect(countdown()).toHaveTextContent('za 3 sekundy');
    expect(live).toHaveTextContent('za 5 sekund');
    advance(2000);
    expect(countdown()).toHaveTextContent('za 1 sekundę');
  });

  it('keeps the dialog open on mouse movement in this tab', () => {
    render(<IdleLogout enabled onLogout={jest.fn()} />);
    advance(TIMEOUT_MS);
    fireEvent.mouseMove(window);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    advance(1000);
    expect(countdown()).toHaveTextContent('za 59 sekund');
  });

  it('"Pozostań na stronie" closes the dialog and starts a full idle period again', async () => {
    const onLogout = jest.fn();
    render(<IdleLogout enabled onLogout={onLogout} />);
    advance(TIMEOUT_MS + 20_000);
    await user().click(screen.getByRole('button', { name: 'Pozostań na stronie' }));
    expect(dialog()).not.toBeInTheDocument();
    advance(TIMEOUT_MS - 1000);
    expect(dialog()).not.toBeInTheDocument();
    advance(1000);
    expect(countdown()).toHaveTextContent('za 60 sekund');
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('"Wyloguj" logs out at once and only once', async () => {
    const onLogout = jest.fn();
    render(<IdleLogout enabled onLogout={onLogout} />);
    advance(TIMEOUT_MS);
    await user().click(screen.getByRole('button', { name: 'Wyloguj' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(dialog()).not.toBeInTheDocument();
    advance(TIMEOUT_MS * 2);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out exactly once when the countdown reaches zero', () => {
    const onLogout = jest.fn();
    render(<IdleLogout enabled onLogout={onLogout} />);
    advance(TIMEOUT_MS + 59_999);
    expect(onLogout).not.toHaveBeenCalled();
    advance(1);
    expect(onLogout).toHaveBeenCalledTimes(1);
    advance(TIMEOUT_MS * 2);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('postpones the logout while the user works in another tab', () => {
    const onLogout = jest.fn();
    render(<IdleLogout enabled onLogout={onLogout} />);
    advance(TIMEOUT_MS + 10_000);
    act(() => {
      window.localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
    });
    expect(dialog()).not.toBeInTheDocument();
    advance(TIMEOUT_MS - 1);
    expect(dialog()).not.toBeInTheDocument();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('runs no timer at all while disabled', () => {
    const onLogout = jest.fn();
    render(<IdleLogout enabled={false} onLogout={onLogout} />);
    expect(jest.getTimerCount()).toBe(0);
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
    advance(TIMEOUT_MS * 2);
    expect(dialog()).not.toBeInTheDocument();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('closes the dialog and stops when disabled during the warning', () => {
    const onLogout = jest.fn();
    const { rerender } = render(<IdleLogout enabled onLogout={onLogout} />);
    advance(TIMEOUT_MS);
    rerender(<IdleLogout enabled={false} onLogout={onLogout} />);
    expect(dialog()).not.toBeInTheDocument();
    advance(TIMEOUT_MS * 2);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('stops its timers when unmounted', () => {
    const onLogout = jest.fn();
    const { unmount } = render(<IdleLogout enabled onLogout={onLogout} />);
    advance(1000);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
    advance(TIMEOUT_MS * 2);
    expect(onLogout).not.toHaveBeenCalled();
  });
});
