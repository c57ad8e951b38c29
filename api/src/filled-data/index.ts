import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { filledDataRoutes } from './filled-data-routes';
import { rulesBacktestRoutes } from './rules-backtest-routes';
import type { UploadStorage } from './upload-storage';

/**
 * Filled forms: metadata, saving (once per idempotency key), reading and deleting drafts, and the
 * back-test of a form's draft rules over them.
 */
export const filledDataPlugin: FastifyPluginAsync<{
  db: Kysely<Database>;
  clock: Clock;
  uploads: UploadStorage;
}> = async (app, options) => {
  await app.register(filledDataRoutes, options);
  await app.register(rulesBacktestRoutes, options);
};
export { UploadStorage } from './upload-storage';
