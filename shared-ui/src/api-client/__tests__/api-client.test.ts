import type { EarlyReadAnswer, EarlyReads } from '@formularze/domain/contract';
import { createApiClient } from '../index';

const sent: Array<{ url: string; token: unknown }> = [];

// The client's HTTP library, answering what it was asked and with which session.
jest.mock('axios', () => ({
  __esModule: true,
  default: {
    create: () => {
      const interceptors: Array<(config: { headers: Map<string, unknown> }) => unknown> = [];
      return {
        interceptors: {
          request: { use: (intercept: (typeof interceptors)[number]) => interceptors.push(intercept) },
        },
        get: async (url: string) => {
          const config = { headers: new Map<string, unknown>() };
          interceptors.forEach((intercept) => intercept(config));
          sent.push({ url, token: config.headers.get('x-auth-token') });
          return { status: 200, data: { from: 'api', url } };
        },
      };
    },
  },
}));

function earlyReadsOf(answers: Record<string, EarlyReadAnswer | null>): EarlyReads {
  const pending = new Map(Object.entries(answers));
  return {
    take(path) {
      if (!pending.has(path)) return null;
      const answer = pending.get(path)!;
      pending.delete(path);
      return Promise.resolve(answer);
    },
  };
}

beforeEach(() => (sent.length = 0));

describe('the API client and the reads the shell started early', () => {
  it('a GET of an early read takes its answer instead of asking again; the next one asks', async () => {
    const client = createApiClient(
      () => 'abc',
      earlyReadsOf({ '/api/form_template/12': { status: 200, data: { id: 12 } } }),
    );
    await expect(client.get('/api/form_template/12')).resolves.toMatchObject({
      status: 200,
      data: { id: 12 },
    });
    expect(sent).toEqual([]);

    await expect(client.get('/api/form_template/12')).resolves.toMatchObject({ data: { from: 'api' } });
    expect(sent).toEqual([{ url: '/api/form_template/12', token: 'abc' }]);
  });

  it('asks the API when the early read failed, and for a request with options of its own', async () => {
    const client = createApiClient(
      () => 'abc',
      earlyReadsOf({ '/api/form_template/12': null, '/api/form_data/7': { status: 200, data: {} } }),
    );
    await expect(client.get('/api/form_template/12')).resolves.toMatchObject({ data: { from: 'api' } });
    await client.get('/api/form_data/7', { params: { draft: 'true' } });
    expect(sent.map(({ url }) => url)).toEqual(['/api/form_template/12', '/api/form_data/7']);
  });
});
