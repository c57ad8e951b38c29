import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Database } from '../db/schema';
import { allowedUsersRoutes } from './allowed-users-routes';
import { formsRoutes } from './forms-routes';
import { myFormsRoutes } from './my-forms-routes';

/** Forms: definitions and their status, who fills them, and each person's own forms. */
export const formsPlugin: FastifyPluginAsync<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  options,
) => {
  await app.register(formsRoutes, options);
  await app.register(allowedUsersRoutes, options);
  await app.register(myFormsRoutes, options);
};
