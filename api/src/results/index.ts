import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { adherenceRoutes } from './adherence-routes';
import { personOverviewRoutes } from './person-overview-routes';
import { resultsRoutes } from './results-routes';
import { scoreTrendsRoutes } from './score-trends-routes';

/**
 * Results: the filled forms reviewers read, one person's overview, a scheduled form's adherence, a
 * project's score trends.
 */
export const resultsPlugin: FastifyPluginAsync<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  options,
) => {
  await app.register(resultsRoutes, options);
  await app.register(personOverviewRoutes, options);
  await app.register(adherenceRoutes, options);
  await app.register(scoreTrendsRoutes, options);
};
