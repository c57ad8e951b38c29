import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { personsRoutes } from './persons-routes';
import { profileRoutes } from './profile-routes';

/** People of the organization, and each person's own profile. */
export const personsPlugin: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (
  app,
  options,
) => {
  await app.register(personsRoutes, options);
  await app.register(profileRoutes, options);
};
