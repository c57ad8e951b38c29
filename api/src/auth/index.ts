import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { loginRoutes } from './login-routes';
import { logoutRoutes } from './logout-routes';
import { ownerRoutes } from './owner-routes';
import { recoveryRoutes } from './recovery-routes';

/**
 * Signing in and out: the platform owner's panel login, members' logins, logging out, and
 * recovering access. The guard every route goes through (`access-control.ts`) is registered apart,
 * before any route.
 */
export const authRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config; clock: Clock }> = async (
  app,
  options,
) => {
  await app.register(ownerRoutes, options);
  await app.register(loginRoutes, options);
  await app.register(logoutRoutes, options);
  await app.register(recoveryRoutes, options);
};

export { accessControl } from './access-control';
