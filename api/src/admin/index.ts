import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { adminRoutes } from './admin-routes';
import { fallbackEventsRoutes } from './fallback-events-routes';

/** The super-admin panel's API besides the registry's own routes (remotes/registry-routes.ts). */
export const adminPlugin: FastifyPluginAsync<{ db: Kysely<Database>; config: Config; clock: Clock }> = async (
  app,
  { db, config, clock },
) => {
  await app.register(adminRoutes, { db, config, clock });
  await app.register(fallbackEventsRoutes, { db, clock });
};
