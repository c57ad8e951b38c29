import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { personAccessRoutes } from './person-access-routes';
import { projectsRoutes } from './projects-routes';

/** Projects: groups of forms, their members, and what the person access dialog offers from them. */
export const projectsPlugin: FastifyPluginAsync<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  options,
) => {
  await app.register(projectsRoutes, options);
  await app.register(personAccessRoutes, options);
};
