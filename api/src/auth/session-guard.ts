import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { permissionsFor, type PermissionKey } from 'shared-ui/schemas';
import { resolveEffectiveAuthorities } from '../accounts/effective-authorities';
import { findApiKeyOwner } from '../api-keys/api-keys-repository';
import type { Database, SessionKind } from '../db/schema';
import { AppError } from '../errors';
import { authToken } from './auth-token';
import { findSession } from './sessions-repository';

/** Sessions of the application itself; the super-admin panel's `owner` sessions open only the panel. */
export const APP_SESSION_KINDS = ['patient', 'employee'] as const satisfies readonly SessionKind[];

export interface SignedInPerson {
  userId: number;
  /** Null for the platform administrator. */
  organizationId: number | null;
  /** Effective roles: ROLE_USER_NO_ACCEPTED_TERMS instead of ROLE_USER until the current terms are accepted. */
  authorities: string;
  sessionKind: (typeof APP_SESSION_KINDS)[number];
  /** How the request signed in: a login session, or an API key (`/profile/api-keys`) of a staff member. */
  credential: 'session' | 'api-key';
  /** From the same table the shell uses (`permissionsFor`). */
  permissions: ReadonlySet<PermissionKey>;
}

/** The person a `session` or permission access check let through, for the handlers it guards. */
export function signedInPerson(request: FastifyRequest): SignedInPerson {
  if (!request.person) throw new Error(`${request.url} does not declare a signed-in access`);
  return request.person;
}

export const unauthenticated = () => new AppError(401, 'Wymagane zalogowanie', 'unauthenticated');

/**
 * 401 unless the request carries the token of a live patient or staff session, or a live API key
 * (looked up second: sessions are the common case). A key acts as its owner, with the owner's
 * current roles and organization, like a staff session; a deleted or expired key is a 401.
 */
export async function requireSignedInPerson(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<SignedInPerson> {
  const token = authToken(request);
  if (!token) throw unauthenticated();
  const session = await findSession(db, token, APP_SESSION_KINDS);
  const apiKey = session ? undefined : await findApiKeyOwner(db, token);
  const signedIn = session ?? (apiKey && { ...apiKey, kind: 'employee' as const });
  if (!signedIn) throw unauthenticated();
  const authorities = await resolveEffectiveAuthorities(db, signedIn);
  return {
    userId: signedIn.userId,
    organizationId: signedIn.organizationId,
    authorities,
    sessionKind: signedIn.kind === 'patient' ? 'patient' : 'employee',
    credential: session ? 'session' : 'api-key',
    permissions: permissionsFor({
      authorities,
      organization: {
        editorsCanManageForms: signedIn.editorsCanManageForms ?? false,
        editorsCanManageUsers: signedIn.editorsCanManageUsers ?? false,
      },
    }),
  };
}
