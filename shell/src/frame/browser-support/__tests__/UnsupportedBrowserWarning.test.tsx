import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  UNSUPPORTED_BROWSER_TEXT,
  UnsupportedBrowserWarning,
  WARNING_DISMISSED_KEY,
} from '../UnsupportedBrowserWarning';

const IE_11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

/** The check waits for an idle moment and loads bowser asynchronously: let both happen. */
async function afterCheck() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(5000);
  });
}

describe('UnsupportedBrowserWarning', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.sessionStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('warns in an unsupported browser', async () => {
    render(<UnsupportedBrowserWarning userAgent={IE_11} />);
    await afterCheck();
    expect(screen.getByText(UNSUPPORTED_BROWSER_TEXT)).toBeInTheDocument();
  });

  it('stays silent in a supported browser', async () => {
    render(<UnsupportedBrowserWarning userAgent={CHROME} />);
    await afterCheck();
    expect(screen.queryByText(UNSUPPORTED_BROWSER_TEXT)).not.toBeInTheDocument();
  });

  it('closes and stays closed for the rest of the tab', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { unmount } = render(<UnsupportedBrowserWarning userAgent={IE_11} />);
    await afterCheck();
    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByText(UNSUPPORTED_BROWSER_TEXT)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(WARNING_DISMISSED_KEY)).toBe('true');

    unmount();
    render(<UnsupportedBrowserWarning userAgent={IE_11} />);
    await afterCheck();
    expect(screen.queryByText(UNSUPPORTED_BROWSER_TEXT)).not.toBeInTheDocument();
  });
});
