import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { permissionsFor, type PermissionKey, type PersonOrganization } from '@formularze/domain/schemas';
import { effectiveAuthorities, hasAcceptedCurrentTerms } from '../accounts/effective-authorities';
import { findApiKeyOwner } from './api-keys-repository';
import type { Database, SessionKind } from '../db/schema';
import { AppError } from '../core/errors';
import { authToken } from './auth-token';
import type { CallerCache } from './caller-cache';
import { findSession, hashToken } from './sessions-repository';

/** Sessions of the application itself; the super-admin panel's `owner` sessions open only the panel. */
export const APP_SESSION_KINDS = ['patient', 'employee'] as const satisfies readonly SessionKind[];

export interface SignedInPerson {
  userId: number;
  /** Null for the platform administrator. */
  organizationId: number | null;
  /** Effective roles: ROLE_USER_NO_ACCEPTED_TERMS instead of ROLE_USER until the current terms are accepted. */
  authorities: string;
  /** Whether the organization's current terms are accepted (none count as accepted). */
  currentTermsAccepted: boolean;
  sessionKind: (typeof APP_SESSION_KINDS)[number];
  /** How the request signed in: a login session, or an API key (`/profile/api-keys`) of a staff member. */
  credential: 'session' | 'api-key';
  /** From the same table the shell uses (`permissionsFor`). */
  permissions: ReadonlySet<PermissionKey>;
  /** What the person's own page (`GET /api/persons/my`) shows, as read with the caller. */
  profile: CallerProfile;
}

/**
 * The person as `GET /api/persons/my` shows them, resolved with the caller and kept with it: as
 * fresh as the caller's roles (auth/caller-cache.ts forgets both on any write to the person or the
 * organization, in every process).
 */
export interface CallerProfile {
  firstName: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  /** The stored path; `mediaUrl` makes it the address the browser loads. */
  avatarPath: string | null;
  firstLogin: boolean;
  organization: PersonOrganization | null;
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
 * A session's caller is found in one query and kept in `callers` for a few seconds
 * (auth/caller-cache.ts); keys are looked up on every request.
 */
export async function requireSignedInPerson(
  db: Kysely<Database>,
  request: FastifyRequest,
  callers: CallerCache<SignedInPerson>,
): Promise<SignedInPerson> {
  const token = authToken(request);
  if (!token) throw unauthenticated();
  const cacheKey = hashToken(token);
  const cached = callers.get(cacheKey);
  if (cached) return cached;
  const generation = callers.generation;
  const session = await findSession(db, token, APP_SESSION_KINDS);
  if (session) {
    const person = signedInAs(session, 'session', session.currentTermsAccepted);
    callers.remember(cacheKey, person, { generation, ...session });
    return person;
  }
  const apiKey = await findApiKeyOwner(db, token);
  if (!apiKey) throw unauthenticated();
  return signedInAs({ ...apiKey, kind: 'employee' }, 'api-key', await hasAcceptedCurrentTerms(db, apiKey));
}

function signedInAs(
  signedIn: {
    userId: number;
    organizationId: number | null;
    authorities: string;
    kind: string;
    editorsCanManageForms: boolean | null;
    editorsCanManageUsers: boolean | null;
    email: string | null;
    firstName: string | null;
    surname: string | null;
    phone: string | null;
    avatarPath: string | null;
    firstLogin: boolean;
    organizationName: string | null;
  },
  credential: SignedInPerson['credential'],
  currentTermsAccepted: boolean,
): SignedInPerson {
  const authorities = effectiveAuthorities(signedIn.authorities, currentTermsAccepted);
  const organization = {
    editorsCanManageForms: signedIn.editorsCanManageForms ?? false,
    editorsCanManageUsers: signedIn.editorsCanManageUsers ?? false,
  };
  return {
    userId: signedIn.userId,
    organizationId: signedIn.organizationId,
    authorities,
    currentTermsAccepted,
    sessionKind: signedIn.kind === 'patient' ? 'patient' : 'employee',
    credential,
    permissions: permissionsFor({ authorities, organization }),
    profile: {
      firstName: signedIn.firstName,
      surname: signedIn.surname,
      email: signedIn.email,
      phone: signedIn.phone,
      avatarPath: signedIn.avatarPath,
      firstLogin: signedIn.firstLogin,
      organization:
        signedIn.organizationId === null
          ? null
          : { id: signedIn.organizationId, orgName: signedIn.organizationName ?? '', ...organization },
    },
  };
}
