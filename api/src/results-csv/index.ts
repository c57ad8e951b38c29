import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { adherenceCsvRoutes } from './adherence-csv-routes';
import { resultsCsvRoutes } from './results-csv-routes';

/** Exports as CSV: a form's results, with or without personal data, and the adherence grids. */
export const resultsCsvPlugin: FastifyPluginAsync<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  options,
) => {
  await app.register(resultsCsvRoutes, options);
  await app.register(adherenceCsvRoutes, options);
};
