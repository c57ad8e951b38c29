import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { recordAccess } from '../audit/access-audit';
import type { Database } from '../db/schema';
import { authToken } from './auth-token';
import { deleteSession } from './sessions-repository';

/**
 * The three doors' logouts: patients, staff, and the super-admin panel. Each ends the session its
 * token names. A logout takes no body, and whatever body a client sends with it (empty JSON, broken
 * JSON, any content type) is ignored: signing out must never fail and leave the session alive.
 * Public: signing out with an expired or unknown token still succeeds. Ending a session is
 * recorded in the access audit trail; should that fail, the session is still ended.
 */
export const logoutRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Only this plugin's routes: the rest of the API parses bodies as before.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  for (const url of ['/api/auth/logout', '/employees/v1/logout', '/api/auth/logout-owner']) {
    app.post(
      url,
      { config: { access: 'public' }, schema: { tags: ['auth'], response: { 204: z.undefined() } } },
      async (request, reply) => {
        const token = authToken(request);
        const account = token ? await deleteSession(db, token) : undefined;
        if (account) {
          await recordAccess(db, request, {
            operation: 'auth.logout',
            actor: { userId: account.id, role: account.authorities, organizationId: account.organization_id },
          });
        }
        return reply.status(204).send();
      },
    );
  }
};
