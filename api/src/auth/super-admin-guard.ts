import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { AUTH_TOKEN_HEADER } from 'shared-ui/schemas';
import { hasRole } from '../accounts/users-repository';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { findSession } from './sessions-repository';

export interface SuperAdmin {
  userId: number;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a super-admin's session token. */
    requireSuperAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `requireSuperAdmin`. */
    superAdmin: SuperAdmin | null;
  }
}

/** The super-admin let through by `requireSuperAdmin`, for the handlers it guards. */
export function currentSuperAdmin(request: FastifyRequest): SuperAdmin {
  if (!request.superAdmin) throw new Error(`${request.url} is not guarded by requireSuperAdmin`);
  return request.superAdmin;
}

export function authToken(request: FastifyRequest): string | undefined {
  const value = request.headers[AUTH_TOKEN_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * The super-admin panel's guard. The spec calls the super-admin's session "owner" (`login-owner`,
 * `check-owner`), hence the session kind; the role that grants it is ROLE_ADMIN.
 */
export const superAdminGuard = fp<{ db: Kysely<Database> }>(
  async (app, { db }) => {
    app.decorateRequest('superAdmin', null);
    app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
      const token = authToken(request);
      const session = token ? await findSession(db, token, 'owner') : undefined;
      if (!session?.email || !hasRole(session.authorities, 'ROLE_ADMIN')) {
        throw new AppError(401, 'Wymagane zalogowanie do panelu administracyjnego', 'unauthenticated');
      }
      request.superAdmin = { userId: session.userId, email: session.email };
    });
  },
  { name: 'super-admin-guard' },
);
