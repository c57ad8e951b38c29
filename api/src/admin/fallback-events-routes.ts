import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  FALLBACK_EVENTS_LISTED,
  fallbackEventReport,
  fallbackEvents,
} from '@formularze/domain/schemas/admin';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { AUTH_RATE_LIMIT } from '../core/http/rate-limits';
import { listFallbackEvents, recordFallbackEvent } from './fallback-events-repository';

/**
 * A page reports at most one fallback per remote it loads; a lost report costs nothing, so one
 * address (a whole clinic behind NAT, perhaps) gets few.
 */
export const FALLBACK_REPORT_RATE_LIMIT = { ...AUTH_RATE_LIMIT, max: 10 };

/** Browsers report fallbacks to a last known good version; the super-admin panel lists them. */
export const fallbackEventsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/api/remotes/fallback-events',
    {
      // The shell reports while the failing area may be the login page: nobody is signed in yet.
      config: { access: 'public', rateLimit: FALLBACK_REPORT_RATE_LIMIT },
      schema: {
        tags: ['remotes'],
        body: fallbackEventReport,
        response: { 204: z.undefined(), 400: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      await recordFallbackEvent(db, request.body, request.headers['user-agent'], clock());
      app.metrics.remoteFallbacks.inc({ remote: request.body.remote });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/remotes/fallback-events',
    {
      config: { access: 'super-admin' },
      schema: { tags: ['remotes'], response: { 200: fallbackEvents } },
    },
    async () => listFallbackEvents(db, FALLBACK_EVENTS_LISTED),
  );
};
