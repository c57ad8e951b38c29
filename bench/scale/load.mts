// One autocannon run, reduced to what the scale-out tables print.
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Network errors and timeouts plus answers other than 2xx. */
  errors: number;
  total: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Headers of each connection in turn (e.g. its own session), added to `headers`. */
  headersPerConnection?: Record<string, string>[];
  connections: number;
  durationS: number;
}

export async function runLoad(options: LoadOptions) {
  const { url, method = 'GET', body, connections, durationS, headersPerConnection = [] } = options;
  const headers = body ? { 'content-type': 'application/json', ...options.headers } : { ...options.headers };
  let nextConnection = 0;
  const result = await autocannon({
    url,
    method,
    headers,
    body,
    connections,
    duration: durationS,
    setupClient(client) {
      const own = headersPerConnection[nextConnection++ % Math.max(headersPerConnection.length, 1)];
      if (own) client.setHeaders({ ...headers, ...own });
    },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  } satisfies LoadResult;
}

/** A short run whose numbers are thrown away: connection pools, JIT and caches settle first. */
export const warmUp = (options: LoadOptions, durationS = Math.min(3, options.durationS)) =>
  runLoad({ ...options, durationS });
