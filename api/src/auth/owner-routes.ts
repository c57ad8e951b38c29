import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiError, loginResponse, ownerCheck, ownerLoginBody } from '@formularze/domain/schemas';
import type { Config } from '../core/config';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { errorBody } from '../core/http/error-handler';
import { AUTH_RATE_LIMIT } from '../core/http/rate-limits';
import { systemClock, type Clock } from '../core/clock';
import { resolveLoginHashKey } from './lockout';
import { checkLogin, recordLoginOutcome } from './login-check';
import { createSession } from './sessions-repository';
import { currentSuperAdmin } from './super-admin-guard';

const OWNER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The one answer to every failed attempt, so that it reveals nothing about which part was wrong. */
const loginFailed = () => new AppError(401, 'Błąd logowania', 'login-failed');
/** The spec's one message for this door, with the status and code of a temporary block. */
const BLOCKED_BODY = errorBody(423, 'Błąd logowania', { code: 'blocked' });

const OWNER_ROLES = ['ROLE_ADMIN'] as const;

/**
 * The super-admin panel's sign-in ("owner" in the spec's paths). Its failures count against the
 * account together with the staff door's, and a block imposed at either door closes both (lockout.ts).
 */
export const ownerRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir' | 'apiKeyEncryptionKey'>;
  clock?: Clock;
}> = async (app, { db, config, clock = systemClock }) => {
  const loginHashKey = await resolveLoginHashKey(config);
  app.post(
    '/api/auth/login-owner',
    {
      // The platform's most powerful account: guessing its password is throttled like any login.
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT, loginDoor: true },
      schema: {
        tags: ['auth'],
        body: ownerLoginBody,
        response: { 200: loginResponse, 401: apiError, 423: apiError },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await checkLogin(db, {
        login: { email },
        password,
        roles: OWNER_ROLES,
        loginHashKey,
        clock,
      });
      if (!result.ok) await recordLoginOutcome(db, request, result);
      if (!result.ok && result.reason === 'blocked') return reply.status(423).send(BLOCKED_BODY);
      if (!result.ok) throw loginFailed();
      const userId = result.userId;
      const token = await createSession(db, { userId, kind: 'owner', ttlMs: OWNER_SESSION_TTL_MS });
      await recordLoginOutcome(db, request, result);
      request.log.info({ userId }, 'super-admin signed in');
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
};
