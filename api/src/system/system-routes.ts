import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { apiVersion, appConfig, health, readiness } from '@formularze/domain/schemas';
import type { Config } from '../core/config';
import { appConfigFor } from './app-config';
import { databaseKind } from '../db/database';
import type { Database } from '../db/schema';
import { checkReadiness } from './readiness';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/version',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: apiVersion } } },
    async () => ({ version: config.appVersion }),
  );

  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: health, 503: health } } },
    async (request, reply) => {
      const database = databaseKind(config);
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const, database, uptimeSeconds };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'degraded', database, uptimeSeconds });
      }
    },
  );

  // Liveness above; readiness here: a process that is alive may still not be fit to take requests.
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: readiness, 503: readiness } },
    },
    async (_request, reply) => {
      const state = await checkReadiness(db);
      return reply.status(state.status === 'ready' ? 200 : 503).send(state);
    },
  );

  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: appConfig } } },
    async () => appConfigFor(db, config),
  );

  app.get(
    '/api/docs',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: z.looseObject({ openapi: z.string() }) } },
    },
    // Typed as Swagger 2 or OpenAPI 3; it is OpenAPI 3.1 as configured in app.ts.
    async () => app.swagger() as { openapi: string },
  );
};
