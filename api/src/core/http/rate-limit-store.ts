import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, RateLimitOptions, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type StoreResult = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: StoreResult) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's own stores (CommonJS files it does not export by name): the Redis one counts with
// a Lua script, atomically, whatever the number of processes.
const require = createRequire(import.meta.url);
const RedisStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => FastifyRateLimitStore = require('@fastify/rate-limit/store/RedisStore');
const LocalStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore = require('@fastify/rate-limit/store/LocalStore');

/** Keys of this product in a Redis that may serve others too. */
const KEY_PREFIX = 'formularze:rate-limit:';

/**
 * Counts in Redis, shared by every API process, while Redis answers; in this process's memory
 * meanwhile when it does not, so an outage of Redis never stops the API (each process then limits
 * on its own, as without Redis). Says so once per outage.
 */
class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly outage: { warn(error?: Error): void },
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') {
      this.outage.warn();
      return this.local.incr(key, callback, timeWindow, max);
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.outage.warn(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    return new SharedOrLocalStore(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.outage,
    );
  }
}

/**
 * `@fastify/rate-limit`'s options for counting in Redis at `redisUrl` (`REDIS_URL`), and the
 * connection to close with the app. Commands fail at once while Redis is away (no offline queue),
 * so a request never waits for it; ioredis reconnects in the background.
 */
export function redisRateLimits(
  redisUrl: string,
  logger: FastifyBaseLogger,
): { options: Pick<RateLimitPluginOptions, 'store'>; close(): Promise<void> } {
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let inOutage = false;
  const outage = {
    warn(error?: Error) {
      if (inOutage) return;
      inOutage = true;
      logger.warn(
        { err: error },
        'Redis does not answer: rate limits are counted in each process until it is back',
      );
    },
  };
  redis.on('ready', () => {
    if (inOutage) logger.info('Redis is back: rate limits are shared by every process again');
    inOutage = false;
  });
  // Connection errors are reported through the outage warning, not as unhandled events.
  redis.on('error', () => {});

  const Store = class extends SharedOrLocalStore {
    // The plugin passes its global parameters (typed as an empty interface by its declarations).
    constructor(options: Pick<RateLimitOptions, 'continueExceeding' | 'exponentialBackoff'>) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, KEY_PREFIX),
        new LocalStore(continueExceeding, exponentialBackoff),
        outage,
      );
    }
  };
  return {
    options: { store: Store },
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}
