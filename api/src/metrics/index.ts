import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { requireOperator } from '../auth/operator-guard';
import { createMetrics, loginOutcome, statusClass, type Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A login door: its answers are counted by outcome in `formularze_login_attempts_total`. */
    loginDoor?: boolean;
  }
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const METRICS_PATH = '/metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

/**
 * Metrics tell an attacker what runs and how busy it is: they are for a scraper on this machine,
 * or anywhere with the operator token (the operator API's guard). A request relayed by a proxy
 * (which then connects from loopback) is not "on this machine".
 */
function requireScraper(request: FastifyRequest, operatorToken: string): void {
  const direct = LOOPBACK.has(request.socket.remoteAddress ?? '');
  const relayed = FORWARDING_HEADERS.some((header) => header in request.headers);
  if (direct && !relayed) return;
  try {
    requireOperator(request, operatorToken);
  } catch {
    // Whatever the reason, the answer says no more than that there is nothing here.
    throw new AppError(404, 'Nie znaleziono', 'not-found');
  }
}

/**
 * Prometheus metrics at `/metrics`: every request's duration by route template and status class,
 * login outcomes, and what the database holds (metrics.ts). Registered first, so its hooks see
 * every route.
 */
export const metricsPlugin = fp<{ db: Kysely<Database>; operatorToken: string }>(
  async (app, { db, operatorToken }) => {
    const metrics = createMetrics(db);
    app.decorate('metrics', metrics);
    app.addHook('onClose', async () => metrics.close());

    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      // Unmatched addresses would give a label per scanned URL: counted as one.
      metrics.requestDuration.observe(
        { method: request.method, route: route ?? 'unmatched', status_class: statusClass(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (request.routeOptions.config?.loginDoor && route) {
        metrics.loginAttempts.inc({ door: route, outcome: loginOutcome(reply.statusCode) });
      }
      done();
    });

    app.get(
      METRICS_PATH,
      { schema: { hide: true }, onRequest: async (request) => requireScraper(request, operatorToken) },
      async (_request, reply) => reply.type(metrics.contentType).send(await metrics.scrape()),
    );
  },
  { name: 'metrics' },
);
