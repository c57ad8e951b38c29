import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { personOverviewRoutes } from './person-overview-routes';
import { resultsRoutes } from './results-routes';

/** Results: the filled forms reviewers read, and one person's overview. */
export const resultsPlugin: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, options) => {
  await app.register(resultsRoutes, options);
  await app.register(personOverviewRoutes, options);
};
