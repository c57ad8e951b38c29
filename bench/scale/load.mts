// One autocannon run, reduced to what the scale-out tables print.
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Network errors and timeouts plus answers other than 2xx. */
  errors: number;
  /** What the errors were, e.g. `3 network errors, 502 ×2`; empty without errors. */
  errorKinds: string;
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
    // nginx closes a client's connection after 1 000 requests (`keepalive_requests`), saying so in
    // the last answer; autocannon ignores that and writes its next request at once, which then
    // fails as a network error (10–30 a 10 s line of `persons/my` behind nginx). A browser opens a
    // new connection; so does each connection here, every 500 requests, before nginx closes it.
    reconnectRate: 500,
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
    errorKinds: errorKinds(result),
    total: result.requests.total,
  } satisfies LoadResult;
}

function errorKinds({ errors, timeouts, statusCodeStats }: Awaited<ReturnType<typeof autocannon>>): string {
  const statuses = Object.entries(statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status} ×${count ?? 0}`);
  return [errors ? `${errors} network errors` : '', timeouts ? `${timeouts} timeouts` : '', ...statuses]
    .filter(Boolean)
    .join(', ');
}

/** A short run whose numbers are thrown away: connection pools, JIT and caches settle first. */
export const warmUp = (options: LoadOptions, durationS = Math.min(3, options.durationS)) =>
  runLoad({ ...options, durationS });
