import type { ApiClient } from 'shared-ui/api-client';
import { aPerson } from 'shared-ui/testing';
import type { CurrentPerson } from '@formularze/domain/schemas';
import { requestSessionEarly, takeEarlySessionRequest } from '../early-session-request';
import { createSessionStore } from '../session-store';

const person = aPerson('ROLE_USER', { id: 7 });

/** The server as `fetch` reaches it before the shell has loaded. */
function answerFetch(status: number, body: unknown = person) {
  const fetchMock = jest.fn(async () => ({ ok: status < 400, status, json: async () => body }));
  window.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const apiAnswering = (answer: () => CurrentPerson) =>
  ({ get: jest.fn(async () => ({ data: answer() })) }) as unknown as ApiClient & { get: jest.Mock };

const sessionWithEarlyRequest = (api: ApiClient) => {
  requestSessionEarly();
  return createSessionStore({ api, earlyRequest: takeEarlySessionRequest() });
};

beforeEach(() => {
  delete window.formularzeEarlyRequests;
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('session check started by the page entry', () => {
  it('sends the stored token once and signs the tab in with the answer', async () => {
    window.sessionStorage.setItem('token', 'abc');
    const fetchMock = answerFetch(200);
    const api = apiAnswering(() => person);
    const session = sessionWithEarlyRequest(api);
    await session.start();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/persons/my', {
      headers: { Accept: 'application/json', 'x-auth-token': 'abc' },
    });
    expect(api.get).not.toHaveBeenCalled();
    expect(session.get()).toMatchObject({ status: 'authenticated', person: { id: 7 } });
    // A later check asks the API again rather than reusing the first answer.
    await session.start();
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it('says whether it asked: the entry preloads the HTTP library only for a signed-in tab', () => {
    answerFetch(200);
    expect(requestSessionEarly()).toBe(false);
    window.sessionStorage.setItem('token', 'abc');
    expect(requestSessionEarly()).toBe(true);
    takeEarlySessionRequest();
  });

  it('asks once for a token the page’s first script has already asked about', () => {
    window.sessionStorage.setItem('token', 'abc');
    const fetchMock = answerFetch(200);
    expect(requestSessionEarly()).toBe(true);
    expect(requestSessionEarly()).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeEarlySessionRequest()).toMatchObject({ token: 'abc' });
  });

  it('asks nothing without a token', async () => {
    const fetchMock = answerFetch(200);
    const session = sessionWithEarlyRequest(apiAnswering(() => person));
    await session.start();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session.get().status).toBe('guest');
  });

  it.each([401, 403])(
    'drops a token the server answers %i to, as a check through the API does',
    async (status) => {
      window.sessionStorage.setItem('token', 'expired');
      window.sessionStorage.setItem('sessionKind', 'employee');
      answerFetch(status, { message: 'Sesja wygasła' });
      const session = sessionWithEarlyRequest(apiAnswering(() => person));
      await session.start();
      expect(session.get().status).toBe('guest');
      expect(window.sessionStorage.getItem('token')).toBeNull();
      expect(window.sessionStorage.getItem('sessionKind')).toBeNull();
    },
  );

  it('reports a failed check and keeps the token for a reload', async () => {
    window.sessionStorage.setItem('token', 'abc');
    answerFetch(500, { message: 'Błąd serwera' });
    const session = sessionWithEarlyRequest(apiAnswering(() => person));
    await expect(session.start()).rejects.toMatchObject({ response: { status: 500 } });
    expect(session.get().status).toBe('checking');
    expect(window.sessionStorage.getItem('token')).toBe('abc');
  });

  it('checks through the API when the token changed after the early request', async () => {
    window.sessionStorage.setItem('token', 'old');
    answerFetch(200);
    requestSessionEarly();
    window.sessionStorage.setItem('token', 'new');
    const api = apiAnswering(() => ({ ...person, id: 8 }));
    const session = createSessionStore({ api, earlyRequest: takeEarlySessionRequest() });
    await session.start();
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(session.get()).toMatchObject({ person: { id: 8 } });
  });
});
