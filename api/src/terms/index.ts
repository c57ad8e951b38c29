import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { termsManagementRoutes } from './terms-management-routes';
import { termsRoutes } from './terms-routes';

/** The organization's terms: accepting them, and managing the documents. */
export const termsPlugin: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (
  app,
  options,
) => {
  await app.register(termsRoutes, options);
  await app.register(termsManagementRoutes, options);
};
