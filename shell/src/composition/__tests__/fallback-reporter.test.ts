import { FALLBACK_EVENTS_URL, reportFallback } from '../fallback-reporter';

const report = { remote: 'mfe-admin', from: '1.1.0+aaaaaaaa', to: '1.0.0+bbbbbbbb' } as const;
const originalFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = originalFetch;
});

describe('fallback reporter', () => {
  it('posts the report as JSON, kept alive when the page is left', () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 204 });
    globalThis.fetch = fetchMock;
    reportFallback(report);
    expect(fetchMock).toHaveBeenCalledWith(FALLBACK_EVENTS_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    });
  });

  it('never lets a failed report reach the page', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
      expect(() => reportFallback(report)).not.toThrow();
      globalThis.fetch = jest.fn(() => {
        throw new TypeError('keepalive body too large');
      });
      expect(() => reportFallback(report)).not.toThrow();
      globalThis.fetch = undefined as unknown as typeof fetch;
      expect(() => reportFallback(report)).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
