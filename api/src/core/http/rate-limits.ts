import type { RateLimitOptions } from '@fastify/rate-limit';

/** Polish text of every 429: the client waits `retry-after` seconds. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Zbyt wiele prób. Spróbuj ponownie za chwilę.';

/**
 * Thrown by the limiter; the app's error handler answers any 4xx error with its status, message
 * and code as an `apiError` body (the `retry-after` header is already set by the plugin).
 */
class TooManyRequestsError extends Error {
  readonly statusCode = 429;
  readonly code = 'too-many-requests';
  constructor() {
    super(TOO_MANY_REQUESTS_MESSAGE);
    this.name = 'TooManyRequestsError';
  }
}

/**
 * Doors where a caller guesses secrets or makes the server send messages (login, registration,
 * password recovery): at most 20 requests a minute per IP address (IPv6: per /64) and route. Guessing one account's password
 * is stopped sooner by the per-account lockout (auth/lockout.ts); this limit stops one address
 * from trying many accounts or flooding inboxes.
 *
 * With `REDIS_URL` the counters live in Redis, one count for every API process
 * (rate-limit-store.ts); without it, or while Redis is away, in each process's memory, so
 * the effective limit is then this one times the number of processes.
 *
 * Use as a route's `config.rateLimit`; `@fastify/rate-limit` is registered in app.ts with
 * `global: false`, so only routes that ask for it are limited.
 */
export const AUTH_RATE_LIMIT = {
  max: 20,
  timeWindow: 60_000,
  errorResponseBuilder: () => new TooManyRequestsError(),
} satisfies RateLimitOptions;
