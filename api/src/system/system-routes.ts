import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { apiVersion, appConfig, health } from 'shared-ui/schemas';
import type { Config } from '../config';
import { databaseKind } from '../db/database';
import type { Database } from '../db/schema';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get('/api/version', { schema: { tags: ['system'], response: { 200: apiVersion } } }, async () => ({
    version: config.appVersion,
  }));

  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: health, 503: health } } },
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

  app.get('/api/config', { schema: { tags: ['system'], response: { 200: appConfig } } }, async () => {
    const joinable = await db
      .selectFrom('organizations')
      .select('id')
      .where('enable_self_registration', '=', true)
      .limit(1)
      .executeTakeFirst();
    return {
      hasAnyJoinableOrganization: joinable !== undefined,
      // Global terms and scheduled forms arrive with later features; until then neither applies.
      requireGlobalTosAcceptance: false,
      hasSingleScheduledForm: false,
      autoLogoutEnabled: config.autoLogout,
    };
  });

  app.get(
    '/api/docs',
    { schema: { hide: true, response: { 200: z.looseObject({ openapi: z.string() }) } } },
    // Typed as Swagger 2 or OpenAPI 3; it is OpenAPI 3.1 as configured in app.ts.
    async () => app.swagger() as { openapi: string },
  );
};
