import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError } from '@formularze/domain/schemas';
import {
  logsFileName,
  NO_LOGS_MESSAGE,
  OUTBOX_PAGE_SIZE,
  outboxPage,
  outboxQuery,
} from '@formularze/domain/schemas/admin';
import { resolveApiKeyEncryptionKey } from '../core/encryption-key';
import { createTokenCipher } from '../core/token-cipher';
import type { Clock } from '../core/clock';
import { currentSuperAdmin } from '../auth/super-admin-guard';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { recentLogsArchive } from './log-archive';
import { listOutbox } from './outbox-listing-repository';

export interface AdminRoutesOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'logFile' | 'dataDir' | 'apiKeyEncryptionKey'>;
  clock: Clock;
}

/** The super-admin panel's tools: the server's logs and the outbox. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, config, clock }) => {
  // Held messages wait sealed; the operator reads them opened (outbox-listing-repository.ts).
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
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
      listOutbox(db, cipher, {
        status: request.query.status,
        page: request.query.page,
        pageSize: OUTBOX_PAGE_SIZE,
      }),
  );
};
