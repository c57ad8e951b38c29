import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from 'shared-ui/schemas';
import {
  logsFileName,
  NO_LOGS_MESSAGE,
  OUTBOX_PAGE_SIZE,
  outboxPage,
  outboxQuery,
} from 'shared-ui/schemas/admin';
import type { Clock } from '../auth/clock';
import { currentSuperAdmin } from '../auth/super-admin-guard';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { recentLogsArchive } from './log-archive';
import { listOutbox } from './outbox-listing-repository';

export interface AdminRoutesOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'logFile'>;
  clock: Clock;
}

/** The super-admin panel's tools: the server's logs and the outbox. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, config, clock }) => {
  app.get(
    '/api/admin/logs',
    {
      config: { access: 'super-admin' },
      // No response schema: the body is a gzip stream, which a serializer must not touch.
      schema: { tags: ['admin'] },
    },
    async (request, reply) => {
      const archive = await recentLogsArchive(config.logFile);
      if (!archive) throw new AppError(404, NO_LOGS_MESSAGE, 'no-logs');
      request.log.info({ userId: currentSuperAdmin(request).userId }, 'super-admin downloaded the logs');
      return reply
        .header('Content-Type', 'application/gzip')
        .header('Content-Disposition', `attachment; filename="${logsFileName(clock())}"`)
        .header('Cache-Control', 'no-store')
        .send(archive);
    },
  );

  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'super-admin' },
      schema: { tags: ['admin'], querystring: outboxQuery, response: { 200: outboxPage, 400: apiError } },
    },
    async (request) =>
      listOutbox(db, { status: request.query.status, page: request.query.page, pageSize: OUTBOX_PAGE_SIZE }),
  );
};
