import { EARLY_READ_FRESH_MS, earlyScreenReads, requestScreenReadsEarly } from '../early-screen-reads';

const template = { id: 12, name: 'Ankieta bólu' };

function answerFetch(
  answer: (path: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>,
) {
  const fetchMock = jest.fn((path: string) => answer(path));
  window.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
const answering = (status: number, body: unknown = template) =>
  answerFetch(async () => ({ ok: status < 400, status, json: async () => body }));

beforeEach(() => delete window.formularzeEarlyRequests);
afterEach(() => jest.useRealTimers());

describe('reads the page entry starts for the screen on its address', () => {
  it('asks for the screen’s data once, with the tab’s token, and hands the answer over once', async () => {
    const fetchMock = answering(200);
    requestScreenReadsEarly('/formdata/edit/12/7', 'abc');

    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/form_template/12', '/api/form_data/7']);
    expect(fetchMock).toHaveBeenCalledWith('/api/form_template/12', {
      headers: { Accept: 'application/json', 'x-auth-token': 'abc' },
    });
    await expect(earlyScreenReads.take('/api/form_template/12')).resolves.toEqual({
      status: 200,
      data: template,
    });
    expect(earlyScreenReads.take('/api/form_template/12')).toBeNull();
    expect(earlyScreenReads.take('/api/forms/scheduled/3')).toBeNull();
  });

  it('requests once what the page’s first script has already requested for the address', async () => {
    const fetchMock = answering(200);
    requestScreenReadsEarly('/formdata/add/12', 'abc');
    requestScreenReadsEarly('/formdata/add/12', 'abc');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(earlyScreenReads.take('/api/form_template/12')).resolves.toEqual({
      status: 200,
      data: template,
    });
  });

  it('asks nothing for a tab without a session or a screen without early reads', () => {
    const fetchMock = answering(200);
    requestScreenReadsEarly('/formdata/add/12', null);
    requestScreenReadsEarly('/forms/active', 'abc');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(earlyScreenReads.take('/api/form_template/12')).toBeNull();
  });

  it('a refusal or a lost connection answers null, so the screen asks the API itself', async () => {
    answerFetch(async (path) =>
      path.includes('template')
        ? { ok: false, status: 403, json: async () => ({ code: 'forbidden' }) }
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    requestScreenReadsEarly('/formdata/edit/12/7', 'abc');
    await expect(earlyScreenReads.take('/api/form_template/12')).resolves.toBeNull();
    await expect(earlyScreenReads.take('/api/form_data/7')).resolves.toBeNull();
  });

  it('an answer not taken while fresh is never handed over', () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    answering(200);
    requestScreenReadsEarly('/formdata/add/12', 'abc');
    jest.advanceTimersByTime(EARLY_READ_FRESH_MS + 1);
    expect(earlyScreenReads.take('/api/form_template/12')).toBeNull();
  });
});
