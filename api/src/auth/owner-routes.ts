import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError, loginResponse, ownerCheck, ownerLoginBody } from 'shared-ui/schemas';
import { findActiveUserByEmail, hasRole } from '../accounts/users-repository';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { AUTH_RATE_LIMIT } from '../http/rate-limits';
import { authToken } from './auth-token';
import { verifyPassword } from './passwords';
import { createSession, deleteSession } from './sessions-repository';
import { currentSuperAdmin } from './super-admin-guard';

const OWNER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The one answer to every failed attempt, so that it reveals nothing about which part was wrong. */
const loginFailed = () => new AppError(401, 'Błąd logowania', 'login-failed');

/** The super-admin panel's sign-in ("owner" in the spec's paths). */
export const ownerRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.post(
    '/api/auth/login-owner',
    {
      // The platform's most powerful account: guessing its password is throttled like any login.
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        body: ownerLoginBody,
        response: { 200: loginResponse, 401: apiError },
      },
    },
    async (request) => {
      const user = await findActiveUserByEmail(db, request.body.email);
      const passwordMatches = await verifyPassword(user?.password_hash, request.body.password);
      if (!user || !passwordMatches || !hasRole(user.authorities, 'ROLE_ADMIN')) throw loginFailed();
      const token = await createSession(db, { userId: user.id, kind: 'owner', ttlMs: OWNER_SESSION_TTL_MS });
      request.log.info({ userId: user.id }, 'super-admin signed in');
      return { token };
    },
  );

  app.get(
    '/api/auth/check-owner',
    {
      config: { access: 'super-admin' },
      schema: { tags: ['auth'], response: { 200: ownerCheck, 401: apiError } },
    },
    async (request) => ({ email: currentSuperAdmin(request).email }),
  );

  app.post(
    '/api/auth/logout-owner',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 204: z.undefined() } } },
    async (request, reply) => {
      const token = authToken(request);
      if (token) await deleteSession(db, token);
      return reply.status(204).send();
    },
  );
};
