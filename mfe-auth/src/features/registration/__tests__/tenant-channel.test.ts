import { openTenantChannel, TENANT_CREATION_TIMEOUT_MESSAGE } from '../api';

/** Just enough of a WebSocket: the test plays the server. */
class FakeSocket extends EventTarget {
  static last: FakeSocket;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
  }
  close() {
    this.closed = true;
  }
  serverSays(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const TOKEN = 'b3Blbi1zZXNhbWUtdG9rZW4tMTIz';

describe('openTenantChannel', () => {
  const realWebSocket = globalThis.WebSocket;
  beforeEach(() => {
    jest.useFakeTimers();
    globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
  });
  afterEach(() => {
    jest.useRealTimers();
    globalThis.WebSocket = realWebSocket;
  });

  it('listens on the channel of its one-time token, never the address, and completes on the message', async () => {
    const channel = openTenantChannel(TOKEN, { origin: 'https://formularze.test' });
    expect(FakeSocket.last.url).toBe(`wss://formularze.test/tenants/v1/ws/registration?token=${TOKEN}`);
    FakeSocket.last.dispatchEvent(new Event('open'));
    await expect(channel.opened).resolves.toBeUndefined();
    FakeSocket.last.serverSays('{"type":"SOMETHING_ELSE"}');
    FakeSocket.last.serverSays('{"type":"TENANT_CREATED","email":"anna@klinika.test"}');
    await expect(channel.created).resolves.toBeUndefined();
    expect(FakeSocket.last.closed).toBe(true);
  });

  it('gives up after 30 seconds without the message', async () => {
    const channel = openTenantChannel(TOKEN, { origin: 'http://localhost:8080' });
    expect(FakeSocket.last.url.startsWith('ws://localhost:8080/')).toBe(true);
    jest.advanceTimersByTime(29_999);
    let settled = false;
    channel.created.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(channel.created).rejects.toThrow(TENANT_CREATION_TIMEOUT_MESSAGE);
    expect(FakeSocket.last.closed).toBe(true);
  });

  it('fails when the connection cannot be opened', async () => {
    const channel = openTenantChannel(TOKEN, { origin: 'http://localhost' });
    FakeSocket.last.dispatchEvent(new Event('error'));
    await expect(channel.opened).rejects.toThrow('nie udało się połączyć z serwerem');
  });
});
