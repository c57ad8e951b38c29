import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { hasRole } from '../accounts/users-repository';
import type { Database } from '../db/schema';
import { AppError } from '../core/errors';
import { authToken } from './auth-token';
import { findSession } from './sessions-repository';

export interface SuperAdmin {
  userId: number;
  email: string;
}

/** The super-admin let through by the `super-admin` access check, for the handlers it guards. */
export function currentSuperAdmin(request: FastifyRequest): SuperAdmin {
  if (!request.superAdmin) throw new Error(`${request.url} does not declare access 'super-admin'`);
  return request.superAdmin;
}

/**
 * The super-admin panel's check. The spec calls the super-admin's session "owner" (`login-owner`,
 * `check-owner`), hence the session kind; the role that grants it is ROLE_ADMIN.
 */
export async function requireSuperAdmin(db: Kysely<Database>, request: FastifyRequest): Promise<SuperAdmin> {
  const token = authToken(request);
  const session = token ? await findSession(db, token, ['owner']) : undefined;
  if (!session?.email || !hasRole(session.authorities, 'ROLE_ADMIN')) {
    throw new AppError(401, 'Wymagane zalogowanie do panelu administracyjnego', 'unauthenticated');
  }
  return { userId: session.userId, email: session.email };
}
